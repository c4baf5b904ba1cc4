/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Until when a code can be redeemed (decisions 071 and 072): its campaign's redeem window, or for a
// code a verdict reopened RESUBMIT_DAYS after that verdict when that is later. One SQL expression,
// read by the redemption (lib/submissions.js), the rejection mail (lib/audits.js), the profile page,
// the cashback form's codes and the deletion's count. It requires none of them.

const rules = () => require(`${__hooks}/vendor/rules.js`);

/**
 * SQL: until when code `v` of campaign `c` can be redeemed, as PocketBase stores dates: the end of
 * its campaign's redeem window or, for an open code, RESUBMIT_DAYS after the latest verdict that
 * reopened it when that is later (decision 072). Written once for the redemption, the profile
 * page, the cashback form's codes and the deletion's count.
 */
function redeemUntilSql() {
  return `CASE WHEN v.status = 'open' THEN max(c.redeemEnd, COALESCE((
      SELECT strftime('%Y-%m-%d %H:%M:%fZ', max(a.created), '+${rules().RESUBMIT_DAYS} days')
        FROM submissions s JOIN submission_audits a ON a.submission = s.id
       WHERE s.voucher = v.id AND a.outcome = 'rejected'), '')) ELSE c.redeemEnd END`;
}

/**
 * SQL: code `v` can be redeemed at `{:now}` (decision 071). `until` is redeemUntilSql() by default;
 * a statement that selects that already names its column instead, so it is worked out once a row.
 * @param {string} [until]
 */
function redeemableSql(until = redeemUntilSql()) {
  return `v.status = 'open' AND (${until}) >= {:now}`;
}

/**
 * Until when a code can be redeemed: the moment and its day in German ('30.11.2025'); `app` may be
 * a transaction, whose verdict just stored counts.
 * @param {CoreApp} app
 * @param {string} voucherId
 * @returns {{ at: Date, day: string }}
 */
function redeemUntil(app, voucherId) {
  const clock = require(`${__hooks}/lib/clock.js`);
  const until = String(
    require(`${__hooks}/lib/database.js`).rowOf(
      app,
      `SELECT COALESCE(${redeemUntilSql()}, '') AS until FROM vouchers v JOIN campaigns c ON c.id = v.campaign WHERE v.id = {:id}`,
      { id: voucherId },
      { until: '' },
    ).until,
  );
  const at = clock.parseDate(until);
  return { at, day: until ? rules().germanDate(clock.berlinDay(at).iso) : '' };
}

/**
 * The codes a workshop can redeem now, oldest first (decision 071): its open codes whose time to
 * redeem has not ended on the campaign clock. A code of a closed campaign stays open in the
 * database; the cashback form offers only these, and the redemption still judges the code it is
 * given.
 * @param {CoreApp} app
 * @param {string} userId
 * @returns {string[]}
 */
function redeemableCodes(app, userId) {
  const now = require(`${__hooks}/lib/clock.js`).now().toISOString().replace('T', ' ');
  return require(`${__hooks}/lib/database.js`)
    .rowsOf(
      app,
      `SELECT v.code AS code FROM vouchers v JOIN campaigns c ON c.id = v.campaign
        WHERE v.user = {:user} AND ${redeemableSql()}
        ORDER BY v.created, v.id`,
      { user: userId, now },
      { code: '' },
    )
    .map((row) => String(row.code));
}

module.exports = { redeemableCodes, redeemableSql, redeemUntil, redeemUntilSql };
