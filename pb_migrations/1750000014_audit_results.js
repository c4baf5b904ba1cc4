/// <reference path="../pb_data/types.d.ts" />
// The auditor's verdict uploads. SPEC section 7 has the client send both counts
// as 0; anything else is refused, and the server sets the real counts.
const AUDITOR = "@request.auth.collectionName = 'auditors'";

migrate(
  (app) => {
    const auditors = app.findCollectionByNameOrId('auditors');
    const collection = new Collection({
      type: 'base',
      name: 'audit_results',
      listRule: AUDITOR,
      viewRule: AUDITOR,
      createRule:
        `${AUDITOR} && @request.body.uploadedByUser = @request.auth.id && ` +
        '(@request.body.successfullyProcessedRows:isset = false || @request.body.successfullyProcessedRows = 0) && ' +
        '(@request.body.failedProcessedRows:isset = false || @request.body.failedProcessedRows = 0) && ' +
        '@request.body.failedRowsCsv:isset = false && @request.body.status:isset = false && @request.body.errorMessage:isset = false',
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'filename', type: 'text', required: true, max: 255 },
        { name: 'uploadedByUser', type: 'relation', required: true, collectionId: auditors.id, maxSelect: 1 },
        {
          name: 'file',
          type: 'file',
          required: true,
          maxSelect: 1,
          maxSize: 20 * 1024 * 1024,
          mimeTypes: ['text/csv', 'text/plain'],
          protected: true,
        },
        { name: 'status', type: 'select', maxSelect: 1, values: ['queued', 'processing', 'done', 'failed'] },
        { name: 'errorMessage', type: 'text', max: 1000 },
        { name: 'successfullyProcessedRows', type: 'number', onlyInt: true, min: 0 },
        { name: 'failedProcessedRows', type: 'number', onlyInt: true, min: 0 },
        {
          name: 'failedRowsCsv',
          type: 'file',
          maxSelect: 1,
          maxSize: 20 * 1024 * 1024,
          mimeTypes: ['text/csv', 'text/plain'],
          protected: true,
        },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX `idx_audit_results_created` ON `audit_results` (`created`)'],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('audit_results'));
  },
);
