/// <reference path="../../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The 8-week promise (SPEC section 1): how long each submission not yet paid has waited.

const { now } = require(`${__hooks}/lib/payouts/common.js`);

/**
 * The 8-week promise (SPEC section 1): every submission not yet paid, oldest first, with
 * its age in days since it was submitted and where its money stands.
 * @param {CoreApp} app
 */
function promise(app) {
  const rows = arrayOf(
    new DynamicModel({ submission: '', submitted: '', status: '', code: '', shopName: '', email: '', payoutStatus: '', days: 0 }),
  );
  app
    .db()
    .newQuery(
      `SELECT s.id AS submission, s.created AS submitted, s.status AS status, v.code AS code, u.shopName AS shopName, u.email AS email,
              COALESCE(p.status, '') AS payoutStatus,
              CAST(julianday({:now}) - julianday(s.created) AS INTEGER) AS days
         FROM submissions s
         JOIN vouchers v ON v.id = s.voucher
         JOIN users u ON u.id = s.user
         LEFT JOIN payouts p ON p.submission = s.id
        WHERE s.status IN ('pending', 'passed') AND COALESCE(p.status, '') != 'paid'
        ORDER BY s.created, s.id
        LIMIT 500`,
    )
    .bind({ now: now() })
    .all(rows);
  return rows.map((r) => ({
    submission: r.submission,
    submitted: r.submitted,
    status: r.status,
    code: r.code,
    shopName: r.shopName,
    email: r.email,
    payoutStatus: r.payoutStatus,
    days: r.days,
    level: r.days > 56 ? 'red' : r.days > 42 ? 'amber' : 'ok',
  }));
}

module.exports = { promise };
