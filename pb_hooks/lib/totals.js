/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The one writer of sales_totals: each workshop's total per campaign, summed from its
// sales rows, with the distance to the next code (the rulebook's threshold arithmetic;
// user_stats_view reads it). The sum is a read (it does not hold SQLite's single write
// lock); the upsert is one short statement.

/** Workshops summed per statement: each sum is a short read on data.db's writer connection. */
const USERS_PER_READ = 100;
/** Totals written per statement (each a short hold of the write lock). */
const USERS_PER_WRITE = 5000;

/**
 * Recomputes the totals of `userIds` for `campaignId`. The sums are read through data.db's
 * writer connection, a hundred workshops at a time: after a large import they read most of
 * sales_data, and on one of the reader pool's connections that filled another 32 MB page
 * cache (PocketBase's peak memory, docs/performance.md); the writer's cache is warm anyway.
 * @param {CoreApp} app
 * @param {string} campaignId
 * @param {string[]} userIds
 */
function writeTotals(app, campaignId, userIds) {
  if (!userIds || userIds.length === 0) return;
  const sums = [];
  for (let i = 0; i < userIds.length; i += USERS_PER_READ) {
    const part = arrayOf(new DynamicModel({ user: '', total: 0.5 }));
    app
      .nonconcurrentDB()
      .newQuery(
        `SELECT u.value AS user, COALESCE((SELECT ROUND(SUM(d.sales), 2) FROM sales_data d WHERE d.user = u.value AND d.campaign = {:campaign}), 0) AS total
           FROM json_each({:users}) AS u WHERE EXISTS (SELECT 1 FROM users WHERE id = u.value)`,
      )
      .bind({ campaign: campaignId, users: JSON.stringify(userIds.slice(i, i + USERS_PER_READ)) })
      .all(part);
    // Kept as [user, total]: a record apiece for 40,000 workshops cost PocketBase tens of MB.
    for (const r of part) sums.push([r.user, r.total]);
  }
  if (sums.length === 0) return;
  const rules = require(`${__hooks}/vendor/rules.js`);
  const threshold = app.findRecordById('campaigns', campaignId).getFloat('threshold');
  // A statement per USERS_PER_WRITE workshops: 40,000 in one held the write lock for seconds.
  for (let i = 0; i < sums.length; i += USERS_PER_WRITE) {
    app
      .db()
      .newQuery(
        `INSERT INTO sales_totals (id, user, campaign, totalSales, toNextCashback)
         SELECT substr(lower(hex(randomblob(8))), 1, 15), t.value ->> 0, {:campaign}, t.value ->> 1, t.value ->> 2
           FROM json_each({:totals}) AS t WHERE true
         ON CONFLICT (user, campaign) DO UPDATE SET totalSales = excluded.totalSales, toNextCashback = excluded.toNextCashback`,
      )
      .bind({
        campaign: campaignId,
        totals: JSON.stringify(
          sums.slice(i, i + USERS_PER_WRITE).map(([user, total]) => [user, total, rules.toNextCashback(total, threshold)]),
        ),
      })
      .execute();
    require(`${__hooks}/lib/database.js`).yieldToReplication();
  }
}

/**
 * Recomputes one workshop's total (sales rows written through the API by a superuser).
 * @param {CoreApp} app
 * @param {string} userId
 * @param {string} campaignId
 */
function refreshTotal(app, userId, campaignId) {
  writeTotals(app, campaignId, [userId]);
}

module.exports = { writeTotals, refreshTotal };
