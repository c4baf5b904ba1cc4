/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Everything the workshop's profile page shows, in one answer (issue 21, decision record
// 019): the profile with its centres in the order the workshop linked them, the totals of
// the active campaign, the newest 100 codes with the date a code's payout was paid and the end
// of their campaign's redeem window, the campaign clock, and the
// payouts the bank returned. One statement on the workshop's own rows; SQLite writes the
// JSON (json_object, json_group_array), so no row passes through the JS runtime, which was
// most of a page's CPU time (docs/performance.md).

/** @type {HookModules['campaign-records']['labelSql']} */
const labelSql = (c) => require(`${__hooks}/lib/campaign-records.js`).labelSql(c);
const redeemWindow = () => require(`${__hooks}/lib/redeem-window.js`);
const VOUCHERS_SHOWN = 100;
const SUBMISSIONS_SHOWN = 100;

// 'DE89 **** **** 3000': the rulebook's maskIban (src/rules/mask.ts) written in SQL, so
// the full IBAN never leaves the server in this answer; tests/api/profile-page.test.ts
// compares both.
const MASKED_IBAN = `CASE WHEN length(s.ibanNumber) > 8 THEN substr(s.ibanNumber, 1, 4) || ' **** **** ' || substr(s.ibanNumber, -4) ELSE s.ibanNumber END`;

/**
 * The statement for a workshop's page; the account fields come from the rulebook.
 * @param {readonly string[]} fields
 */
function pageSql(fields) {
  const account = fields.map((f) => `'${f}', u.${f}`).join(', ');
  return `
SELECT json_object(
  'profile', json_object(
    'id', u.id, 'email', u.email, 'verified', json(CASE WHEN u.verified THEN 'true' ELSE 'false' END), ${account},
    'connections', json((
      SELECT json_group_array(json_object('id', c.id, 'noraLz', c.noraLz, 'customerNumber', c.customerNumber, 'partnerName', COALESCE(n.partnerName, '')))
        FROM (SELECT j.key AS k, j.value AS v FROM json_each(CASE WHEN json_valid(u.noraLZConnections) THEN u.noraLZConnections ELSE '[]' END) j ORDER BY j.key) l
        JOIN user_lz_connections c ON c.id = l.v
        LEFT JOIN nora_lz n ON n.id = c.noraLz))),
  -- The active campaign's totals as user_stats_view computes them (its query in
  -- pb_migrations/1750000027_totals_next_cashback.js), read here directly: through the view
  -- they cost a quarter of the page's CPU time (docs/performance.md); a test compares both.
  'stats', json((
    SELECT json_object(
             'totalSales', CAST(ROUND(COALESCE(t.totalSales, 0), 2) AS REAL),
             'totalCashback', CAST((SELECT COUNT(*) FROM vouchers v WHERE v.user = u.id AND v.campaign = c.id) * c.reward AS REAL),
             'toNextCashback', CAST(COALESCE(t.toNextCashback, c.threshold) AS REAL))
      FROM campaigns c LEFT JOIN sales_totals t ON t.user = u.id AND t.campaign = c.id
     WHERE c.id = (SELECT id FROM campaigns WHERE active = TRUE ORDER BY year DESC LIMIT 1))),
  -- Every campaign the workshop has sales or codes in, newest first, each with its label
  -- (issue 60: campaigns side by side); the one in force is 'active'.
  'campaignStats', json((
    SELECT json_group_array(json_object('campaign', c.id, 'label', c.label, 'active', json(CASE WHEN c.active THEN 'true' ELSE 'false' END),
             'totalSales', CAST(ROUND(COALESCE(t.totalSales, 0), 2) AS REAL),
             'totalCashback', CAST((SELECT COUNT(*) FROM vouchers v WHERE v.user = u.id AND v.campaign = c.id) * c.reward AS REAL),
             'toNextCashback', CAST(COALESCE(t.toNextCashback, c.threshold) AS REAL)))
      FROM (SELECT c.*, ${labelSql('c')} AS label FROM campaigns c ORDER BY c.campaignStart DESC) c
      LEFT JOIN sales_totals t ON t.user = u.id AND t.campaign = c.id
     WHERE c.status = 'released'
       AND (t.user IS NOT NULL OR EXISTS (SELECT 1 FROM vouchers v WHERE v.user = u.id AND v.campaign = c.id)))),
  'vouchers', json((
    SELECT json_group_array(json_object('id', v.id, 'code', v.code, 'status', v.status, 'created', v.created,
             'campaignLabel', v.campaignLabel, 'paidOn', v.paidOn, 'redeemEnd', v.redeemEnd,
             'redeemable', json(CASE WHEN ${redeemWindow().redeemableSql('v.redeemEnd')} THEN 'true' ELSE 'false' END)))
      FROM (SELECT v.id, v.code, v.status, v.created, COALESCE(${labelSql('c')}, '-') AS campaignLabel,
                   COALESCE(${redeemWindow().redeemUntilSql()}, '') AS redeemEnd,
                   (SELECT p.paidOn FROM payouts p WHERE p.user = v.user AND p.voucher = v.id AND p.status = 'paid' AND p.paidOn != '' LIMIT 1) AS paidOn
              FROM vouchers v LEFT JOIN campaigns c ON c.id = v.campaign
             WHERE v.user = u.id
             ORDER BY v.created DESC, v.id DESC
             LIMIT ${VOUCHERS_SHOWN}) v)),
  -- 'Meine Einreichungen' (issue 35): state, masked IBAN, the invoice's file name (opened with
  -- a file token), the note of the newest verdict and the payout's state. No review field.
  'submissions', json((
    SELECT json_group_array(json_object('id', s.id, 'created', s.created, 'code', s.code, 'status', s.status,
             'accountHolder', s.accountHolder, 'iban', s.iban, 'file', s.file, 'note', s.note,
             'payoutStatus', s.payoutStatus, 'paidOn', s.paidOn))
      FROM (SELECT s.id, s.created, COALESCE(v.code, '') AS code, s.status, s.file,
                   s.ibanFirstName || ' ' || s.ibanLastName AS accountHolder, ${MASKED_IBAN} AS iban,
                   COALESCE((SELECT a.note FROM submission_audits a WHERE a.submission = s.id ORDER BY a.created DESC, a.id DESC LIMIT 1), '') AS note,
                   COALESCE(p.status, '') AS payoutStatus, COALESCE(p.paidOn, '') AS paidOn
              FROM submissions s
              LEFT JOIN vouchers v ON v.id = s.voucher
              LEFT JOIN payouts p ON p.submission = s.id
             WHERE s.user = u.id
             ORDER BY s.created DESC, s.id DESC
             LIMIT ${SUBMISSIONS_SHOWN}) s)),
  'returned', json((
    SELECT json_group_array(json_object('id', p.id, 'endToEndId', p.endToEndId, 'returnReason', p.returnReason, 'iban', p.iban,
             'accountHolder', p.accountHolder))
      FROM (SELECT * FROM payouts WHERE user = u.id AND status = 'returned' ORDER BY created) p)),
  -- The campaign clock (decision 035): how many days an open code has left (issue 58).
  'campaignNow', {:now}
) AS page, u.tokenKey AS tokenKey
FROM users u WHERE u.id = {:id}`;
}

