/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Audit round trip (pb_hooks/lib/audits.js): the audit file on request and daily, and the
// auditors' answers to held rows of their verdict uploads (received in staff-uploads.pb.js). Handlers run in their own JS runtimes and see nothing declared
// beside them in this file: all logic is required from lib/.

// An audit file on request: the record and its staff-log entry commit together, then the server writes it.
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/staff-log.js`).createLogged(e, () => ({ action: 'audit_file.create' }));
  require(`${__hooks}/lib/audits.js`).writeAuditFile(e.app, e.app.findRecordById('submission_audit_files', e.record.id));
}, 'submission_audit_files');

cronAdd('audit-file', require(`${__hooks}/lib/nightly.js`).at('audit-file'), () => {
  require(`${__hooks}/lib/audits.js`).writeDailyAuditFile($app);
});

// An auditor confirms or drops one held row of an uploaded audit file (issue 58): rows that would
// decide a submission with review signals wait for this (lib/audits.js answerHeld).
routerAdd(
  'POST',
  '/api/portal/audit-results/{id}/held/{submission}',
  (e) => {
    const body = e.requestInfo().body || {};
    if (body.apply !== true && body.apply !== false)
      throw new BadRequestError(require(`${__hooks}/vendor/rules.js`).MESSAGES.heldAnswerRequired);
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
