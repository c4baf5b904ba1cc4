/// <reference path="../pb_data/types.d.ts" />
// Per-workshop totals of the active campaign (DECISIONS §4 "Totals"). A view:
// each workshop reads only its own row.
const QUERY = `
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
    const collection = new Collection({
      type: 'view',
      name: 'user_stats_view',
      listRule: "id = @request.auth.id && @request.auth.collectionName = 'users'",
      viewRule: "id = @request.auth.id && @request.auth.collectionName = 'users'",
      viewQuery: QUERY,
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('user_stats_view'));
  },
);
