/// <reference path="../pb_data/types.d.ts" />
// Business partner number uploads (administrators only). Counts, status and the
// failed-rows file are the server's.
const ADMIN = "@request.auth.collectionName = 'administrators'";
const SERVER_ONLY = ['successfullyProcessedRows', 'failedProcessedRows', 'failedRowsCsv', 'status', 'progress', 'errorMessage']
  .map((f) => `@request.body.${f}:isset = false`)
  .join(' && ');

migrate(
  (app) => {
    const administrators = app.findCollectionByNameOrId('administrators');
    const collection = new Collection({
      type: 'base',
      name: 'business_partner_number_files',
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: `${ADMIN} && @request.body.uploadedByUser = @request.auth.id && ${SERVER_ONLY}`,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'filename', type: 'text', required: true, max: 255 },
        { name: 'uploadedByUser', type: 'relation', required: true, collectionId: administrators.id, maxSelect: 1 },
        {
          name: 'file',
          type: 'file',
          required: true,
          maxSelect: 1,
          maxSize: 50 * 1024 * 1024,
          mimeTypes: ['text/csv', 'text/plain'],
          protected: true,
        },
        { name: 'status', type: 'select', maxSelect: 1, values: ['queued', 'processing', 'done', 'failed'] },
        { name: 'progress', type: 'number', min: 0, max: 100 },
        { name: 'errorMessage', type: 'text', max: 1000 },
        { name: 'successfullyProcessedRows', type: 'number', onlyInt: true, min: 0 },
        { name: 'failedProcessedRows', type: 'number', onlyInt: true, min: 0 },
        {
          name: 'failedRowsCsv',
          type: 'file',
          maxSelect: 1,
          maxSize: 50 * 1024 * 1024,
          mimeTypes: ['text/csv', 'text/plain'],
          protected: true,
        },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX `idx_business_partner_number_files_created` ON `business_partner_number_files` (`created`)'],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('business_partner_number_files'));
  },
);
