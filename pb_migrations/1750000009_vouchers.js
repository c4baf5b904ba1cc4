/// <reference path="../pb_data/types.d.ts" />
// Cashback codes. Issued and moved between statuses only by the server
// (DECISIONS §4); a workshop reads its own codes and nothing else.
const OWNER = "user = @request.auth.id && @request.auth.collectionName = 'users'";

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const campaigns = app.findCollectionByNameOrId('campaigns');
    const collection = new Collection({
      type: 'base',
      name: 'vouchers',
      listRule: OWNER,
      viewRule: OWNER,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'code', type: 'text', required: true, max: 50, pattern: '^[A-Z]{2,10}-[A-Z0-9]{4}-[A-Z0-9]{4}$' },
        { name: 'status', type: 'select', required: true, maxSelect: 1, values: ['open', 'audit', 'closed'] },
        { name: 'user', type: 'relation', required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: false },
        { name: 'campaign', type: 'relation', required: true, collectionId: campaigns.id, maxSelect: 1, cascadeDelete: false },
        // The n-th threshold of this campaign that the code pays for; unique per user,
        // so a re-imported sales file can never issue the same code twice.
        { name: 'tier', type: 'number', required: true, onlyInt: true, min: 1 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX `idx_vouchers_code` ON `vouchers` (`code`)',
        'CREATE UNIQUE INDEX `idx_vouchers_user_campaign_tier` ON `vouchers` (`user`, `campaign`, `tier`)',
        'CREATE INDEX `idx_vouchers_user_status` ON `vouchers` (`user`, `status`)',
        'CREATE INDEX `idx_vouchers_created` ON `vouchers` (`created`)',
      ],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('vouchers'));
  },
);
