/// <reference path="../pb_data/types.d.ts" />
// Issue 16: one home for the threshold arithmetic. The one writer of sales_totals
// (pb_hooks/lib/totals.js) stores the distance to the next code, computed by the rulebook
// (src/rules); user_stats_view reads it instead of computing it again in SQL.
const VIEW_QUERY = `
SELECT
  u.id AS id,
  c.id AS campaign,
  CAST(ROUND(COALESCE(t.totalSales, 0), 2) AS REAL) AS totalSales,
  CAST((SELECT COUNT(*) FROM vouchers v WHERE v.user = u.id AND v.campaign = c.id) * c.reward AS REAL) AS totalCashback,
  CAST(COALESCE(t.toNextCashback, c.threshold) AS REAL) AS toNextCashback
FROM users u
JOIN campaigns c ON c.id = (SELECT id FROM campaigns WHERE active = TRUE ORDER BY year DESC LIMIT 1)
LEFT JOIN sales_totals t ON t.user = u.id AND t.campaign = c.id
`;

const PREVIOUS_QUERY = `
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

migrate(
  (app) => {
    const totals = app.findCollectionByNameOrId('sales_totals');
    totals.fields.add(new NumberField({ name: 'toNextCashback' }));
    app.save(totals);
    // Existing rows get their distance from the rulebook (when the hooks are there to lend it).
    let rules = null;
    try {
      rules = require(`${__hooks}/vendor/rules.js`);
    } catch (_) {
      rules = null;
    }
    if (rules) {
      for (const campaign of app.findRecordsByFilter('campaigns', '', '', 0, 0)) {
        const threshold = campaign.getFloat('threshold');
        for (const row of app.findRecordsByFilter('sales_totals', 'campaign = {:c}', '', 0, 0, { c: campaign.id })) {
          row.set('toNextCashback', rules.toNextCashback(row.getFloat('totalSales'), threshold));
          app.saveNoValidate(row);
        }
      }
    }
    const view = app.findCollectionByNameOrId('user_stats_view');
    view.viewQuery = VIEW_QUERY;
    app.save(view);
  },
  (app) => {
    const view = app.findCollectionByNameOrId('user_stats_view');
    view.viewQuery = PREVIOUS_QUERY;
    app.save(view);
    const totals = app.findCollectionByNameOrId('sales_totals');
    totals.fields.removeByName('toNextCashback');
    app.save(totals);
  },
);
