/// <reference path="../pb_data/types.d.ts" />
// Sales uploads: who may upload, who uploaded, and the import itself (pb_hooks/lib/sales-import.js).

// The create rule admits administrators and auditors only; PocketBase checks it before this hook.
onRecordCreateRequest((e) => {
  const role = e.auth ? e.auth.collection().name : '';
  // The uploader is the caller, stored by role; whatever the client sent is replaced.
  e.record.set('adminUploaded', role === 'administrators' ? e.auth.id : '');
  e.record.set('auditorUploaded', role === 'auditors' ? e.auth.id : '');
  e.record.set('status', 'queued');
  e.record.set('progress', 0);
  e.next();

  const importer = require(`${__hooks}/lib/sales-import.js`);
  try {
    importer.importSalesFile(e.app, e.record);
  } catch (err) {
    if (err && err.importCommitted) {
      // The rows are in; only the codes failed. They are issued with the next import.
      e.app.logger().error('voucher issuance after import failed', 'file', e.record.id, 'error', String(err.cause || err));
      return;
    }
    e.app.logger().error('sales import failed', 'file', e.record.id, 'error', String(err));
    const current = e.app.findRecordById('sales_data_files', e.record.id);
    if (current.getString('status') === 'merging' || current.getString('status') === 'done') return; // the next start finishes it
    e.app.db().newQuery('DELETE FROM sales_import_rows WHERE file = {:file}').bind({ file: e.record.id }).execute();
    current.set('status', 'failed');
    current.set('errorMessage', 'Beim Import ist ein Fehler aufgetreten. Es wurden keine Zeilen übernommen.');
    e.app.saveNoValidate(current);
  }
}, 'sales_data_files');

// An import that never finished (crash, restart) is marked failed; its staged rows go.
onBootstrap((e) => {
  e.next();
  try {
    e.app.findCollectionByNameOrId('sales_import_rows');
  } catch (_) {
    return; // CLI commands bootstrap before the migrations have run
  }
  require(`${__hooks}/lib/sales-import.js`).failInterrupted(e.app);
});

// Sales rows written through the API (superuser only, e.g. the demo data) keep the totals right too.
onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/totals.js`).refreshTotal(e.app, e.record.getString('user'), e.record.getString('campaign'));
  e.next();
}, 'sales_data');
onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/totals.js`).refreshTotal(e.app, e.record.getString('user'), e.record.getString('campaign'));
  e.next();
}, 'sales_data');
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/totals.js`).refreshTotal(e.app, e.record.getString('user'), e.record.getString('campaign'));
  e.next();
}, 'sales_data');
