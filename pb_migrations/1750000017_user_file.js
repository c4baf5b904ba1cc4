/// <reference path="../pb_data/types.d.ts" />
// User data exports. An administrator creates the record with a filename only;
// the server writes the file and the count.
const ADMIN = "@request.auth.collectionName = 'administrators'";

migrate(
  (app) => {
    const collection = new Collection({
      type: 'base',
      name: 'user_file',
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: `${ADMIN} && @request.body.file:isset = false && @request.body.totalUsers:isset = false`,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'filename', type: 'text', required: true, max: 255, pattern: '^userfile_\\d{4}-\\d{2}-\\d{2}\\.csv$' },
        { name: 'file', type: 'file', maxSelect: 1, maxSize: 200 * 1024 * 1024, mimeTypes: ['text/csv', 'text/plain'], protected: true },
        { name: 'totalUsers', type: 'number', onlyInt: true, min: 0 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX `idx_user_file_created` ON `user_file` (`created`)'],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('user_file'));
  },
);
