/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Monotone counters in portal_counters: one statement reserves `n` numbers and returns the
// last of them, so two callers never get the same one.

/**
 * The next number of counter `name` (reserving `n`, default 1).
 * @param {CoreApp} app
 * @param {string} name
 * @param {number} [n]
 * @returns {number}
 */
function next(app, name, n) {
  const step = n || 1;
  const row = new DynamicModel({ value: 0 });
  app
    .db()
    .newQuery(
      `INSERT INTO portal_counters (id, name, value) VALUES (substr(lower(hex(randomblob(8))), 1, 15), {:name}, {:step})
       ON CONFLICT (name) DO UPDATE SET value = value + {:step} RETURNING value`,
    )
    .bind({ name, step })
    .one(row);
  return row.value;
}

/**
 * True once per calendar minute for `job`: a scheduled job that the scheduler may call more
 * than once in its minute (a shorter tick) does its work once.
 * @param {CoreApp} app
 * @param {string} job
 */
function claimMinute(app, job) {
  const minute = Math.floor(Date.now() / 60000);
  const rows = arrayOf(new DynamicModel({ value: 0 }));
  app
    .db()
    .newQuery(
      `INSERT INTO portal_counters (id, name, value) VALUES (substr(lower(hex(randomblob(8))), 1, 15), {:name}, {:minute})
       ON CONFLICT (name) DO UPDATE SET value = {:minute} WHERE value < {:minute} RETURNING value`,
    )
    .bind({ name: `cron:${job}`, minute })
    .all(rows);
  return rows.length > 0;
}

module.exports = { next, claimMinute };
