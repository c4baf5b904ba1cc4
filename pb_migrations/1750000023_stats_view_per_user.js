/// <reference path="../pb_data/types.d.ts" />
// The workshop's totals view, rewritten for the profile page's load (issue 8,
// bench:load): the issued-code count is a correlated subquery on the vouchers
// index instead of a GROUP BY over every voucher, so SQLite can flatten the view
// and answer `id = <the caller>` from the users primary key alone.
const VIEW_QUERY = `
SELECT
  u.id AS id,
  c.id AS campaign,
  CAST(ROUND(COALESCE(t.totalSales, 0), 2) AS REAL) AS totalSales,
  CAST((SELECT COUNT(*) FROM vouchers v WHERE v.user = u.id AND v.campaign = c.id) * c.reward AS REAL) AS totalCashback,
  CAST(ROUND(c.threshold - (COALESCE(t.totalSales, 0) - c.threshold * CAST(COALESCE(t.totalSales, 0) / c.threshold AS INTEGER)), 2) AS REAL) AS toNextCashback
FROM users u
JOIN campaigns c ON c.id = (SELECT id FROM campaigns WHERE active = TRUE ORDER BY year DESC LIMIT 1)
LEFT JOIN sales_totals t ON t.user = u.id AND t.campaign = c.id
`;

const PREVIOUS_QUERY = `
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

migrate(
  (app) => {
    const view = app.findCollectionByNameOrId('user_stats_view');
    view.viewQuery = VIEW_QUERY;
    app.save(view);
  },
  (app) => {
    const view = app.findCollectionByNameOrId('user_stats_view');
    view.viewQuery = PREVIOUS_QUERY;
    app.save(view);
  },
);
