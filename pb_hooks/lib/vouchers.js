/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Issuing cashback codes (DECISIONS sections 4 and 5). A workshop holds one code per
// threshold its total has crossed: floor(totalSales / threshold), never fewer, and a code
// once issued is never revoked. Issuing is a reconciliation of that rule, so it is safe to
// run at any time and again after a crash: each batch of workshops gets its codes and their
// mail (the outbox row) in one transaction, and the unique (user, campaign, tier) index
// turns a second run into a no-op.

// No 0/O/1/I, so a code read aloud or typed from paper is unambiguous.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const USERS_PER_TRANSACTION = 100;

/** @param {string} prefix */
function newCode(prefix) {
  return `${prefix}-${$security.randomStringWithAlphabet(4, ALPHABET)}-${$security.randomStringWithAlphabet(4, ALPHABET)}`;
}

/**
 * Codes a total earns: the rulebook's threshold arithmetic (src/rules).
 * @param {number} totalSales
 * @param {number} threshold
 */
function codesEarned(totalSales, threshold) {
  return require(`${__hooks}/vendor/rules.js`).codesEarned(totalSales, threshold);
}

const DUE_SQL = `
  SELECT t.user AS user, t.totalSales AS total,
         COALESCE((SELECT MAX(v.tier) FROM vouchers v WHERE v.user = t.user AND v.campaign = t.campaign), 0) AS issued
    FROM sales_totals t
   WHERE t.campaign = {:campaign} AND t.totalSales >= {:threshold}`;

/**
 * Workshops whose total earns more codes than they hold (a read over the totals).
 * @param {CoreApp} app
 * @param {core.Record} campaign
 */
function dueUsers(app, campaign) {
  const threshold = campaign.getFloat('threshold');
  const rows = arrayOf(new DynamicModel({ user: '', total: 0.5, issued: 0.5 }));
  app.db().newQuery(DUE_SQL).bind({ campaign: campaign.id, threshold }).all(rows);
  return rows.filter((r) => codesEarned(r.total, threshold) > Math.round(r.issued)).map((r) => r.user);
}

/**
 * Issues the missing codes of `userIds` and queues one mail per workshop, in one transaction.
 * @param {CoreApp} app
 * @param {core.Record} campaign
 * @param {string[]} userIds
 */
function issueBatch(app, campaign, userIds) {
  const outbox = require(`${__hooks}/lib/outbox.js`);
  const threshold = campaign.getFloat('threshold');
  const prefix = campaign.getString('codePrefix');
  let issued = 0;
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    // Read inside the transaction: what another issuer committed meanwhile counts.
    const rows = arrayOf(new DynamicModel({ user: '', total: 0.5, issued: 0.5, email: '', firstName: '', lastName: '' }));
    tx.db()
      .newQuery(
        `SELECT t.user AS user, t.totalSales AS total, u.email AS email, u.firstName AS firstName, u.lastName AS lastName,
                COALESCE((SELECT MAX(v.tier) FROM vouchers v WHERE v.user = t.user AND v.campaign = t.campaign), 0) AS issued
           FROM sales_totals t JOIN users u ON u.id = t.user
          WHERE t.campaign = {:campaign} AND t.user IN (SELECT value FROM json_each({:users}))`,
      )
      .bind({ campaign: campaign.id, users: JSON.stringify(userIds) })
      .all(rows);
    // Every missing tier of every workshop with a fresh code, inserted in one statement. A code
    // collision (1 in 32^8) or a tier another issuer took leaves no row; the next reconciliation
    // issues what is still missing.
    /** @type {Array<{ user: string, tier: number, code: string }>} */
    const wanted = [];
    /** @type {Record<string, any>} */
    const byUser = {};
    for (const row of rows) {
      byUser[row.user] = row;
      const earned = codesEarned(row.total, threshold);
      for (let tier = Math.round(row.issued) + 1; tier <= earned; tier++) wanted.push({ user: row.user, tier, code: newCode(prefix) });
    }
    if (wanted.length === 0) return;
    const inserted = arrayOf(new DynamicModel({ user: '', code: '', tier: 0 }));
    tx.db()
      .newQuery(
        `INSERT INTO vouchers (id, code, status, user, campaign, tier, created, updated)
         SELECT substr(lower(hex(randomblob(8))), 1, 15), value ->> 'code', 'open', value ->> 'user', {:campaign}, value ->> 'tier',
                strftime('%Y-%m-%d %H:%M:%fZ'), strftime('%Y-%m-%d %H:%M:%fZ')
           FROM json_each({:wanted}) WHERE true
         ON CONFLICT DO NOTHING RETURNING user, code, tier`,
      )
      .bind({ campaign: campaign.id, wanted: JSON.stringify(wanted) })
      .all(inserted);
    /** @type {Record<string, any[]>} */
    const codesOf = {};
    for (const v of inserted) (codesOf[v.user] = codesOf[v.user] || []).push(v);
    const mails = [];
    for (const user of Object.keys(codesOf)) {
      const row = byUser[user];
      // In tier order, as the mail lists them.
      const codes = codesOf[user].sort((x, y) => x.tier - y.tier).map((v) => v.code);
      issued += codes.length;
      mails.push({
        to: row.email,
        user,
        template: 'code-issued',
        data: Object.assign({ name: `${row.firstName} ${row.lastName}` }, codeMailData(campaign, row.total, codes)),
        concerns: { collection: 'users', id: user },
      });
    }
    outbox.enqueueMany(tx, mails);
  });
  return issued;
}

/**
 * Issues every code the campaign's totals have earned and not yet received. Returns how many.
 * Safe to repeat; used after every import, and at every start (a crash mid-way is finished).
 * @param {CoreApp} app
 * @param {core.Record} campaign
 */
function reconcile(app, campaign) {
  const due = dueUsers(app, campaign);
  let issued = 0;
  for (let i = 0; i < due.length; i += USERS_PER_TRANSACTION) {
    issued += issueBatch(app, campaign, due.slice(i, i + USERS_PER_TRANSACTION));
    require(`${__hooks}/lib/database.js`).yieldToReplication();
  }
  return issued;
}

/**
 * What a code mail ('code-issued') says besides the greeting: the workshop's sales total and the
 * campaign's reward in German euros, and the codes. The weekly issue and the back office's
 * resend write it the same way.
 * @param {core.Record} campaign
 * @param {number} total
 * @param {string[]} codes
 */
function codeMailData(campaign, total, codes) {
  const amounts = require(`${__hooks}/lib/amounts.js`);
  return { total: amounts.formatEuro(total), reward: amounts.formatEuro(campaign.getFloat('reward')), codes };
}

module.exports = { reconcile, codesEarned, newCode, codeMailData, ALPHABET };