// One prepared statement per JS runtime (a runtime answers one request at a time): the
// statement is long, and preparing it on every request cost more than running it.
/** @type {dbx.Query | null} */
let prepared = null;

/**
 * The page and the token key of a workshop, or null when it does not exist (any more).
 * @param {CoreApp} app
 * @param {string} userId
 */
function pageRow(app, userId) {
  if (!prepared) {
    const sql = pageSql(require(`${__hooks}/vendor/rules-light.js`).WORKSHOP_FIELDS);
    prepared = app.db().newQuery(sql).prepare();
  }
  const row = new DynamicModel({ page: '', tokenKey: '' });
  try {
    prepared.bind({ id: userId, now: require(`${__hooks}/lib/clock.js`).now().toISOString().replace('T', ' ') }).one(row);
  } catch (_) {
    // No such workshop (any more), or a statement the database no longer knows: the next
    // request prepares it again.
    try {
      prepared.close();
    } catch (_) {
      // already unusable
    }
    prepared = null;
    return null;
  }
  return row;
}

/**
 * The page as JSON text for a workshop PocketBase has authenticated, or '' when it no longer exists.
 * @param {CoreApp} app
 * @param {string} userId
 */
function profilePage(app, userId) {
  const row = pageRow(app, userId);
  return row ? row.page : '';
}

/**
 * The page for the workshop whose auth token the SPA sent in PAGE_TOKEN_HEADER (decision 047),
 * or null when the token is not one PocketBase would accept. Checked as PocketBase 0.38.2
 * checks a token (core.FindAuthRecordByToken): a token of type 'auth' for the users collection,
 * not expired, signed (HS256 only) with the workshop's token key and the collection's secret.
 * The token key comes from the page's own statement, so a page costs one statement; PocketBase's
 * check reads the whole user record first.
 * @param {CoreApp} app
 * @param {string} token
 */
function profilePageForToken(app, token) {
  let claims;
  try {
    claims = $security.parseUnverifiedJWT(token);
  } catch (_) {
    return null;
  }
  const users = app.findCachedCollectionByNameOrId('users');
  if (claims.type !== 'auth' || claims.collectionId !== users.id || typeof claims.id !== 'string' || claims.id === '') return null;
  const row = pageRow(app, claims.id);
  if (!row || !row.tokenKey) return null;
  try {
    $security.parseJWT(token, row.tokenKey + users.authToken.secret);
  } catch (_) {
    return null;
  }
  return row.page;
}

module.exports = { profilePage, profilePageForToken };
