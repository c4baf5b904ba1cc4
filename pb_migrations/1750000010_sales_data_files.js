/// <reference path="../pb_data/types.d.ts" />
// Uploaded weekly sales CSVs. Administrators and auditors upload (SPEC section 6);
// the uploader field must name the caller, and counts, progress, status and the
// failed-rows file are written by the server only.
const STAFF = "(@request.auth.collectionName = 'administrators' || @request.auth.collectionName = 'auditors')";
const SERVER_ONLY = [
  'successfullyProcessedRows',
  'unchangedDataCount',
  'updatedDataCount',
  'newDataCount',
  'failedProcessedRows',
  'failedRowsCsv',
  'status',
  'progress',
  'errorMessage',
]
  .map((f) => `@request.body.${f}:isset = false`)
  .join(' && ');
const UPLOADER =
  "((@request.auth.collectionName = 'administrators' && (@request.body.adminUploaded:isset = false || @request.body.adminUploaded = @request.auth.id) && @request.body.auditorUploaded:isset = false) || " +
  "(@request.auth.collectionName = 'auditors' && (@request.body.auditorUploaded:isset = false || @request.body.auditorUploaded = @request.auth.id) && @request.body.adminUploaded:isset = false))";

migrate(
  (app) => {
    const administrators = app.findCollectionByNameOrId('administrators');
    const auditors = app.findCollectionByNameOrId('auditors');
    const collection = new Collection({
      type: 'base',
      name: 'sales_data_files',
      listRule: STAFF,
      viewRule: STAFF,
      createRule: `${UPLOADER} && ${SERVER_ONLY}`,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'filename', type: 'text', required: true, max: 255 },
        {
          name: 'file',
          type: 'file',
          required: true,
          maxSelect: 1,
          maxSize: 200 * 1024 * 1024,
          mimeTypes: ['text/csv', 'text/plain'],
          protected: true,
        },
        { name: 'adminUploaded', type: 'relation', collectionId: administrators.id, maxSelect: 1 },
        { name: 'auditorUploaded', type: 'relation', collectionId: auditors.id, maxSelect: 1 },
        { name: 'status', type: 'select', maxSelect: 1, values: ['queued', 'processing', 'done', 'failed'] },
        { name: 'progress', type: 'number', min: 0, max: 100 },
        { name: 'errorMessage', type: 'text', max: 1000 },
        { name: 'successfullyProcessedRows', type: 'number', onlyInt: true, min: 0 },
        { name: 'unchangedDataCount', type: 'number', onlyInt: true, min: 0 },
        { name: 'updatedDataCount', type: 'number', onlyInt: true, min: 0 },
        { name: 'newDataCount', type: 'number', onlyInt: true, min: 0 },
        { name: 'failedProcessedRows', type: 'number', onlyInt: true, min: 0 },
        {
          name: 'failedRowsCsv',
          type: 'file',
          maxSelect: 1,
          maxSize: 200 * 1024 * 1024,
          mimeTypes: ['text/csv', 'text/plain'],
          protected: true,
        },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX `idx_sales_data_files_created` ON `sales_data_files` (`created`)'],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('sales_data_files'));
  },
);
