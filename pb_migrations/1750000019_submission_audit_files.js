/// <reference path="../pb_data/types.d.ts" />
// Audit files written by the server (daily and on an auditor's request). An
// auditor may ask for a fresh one by creating a record without a file.
const AUDITOR = "@request.auth.collectionName = 'auditors'";

migrate(
  (app) => {
    const collection = new Collection({
      type: 'base',
      name: 'submission_audit_files',
      listRule: AUDITOR,
      viewRule: AUDITOR,
      createRule: `${AUDITOR} && @request.body.file:isset = false && @request.body.totalRows:isset = false`,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'filename', type: 'text', required: true, max: 255 },
        { name: 'file', type: 'file', maxSelect: 1, maxSize: 50 * 1024 * 1024, mimeTypes: ['text/csv', 'text/plain'], protected: true },
        { name: 'totalRows', type: 'number', onlyInt: true, min: 0 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX `idx_submission_audit_files_created` ON `submission_audit_files` (`created`)'],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('submission_audit_files'));
  },
);
