/// <reference path="../pb_data/types.d.ts" />
// The sales import stages its rows in PocketBase's auxiliary database (pb_hooks/lib/
// import-staging.js, decision record 022): the collection that held them in data.db goes.
// Nothing is staged between imports, so nothing is carried over.
migrate(
  (app) => {
    app.delete(app.findCollectionByNameOrId('sales_import_rows'));
  },
  (app) => {
    const files = app.findCollectionByNameOrId('sales_data_files');
    const staging = new Collection({
      type: 'base',
      name: 'sales_import_rows',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'file', type: 'relation', required: true, collectionId: files.id, maxSelect: 1, cascadeDelete: true },
        { name: 'user', type: 'text', required: true },
        { name: 'bnr', type: 'text', required: true },
        { name: 'knr', type: 'text', required: true },
        { name: 'gpnr', type: 'text' },
        { name: 'deliverydate', type: 'text', required: true },
        { name: 'sales', type: 'number' },
        { name: 'line', type: 'number', onlyInt: true, min: 0 },
      ],
      indexes: ['CREATE INDEX `idx_sales_import_rows_file` ON `sales_import_rows` (`file`)'],
    });
    app.save(staging);
  },
);
