/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The three files staff upload (the weekly sales file, business partner numbers, auditors'
// verdicts) are received alike: the sender is named as the uploader, the record starts in its
// first state, its staff-log entry commits with it, then the server processes it. A file a crash
// interrupted is taken up again at the next start, and one whose processing throws is marked
// failed with a German message. What differs is in UPLOADS (decision 067).

/** @typedef {(app: CoreApp, record: core.Record) => void} Process what the server does with an upload */

/**
 * @typedef {object} UploadKind
 * @property {Record<string, string>} uploaderFields the field naming the uploader, by the uploader's collection
 * @property {Record<string, unknown>} start the fields a new upload starts with
 * @property {string} action its staff-log action
 * @property {Process} process may throw; processing an upload twice is safe (see each)
 * @property {(app: CoreApp, id: string) => void} failed what an upload whose processing threw becomes
 * @property {(app: CoreApp) => void} [resume] what the next start does with interrupted uploads;
 *   without it, each one still 'processing' is processed again
 */

/**
 * Marks an upload of `collection` failed with the rulebook's IMPORT_MESSAGES[`messageKey`]
 * (lib/uploads.js failUpload, as a file refused while reading is).
 * @param {string} collection
 * @param {'partnerFailed' | 'auditFailed'} messageKey
 * @returns {UploadKind['failed']}
 */
const markFailed = (collection, messageKey) => (app, id) => {
  require(`${__hooks}/lib/uploads.js`).failUpload(app, collection, id, require(`${__hooks}/vendor/rules.js`).IMPORT_MESSAGES[messageKey]);
};

/** @type {Record<string, UploadKind>} */
const UPLOADS = {
  sales_data_files: {
    uploaderFields: { administrators: 'adminUploaded', auditors: 'auditorUploaded' },
    start: { status: 'queued', progress: 0 },
    action: 'sales_import.upload',
    process: (app, record) => require(`${__hooks}/lib/sales-import.js`).importSalesFile(app, record),
    // Failed only before its commit point; past it the next start finishes it, a held file waits.
    failed: (app, id) => require(`${__hooks}/lib/sales-import.js`).failUnlessCommitted(app, id),
    // Before the commit point an import is failed, past it finished; missing codes are issued.
    resume: (app) => require(`${__hooks}/lib/sales-import.js`).resumeInterrupted(app),
  },
  business_partner_number_files: {
    uploaderFields: { administrators: 'uploadedByUser' },
    start: { status: 'processing' },
    action: 'partner_numbers.upload',
    // Setting a gpnr twice changes nothing.
    process: (app, record) => require(`${__hooks}/lib/partner-numbers.js`).importBusinessPartnerNumbers(app, record),
    failed: markFailed('business_partner_number_files', 'partnerFailed'),
  },
  audit_results: {
    uploaderFields: { auditors: 'uploadedByUser' },
    start: { status: 'processing' },
    action: 'audit_results.upload',
    // Verdicts already applied are recognised and not applied twice (lib/audits.js applyVerdict).
    process: (app, record) => require(`${__hooks}/lib/audits.js`).processAuditResults(app, record, record.getString('uploadedByUser')),
    failed: markFailed('audit_results', 'auditFailed'),
  },
};

/**
 * Processes an upload; whatever it throws is logged and the upload becomes what its kind says.
 * @param {CoreApp} app
 * @param {UploadKind} kind
 * @param {core.Record} record
 */
function processOrFail(app, kind, record) {
  // A file's reading and merging leave SQLite's caches full; the next visitor's read does not need them.
  require(`${__hooks}/lib/database.js`).thenReleaseMemory(app, () => {
    try {
      kind.process(app, record);
    } catch (err) {
      app.logger().error('staff upload failed', 'collection', record.collection().name, 'file', record.id, 'error', String(err));
      kind.failed(app, record.id);
    }
  });
}

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
  processOrFail(e.app, kind, e.record);
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
  for (const [collection, kind] of Object.entries(UPLOADS)) {
    if (kind.resume) kind.resume(app);
    else
      for (const record of app.findRecordsByFilter(collection, "status = 'processing'", 'created', 0, 0)) processOrFail(app, kind, record);
  }
}

module.exports = { receive, resumeAtStart, UPLOAD_COLLECTIONS };
