/// <reference path="../pb_data/types.d.ts" />
// Registration exports written by the server (daily). Both staff roles download them.
const STAFF = "(@request.auth.collectionName = 'administrators' || @request.auth.collectionName = 'auditors')";

migrate(
  (app) => {
    const collection = new Collection({
      type: 'base',
      name: 'workshop_files',
      listRule: STAFF,
      viewRule: STAFF,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'filename', type: 'text', required: true, max: 255 },
        { name: 'file', type: 'file', maxSelect: 1, maxSize: 200 * 1024 * 1024, mimeTypes: ['text/csv', 'text/plain'], protected: true },
        { name: 'totalRows', type: 'number', onlyInt: true, min: 0 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX `idx_workshop_files_created` ON `workshop_files` (`created`)'],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('workshop_files'));
  },
);
