/// <reference path="../../pb_data/types.d.ts" />

/** Recomputes one workshop's total for one campaign from its sales rows. */
function refreshTotal(app, userId, campaignId) {
  app
    .db()
    .newQuery(
      `INSERT INTO sales_totals (id, user, campaign, totalSales)
       SELECT substr(lower(hex(randomblob(8))), 1, 15), {:user}, {:campaign},
              COALESCE((SELECT ROUND(SUM(sales), 2) FROM sales_data WHERE user = {:user} AND campaign = {:campaign}), 0)
        WHERE EXISTS (SELECT 1 FROM users WHERE id = {:user})
       ON CONFLICT (user, campaign) DO UPDATE SET totalSales = excluded.totalSales`,
    )
    .bind({ user: userId, campaign: campaignId })
    .execute();
}

module.exports = { refreshTotal };
