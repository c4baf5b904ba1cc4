/// <reference path="../pb_data/types.d.ts" />
// Imported sales rows. No API client reads or writes them: the server imports
// them and derives totals and codes from them.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const campaigns = app.findCollectionByNameOrId('campaigns');
    const files = app.findCollectionByNameOrId('sales_data_files');
    const collection = new Collection({
      type: 'base',
      name: 'sales_data',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'user', type: 'relation', required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
        { name: 'campaign', type: 'relation', required: true, collectionId: campaigns.id, maxSelect: 1 },
        { name: 'bnr', type: 'text', required: true, max: 30 },
        { name: 'knr', type: 'text', required: true, max: 30 },
        { name: 'gpnr', type: 'text', max: 30 },
        { name: 'deliverydate', type: 'text', required: true, pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        // Negative values are credit notes.
        { name: 'sales', type: 'number', required: false },
        { name: 'sourceFile', type: 'relation', collectionId: files.id, maxSelect: 1 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX `idx_sales_data_identity` ON `sales_data` (`user`, `bnr`, `knr`, `gpnr`, `deliverydate`)',
        'CREATE INDEX `idx_sales_data_user_campaign` ON `sales_data` (`user`, `campaign`)',
      ],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('sales_data'));
  },
);
