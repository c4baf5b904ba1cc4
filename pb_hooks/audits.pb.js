/// <reference path="../pb_data/types.d.ts" />
// Audit round trip (pb_hooks/lib/audits.js): the audit file on request and daily, and the
// auditors' verdict uploads.

onRecordCreateRequest((e) => {
  e.next();
  require(`${__hooks}/lib/audits.js`).writeAuditFile(e.app, e.app.findRecordById('submission_audit_files', e.record.id));
}, 'submission_audit_files');

cronAdd('audit-file', '0 3 * * *', () => {
  require(`${__hooks}/lib/audits.js`).writeAuditFile($app, null);
});

onRecordCreateRequest((e) => {
  const auditorId = e.auth && e.auth.collection().name === 'auditors' ? e.auth.id : e.record.getString('uploadedByUser');
  e.record.set('status', 'processing');
  e.next();
  try {
    require(`${__hooks}/lib/audits.js`).processAuditResults(e.app, e.record, auditorId);
  } catch (err) {
    e.app.logger().error('audit result processing failed', 'file', e.record.id, 'error', String(err));
    const current = e.app.findRecordById('audit_results', e.record.id);
    current.set('status', 'failed');
    current.set('errorMessage', 'Beim Verarbeiten der Prüfdatei ist ein Fehler aufgetreten. Es wurden keine Ergebnisse übernommen.');
    e.app.saveNoValidate(current);
  }
}, 'audit_results');
