/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Audit round trip (pb_hooks/lib/audits.js): the audit file on request and daily, and the
// auditors' verdict uploads. Handlers run in their own JS runtimes and see nothing declared
// beside them in this file: all logic is required from lib/.

// An audit file on request: the record and its staff-log entry commit together, then the server writes it.
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/staff-log.js`).createLogged(e, () => ({ action: 'audit_file.create' }));
  require(`${__hooks}/lib/audits.js`).writeAuditFile(e.app, e.app.findRecordById('submission_audit_files', e.record.id));
}, 'submission_audit_files');

cronAdd('audit-file', require(`${__hooks}/lib/nightly.js`).at('audit-file'), () => {
  require(`${__hooks}/lib/audits.js`).writeDailyAuditFile($app);
});

onRecordCreateRequest((e) => {
  if (e.auth && e.auth.collection().name === 'auditors') e.record.set('uploadedByUser', e.auth.id);
  e.record.set('status', 'processing');
  require(`${__hooks}/lib/staff-log.js`).createLogged(e, (r) => ({
    action: 'audit_results.upload',
    after: { filename: r.getString('filename') },
  }));
  require(`${__hooks}/lib/audits.js`).processUpload(e.app, e.record);
}, 'audit_results');

// A verdict file interrupted by a crash runs again: verdicts it applied are recognised and
// not applied twice (pb_hooks/lib/audits.js, applyVerdict).
onBootstrap((e) => {
  e.next();
  try {
    e.app.findCollectionByNameOrId('portal_counters');
  } catch (_) {
    return; // CLI commands bootstrap before the migrations have run
  }
  for (const record of e.app.findRecordsByFilter('audit_results', "status = 'processing'", 'created', 0, 0)) {
    require(`${__hooks}/lib/audits.js`).processUpload(e.app, record);
  }
});

// An auditor confirms or drops one held row of an uploaded audit file (issue 58): rows that would
// decide a submission with review signals wait for this (lib/audits.js answerHeld).
routerAdd(
  'POST',
  '/api/portal/audit-results/{id}/held/{submission}',
  (e) => {
    const body = e.requestInfo().body || {};
    if (body.apply !== true && body.apply !== false)
      throw new BadRequestError(require(`${__hooks}/lib/vendor/rules.js`).MESSAGES.heldAnswerRequired);
    return e.json(
      200,
      require(`${__hooks}/lib/audits.js`).answerHeld(
        e.app,
        require(`${__hooks}/lib/guards.js`).signedIn(e).id,
        e.request.pathValue('id'),
        e.request.pathValue('submission'),
        body.apply,
      ),
    );
  },
  $apis.requireAuth('auditors'),
);
