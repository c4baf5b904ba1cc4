/// <reference path="../pb_data/types.d.ts" />
// Service centres. Public list and view: the wizard searches them before sign-up.
// `bnr` (the centre's main business number) is hidden from every API client.
migrate(
  (app) => {
    const collection = new Collection({
      type: 'base',
      name: 'nora_lz',
      listRule: '',
      viewRule: '',
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'partnerName', type: 'text', required: true, max: 200 },
        { name: 'zipCode', type: 'text', required: true, pattern: '^[0-9]{5}$' },
        { name: 'city', type: 'text', required: true, max: 70 },
        { name: 'bnr', type: 'text', required: true, max: 30, hidden: true },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX `idx_nora_lz_bnr` ON `nora_lz` (`bnr`)',
        'CREATE INDEX `idx_nora_lz_partnerName` ON `nora_lz` (`partnerName`)',
      ],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('nora_lz'));
  },
);
