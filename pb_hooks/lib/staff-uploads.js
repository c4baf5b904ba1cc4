/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The three files staff upload (the weekly sales file, business partner numbers, auditors'
// verdicts) are received alike: the sender is named as the uploader, the record starts in its
// first state, its staff-log entry commits with it, then the server processes it. A file a crash
// interrupted is taken up again at the next start. What differs is in UPLOADS (decision 067).

/** @typedef {(app: CoreApp, record: core.Record) => void} Process what the server does with an upload */

/**
 * @typedef {object} UploadKind
 * @property {Record<string, string>} uploaderFields the field naming the uploader, by the uploader's collection
 * @property {Record<string, unknown>} start the fields a new upload starts with
 * @property {string} action its staff-log action
 * @property {Process} process
 * @property {(app: CoreApp) => void} resume what the next start does with interrupted uploads
 */

/**
 * Takes up again every upload of `collection` still 'processing' (processing twice is safe: see each process).
 * @param {string} collection
 * @param {Process} process
 * @returns {(app: CoreApp) => void}
 */
const processAgain = (collection, process) => (app) => {
  for (const record of app.findRecordsByFilter(collection, "status = 'processing'", 'created', 0, 0)) process(app, record);
};

/** @type {Process} */
const importSales = (app, record) => require(`${__hooks}/lib/sales-import.js`).processUpload(app, record);
/** @type {Process} */
const importPartnerNumbers = (app, record) => require(`${__hooks}/lib/partner-numbers.js`).importPartnerNumberUpload(app, record);
/** @type {Process} */
const applyVerdicts = (app, record) => require(`${__hooks}/lib/audits.js`).processUpload(app, record);

/** @type {Record<string, UploadKind>} */
const UPLOADS = {
  sales_data_files: {
    uploaderFields: { administrators: 'adminUploaded', auditors: 'auditorUploaded' },
    start: { status: 'queued', progress: 0 },
    action: 'sales_import.upload',
    process: importSales,
    // Before the commit point an import is failed, past it finished; missing codes are issued.
    resume: (app) => require(`${__hooks}/lib/sales-import.js`).resumeInterrupted(app),
  },
  business_partner_number_files: {
    uploaderFields: { administrators: 'uploadedByUser' },
    start: { status: 'processing' },
    action: 'partner_numbers.upload',
    process: importPartnerNumbers,
    // Setting a gpnr twice changes nothing.
    resume: processAgain('business_partner_number_files', importPartnerNumbers),
  },
  audit_results: {
    uploaderFields: { auditors: 'uploadedByUser' },
    start: { status: 'processing' },
    action: 'audit_results.upload',
    process: applyVerdicts,
    // Verdicts already applied are recognised and not applied twice (lib/audits.js applyVerdict).
    resume: processAgain('audit_results', applyVerdicts),
  },
};

/** The collections whose records are staff uploads. */
const UPLOAD_COLLECTIONS = Object.keys(UPLOADS);

/**
 * A staff upload's create request (the collection's create rule has admitted the sender): the
 * sender is its uploader whatever the body said (a superuser, the operator's own scripts, keeps
 * what it sent), the record and its staff-log entry commit together, then the file is processed.
 * @param {core.RecordRequestEvent} e
 */
function receive(e) {
  const kind = UPLOADS[e.record.collection().name];
  const role = e.auth ? e.auth.collection().name : '';
  if (role !== '_superusers') {
    for (const [collection, field] of Object.entries(kind.uploaderFields)) {
      e.record.set(field, e.auth && collection === role ? e.auth.id : '');
    }
  }
  for (const [field, value] of Object.entries(kind.start)) e.record.set(field, value);
  require(`${__hooks}/lib/staff-log.js`).createLogged(e, (r) => ({ action: kind.action, after: { filename: r.getString('filename') } }));
  kind.process(e.app, e.record);
}

/**
 * At the start: every kind of upload takes up what a crash interrupted.
 * @param {CoreApp} app
 */
function resumeAtStart(app) {
  try {
    app.findCollectionByNameOrId('portal_counters');
  } catch (_) {
    return; // CLI commands bootstrap before the migrations have run
  }
  for (const kind of Object.values(UPLOADS)) kind.resume(app);
}

module.exports = { receive, resumeAtStart, UPLOAD_COLLECTIONS };
