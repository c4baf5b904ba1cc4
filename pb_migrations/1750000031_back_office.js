/// <reference path="../pb_data/types.d.ts" />
// The back office (issue 19, docs/decisions/016-back-office.md):
// - a workshop can be blocked (it then cannot redeem); only the server sets the flag and its reason;
// - customer numbers are searchable by index; the dashboard's counts read covering indexes;
// - sales_weekly keeps the campaign's sales volume per ISO week for the dashboard (rewritten
//   after every import; no API access).
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.add(new BoolField({ name: 'blocked' }));
    users.fields.add(new TextField({ name: 'blockedReason', max: 1000 }));
    const guard = '@request.body.blocked:isset = false && @request.body.blockedReason:isset = false';
    users.createRule = `${users.createRule} && ${guard}`;
    users.updateRule = `${users.updateRule} && ${guard}`;
    users.addIndex('idx_users_created_verified', false, 'created, verified', '');
    app.save(users);

    // The dashboard counts codes by status (covering).
    const vouchers = app.findCollectionByNameOrId('vouchers');
    vouchers.addIndex('idx_vouchers_campaign_status', false, 'campaign, status', '');
    app.save(vouchers);

    const links = app.findCollectionByNameOrId('user_lz_connections');
    links.addIndex('idx_user_lz_connections_customerNumber', false, 'customerNumber COLLATE NOCASE', '');
    app.save(links);

    const campaigns = app.findCollectionByNameOrId('campaigns');
    const weekly = new Collection({
      type: 'base',
      name: 'sales_weekly',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'campaign', type: 'relation', required: true, collectionId: campaigns.id, maxSelect: 1, cascadeDelete: true },
        { name: 'week', type: 'text', required: true, max: 8 },
        { name: 'total', type: 'number' },
        { name: 'rowCount', type: 'number', onlyInt: true, min: 0 },
      ],
      indexes: ['CREATE UNIQUE INDEX `idx_sales_weekly_campaign_week` ON `sales_weekly` (`campaign`, `week`)'],
    });
    app.save(weekly);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('sales_weekly'));
    const vouchers = app.findCollectionByNameOrId('vouchers');
    vouchers.removeIndex('idx_vouchers_campaign_status');
    app.save(vouchers);
    const links = app.findCollectionByNameOrId('user_lz_connections');
    links.removeIndex('idx_user_lz_connections_customerNumber');
    app.save(links);
    const users = app.findCollectionByNameOrId('users');
    const guard = ' && @request.body.blocked:isset = false && @request.body.blockedReason:isset = false';
    users.createRule = users.createRule.replace(guard, '');
    users.updateRule = users.updateRule.replace(guard, '');
    users.removeIndex('idx_users_created_verified');
    users.fields.removeByName('blocked');
    users.fields.removeByName('blockedReason');
    app.save(users);
  },
);
