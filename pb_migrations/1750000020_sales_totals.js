/// <reference path="../pb_data/types.d.ts" />
// Per-user totals kept up to date by the importer, so user_stats_view reads one row per
// workshop instead of summing millions of sales rows; and the staging table an import
// fills in short transactions before it merges the whole file at once.
const VIEW_QUERY = `
SELECT
  u.id AS id,
  c.id AS campaign,
  CAST(ROUND(COALESCE(t.totalSales, 0), 2) AS REAL) AS totalSales,
  CAST(COALESCE(v.issued, 0) * c.reward AS REAL) AS totalCashback,
  CAST(ROUND(c.threshold - (COALESCE(t.totalSales, 0) - c.threshold * CAST(COALESCE(t.totalSales, 0) / c.threshold AS INTEGER)), 2) AS REAL) AS toNextCashback
FROM users u
JOIN campaigns c ON c.id = (SELECT id FROM campaigns WHERE active = TRUE ORDER BY year DESC LIMIT 1)
LEFT JOIN sales_totals t ON t.user = u.id AND t.campaign = c.id
LEFT JOIN (SELECT user, campaign, COUNT(*) AS issued FROM vouchers GROUP BY user, campaign) v
  ON v.user = u.id AND v.campaign = c.id
`;

const OLD_VIEW_QUERY = `
SELECT
  u.id AS id,
  c.id AS campaign,
  CAST(ROUND(COALESCE(s.total, 0), 2) AS REAL) AS totalSales,
  CAST(COALESCE(v.issued, 0) * c.reward AS REAL) AS totalCashback,
  CAST(ROUND(c.threshold - (COALESCE(s.total, 0) - c.threshold * CAST(COALESCE(s.total, 0) / c.threshold AS INTEGER)), 2) AS REAL) AS toNextCashback
FROM users u
JOIN campaigns c ON c.id = (SELECT id FROM campaigns WHERE active = TRUE ORDER BY year DESC LIMIT 1)
LEFT JOIN (SELECT user, campaign, SUM(sales) AS total FROM sales_data GROUP BY user, campaign) s
  ON s.user = u.id AND s.campaign = c.id
LEFT JOIN (SELECT user, campaign, COUNT(*) AS issued FROM vouchers GROUP BY user, campaign) v
  ON v.user = u.id AND v.campaign = c.id
`;

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const campaigns = app.findCollectionByNameOrId('campaigns');
    const files = app.findCollectionByNameOrId('sales_data_files');

    const totals = new Collection({
      type: 'base',
      name: 'sales_totals',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'user', type: 'relation', required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
        { name: 'campaign', type: 'relation', required: true, collectionId: campaigns.id, maxSelect: 1 },
        { name: 'totalSales', type: 'number' },
      ],
      indexes: ['CREATE UNIQUE INDEX `idx_sales_totals_user_campaign` ON `sales_totals` (`user`, `campaign`)'],
    });
    app.save(totals);

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
      ],
      // No identity index here: the merge's upsert resolves repeated keys, and every index
      // on this write-once table costs import time.
      indexes: ['CREATE INDEX `idx_sales_import_rows_file` ON `sales_import_rows` (`file`)'],
    });
    app.save(staging);

    // Totals of whatever sales exist already.
    app
      .db()
      .newQuery(
        `INSERT INTO sales_totals (id, user, campaign, totalSales)
         SELECT substr(lower(hex(randomblob(8))), 1, 15), user, campaign, ROUND(SUM(sales), 2) FROM sales_data GROUP BY user, campaign`,
      )
      .execute();

    const view = app.findCollectionByNameOrId('user_stats_view');
    view.viewQuery = VIEW_QUERY;
    app.save(view);

    // 'merging': counts are fixed and the file is being applied; a restart finishes it.
    const uploads = app.findCollectionByNameOrId('sales_data_files');
    uploads.fields.getByName('status').values = ['queued', 'processing', 'merging', 'done', 'failed'];
    app.save(uploads);
    const sales = app.findCollectionByNameOrId('sales_data');
    sales.addIndex('idx_sales_data_sourceFile', false, 'sourceFile', '');
    app.save(sales);
  },
  (app) => {
    const sales = app.findCollectionByNameOrId('sales_data');
    sales.removeIndex('idx_sales_data_sourceFile');
    app.save(sales);
    const uploads = app.findCollectionByNameOrId('sales_data_files');
    uploads.fields.getByName('status').values = ['queued', 'processing', 'done', 'failed'];
    app.save(uploads);
    const view = app.findCollectionByNameOrId('user_stats_view');
    view.viewQuery = OLD_VIEW_QUERY;
    app.save(view);
    app.delete(app.findCollectionByNameOrId('sales_import_rows'));
    app.delete(app.findCollectionByNameOrId('sales_totals'));
  },
);
