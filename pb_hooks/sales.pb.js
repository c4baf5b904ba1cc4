/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Sales uploads: who may upload, who uploaded, the import itself and the plausibility gate
// (pb_hooks/lib/sales-import.js).

// The create rule admits administrators and auditors only; PocketBase checks it before this hook.
onRecordCreateRequest((e) => {
  const auth = e.auth;
  const role = auth ? auth.collection().name : '';
  // The uploader is the caller, stored by role; whatever the client sent is replaced.
  e.record.set('adminUploaded', auth && role === 'administrators' ? auth.id : '');
  e.record.set('auditorUploaded', auth && role === 'auditors' ? auth.id : '');
  e.record.set('status', 'queued');
  e.record.set('progress', 0);
  require(`${__hooks}/lib/staff-log.js`).createLogged(e, (r) => ({
    action: 'sales_import.upload',
    after: { filename: r.getString('filename') },
  }));

  const importer = require(`${__hooks}/lib/sales-import.js`);
  try {
    importer.importSalesFile(e.app, e.record);
  } catch (err) {
    e.app.logger().error('sales import failed', 'file', e.record.id, 'error', String(err));
    const current = e.app.findRecordById('sales_data_files', e.record.id);
    const status = current.getString('status');
    // Past the commit point the file is finished by the next start; a held file waits.
    if (status === 'merging' || status === 'issuing' || status === 'done' || status === 'held') return;
    importer.dropStaged(e.app, e.record.id);
    current.set('status', 'failed');
    current.set('errorMessage', importer.FILE_ERRORS.failed);
    e.app.saveNoValidate(current);
  }
}, 'sales_data_files');

// The plausibility gate: an administrator confirms or discards a held import.
routerAdd(
  'POST',
  '/api/portal/sales-imports/{id}/{decision}',
  (e) => {
    const decision = e.request.pathValue('decision');
    if (decision !== 'confirm' && decision !== 'discard') throw new NotFoundError();
    const body = e.requestInfo().body || {};
    const record = require(`${__hooks}/lib/sales-held.js`).decideHeld(
      e.app,
      e.request.pathValue('id'),
      require(`${__hooks}/lib/guards.js`).signedIn(e),
      decision,
      body.selfConfirm === true,
    );
    return e.json(200, record);
  },
  $apis.requireAuth('administrators'),
);

// An import that never finished (crash, restart) is failed or finished; missing codes are issued.
onBootstrap((e) => {
  e.next();
  try {
    e.app.findCollectionByNameOrId('portal_counters');
  } catch (_) {
    return; // CLI commands bootstrap before the migrations have run
  }
  require(`${__hooks}/lib/sales-import.js`).resumeInterrupted(e.app);
});

// Sales rows written through the API (superuser only, e.g. the demo data) keep the totals right too.
onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/totals.js`).refreshTotal(e.app, e.record.getString('user'), e.record.getString('campaign'));
  require(`${__hooks}/lib/dashboard.js`).invalidateSalesWeekly(e.app, e.record.getString('campaign'));
  e.next();
}, 'sales_data');
onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/totals.js`).refreshTotal(e.app, e.record.getString('user'), e.record.getString('campaign'));
  require(`${__hooks}/lib/dashboard.js`).invalidateSalesWeekly(e.app, e.record.getString('campaign'));
  e.next();
}, 'sales_data');
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/totals.js`).refreshTotal(e.app, e.record.getString('user'), e.record.getString('campaign'));
  require(`${__hooks}/lib/dashboard.js`).invalidateSalesWeekly(e.app, e.record.getString('campaign'));
  e.next();
}, 'sales_data');
