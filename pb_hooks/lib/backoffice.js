/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The back office (issue 19, docs/decisions/016-back-office.md): administrators find any
// workshop, read its whole story and act on it; every action carries a reason and is written
// to the append-only staff log in the same transaction as the change.

const staffLog = () => require(`${__hooks}/lib/staff-log.js`);
const rules = () => require(`${__hooks}/vendor/rules.js`);
/** @type {HookModules['campaign-records']['labelSql']} */
const labelSql = (c) => require(`${__hooks}/lib/campaign-records.js`).labelSql(c);
const fieldErrors = () => require(`${__hooks}/lib/field-errors.js`);
const PAGE_SIZE = 20;

const MESSAGES = {
  ...require(`${__hooks}/vendor/rules.js`).BACKOFFICE_MESSAGES,
  reason: require(`${__hooks}/vendor/rules.js`).MESSAGES.reasonRequired,
};

/** @type {HookModules['database']['rowsOf']} */
const rowsOf = (app, sql, params, shape) => require(`${__hooks}/lib/database.js`).rowsOf(app, sql, params, shape);

const SUMMARY_SHAPE = {
  id: '',
  firstName: '',
  lastName: '',
  shopName: '',
  email: '',
  zipCode: '',
  city: '',
  verified: false,
  blocked: false,
  created: '',
};

/**
 * Workshops matching `q` in name, shop, e-mail, PLZ, city, customer number or code, newest
 * first, 20 a page. The term is a bound parameter; LIKE wildcards in it are escaped.
 * @param {CoreApp} app
 * @param {string} q
 * @param {string} page
 * @param {string} campaign
 */
function search(app, q, page, campaign) {
  const term = String(q || '').trim();
  if (term.length > rules().LIMITS.searchMax) throw new BadRequestError(rules().MESSAGES.searchTooLong);
  if (rules().controlProblem(term)) throw new BadRequestError(rules().MESSAGES.control);
  const p = Math.max(1, Math.min(10000, parseInt(page, 10) || 1));
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Customer numbers are stored with letters and digits only, codes as NORA-XXXX-XXXX: 'kd 48150',
  // 'KD-48150' and 'nora xxxx xxxx' find them too (issue 35).
  const compact = term.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const where = term
    ? `WHERE (u.firstName || ' ' || u.lastName) LIKE {:like} ESCAPE '\\' OR u.shopName LIKE {:like} ESCAPE '\\'
          OR u.email LIKE {:like} ESCAPE '\\' OR u.zipCode = {:term} OR u.city LIKE {:like} ESCAPE '\\'
          OR u.id IN (SELECT c.user FROM user_lz_connections c WHERE c.customerNumber = {:term} COLLATE NOCASE
                      OR (length({:compact}) > 0 AND c.customerNumber = {:compact} COLLATE NOCASE))
          OR u.id IN (SELECT v.user FROM vouchers v WHERE v.code = upper({:term})
                      OR (length({:compact}) >= 8 AND replace(v.code, '-', '') = {:compact}))`
    : '';
  // Issue 60: only workshops with sales or codes in one campaign, when asked.
  const c = String(campaign || '');
  const inCampaign = c
    ? `${where ? ' AND' : 'WHERE'} (u.id IN (SELECT t.user FROM sales_totals t WHERE t.campaign = {:c})
         OR u.id IN (SELECT v.user FROM vouchers v WHERE v.campaign = {:c}))`
    : '';
  const items = rowsOf(
    app,
    `SELECT u.id AS id, u.firstName AS firstName, u.lastName AS lastName, u.shopName AS shopName, u.email AS email,
            u.zipCode AS zipCode, u.city AS city, u.verified AS verified, u.blocked AS blocked, u.created AS created
       FROM users u ${where ? `${where.replace(/^WHERE /, 'WHERE (')})` : ''}${inCampaign} ORDER BY u.created DESC, u.id LIMIT ${PAGE_SIZE} OFFSET {:offset}`,
    { like, term, compact, c, offset: (p - 1) * PAGE_SIZE },
    SUMMARY_SHAPE,
  );
  const total = rowsOf(
    app,
    `SELECT COUNT(*) AS n FROM users u ${where ? `${where.replace(/^WHERE /, 'WHERE (')})` : ''}${inCampaign}`,
    { like, term, compact, c },
    { n: 0 },
  )[0].n;
  return { page: p, perPage: PAGE_SIZE, totalItems: total, totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)), items };
}

/**
 * @param {CoreApp} app
 * @param {string} id
 */
function findUser(app, id) {
  try {
    return app.findRecordById('users', id);
  } catch (_) {
    throw new NotFoundError(MESSAGES.notFound);
  }
}

/**
 * The workshop's whole story.
 * @param {CoreApp} app
 * @param {string} id
 */
function detail(app, id) {
  const user = findUser(app, id);
  const params = { u: id };
  const stats = rowsOf(app, 'SELECT totalSales, totalCashback, toNextCashback FROM user_stats_view WHERE id = {:u}', params, {
    totalSales: 0.5,
    totalCashback: 0.5,
    toNextCashback: 0.5,
  })[0] || { totalSales: 0, totalCashback: 0, toNextCashback: 0 };
  const submissions = rowsOf(
    app,
    `SELECT s.id AS id, s.created AS created, s.status AS status, v.code AS code, s.ibanFirstName || ' ' || s.ibanLastName AS accountHolder,
            s.ibanNumber AS iban, s.signals AS signals
       FROM submissions s JOIN vouchers v ON v.id = s.voucher WHERE s.user = {:u} ORDER BY s.created DESC`,
    params,
    { id: '', created: '', status: '', code: '', accountHolder: '', iban: '', signals: '' },
  );
  const audits = rowsOf(
    app,
    `SELECT a.submission AS submission, a.created AS created, a.outcome AS outcome, a.checked AS checked, a.faulty AS faulty, a.note AS note
       FROM submission_audits a JOIN submissions s ON s.id = a.submission WHERE s.user = {:u} ORDER BY a.created`,
    params,
    { submission: '', created: '', outcome: '', checked: false, faulty: false, note: '' },
  );
  return {
    workshop: {
      id: user.id,
      firstName: user.getString('firstName'),
      lastName: user.getString('lastName'),
      email: user.email(),
      phone: user.getString('phone'),
      shopName: user.getString('shopName'),
      address: user.getString('address'),
      streetNumber: user.getString('streetNumber'),
      zipCode: user.getString('zipCode'),
      city: user.getString('city'),
      verified: user.verified(),
      blocked: user.getBool('blocked'),
      blockedReason: user.getString('blockedReason'),
      created: user.getString('created'),
    },
    centres: rowsOf(
      app,
      `SELECT c.id AS id, n.partnerName AS partnerName, n.bnr AS bnr, c.customerNumber AS customerNumber, c.gpnr AS gpnr
         FROM user_lz_connections c JOIN nora_lz n ON n.id = c.noraLz WHERE c.user = {:u} ORDER BY c.created`,
      params,
      { id: '', partnerName: '', bnr: '', customerNumber: '', gpnr: '' },
    ),
    totals: { totalSales: stats.totalSales, totalCashback: stats.totalCashback, toNextCashback: stats.toNextCashback },
    // Issue 60: each campaign the workshop has sales or codes in, with its label, newest first.
    totalsByCampaign: rowsOf(
      app,
      `SELECT ${labelSql('c')} AS label,
              CAST(ROUND(COALESCE(t.totalSales, 0), 2) AS REAL) AS totalSales,
              CAST((SELECT COUNT(*) FROM vouchers v WHERE v.user = {:u} AND v.campaign = c.id) * c.reward AS REAL) AS totalCashback
         FROM campaigns c LEFT JOIN sales_totals t ON t.user = {:u} AND t.campaign = c.id
        WHERE t.user IS NOT NULL OR EXISTS (SELECT 1 FROM vouchers v WHERE v.user = {:u} AND v.campaign = c.id)
        ORDER BY c.campaignStart DESC`,
      params,
      { label: '', totalSales: 0.5, totalCashback: 0.5 },
    ),
    vouchers: rowsOf(app, 'SELECT id, code, status, tier, created FROM vouchers WHERE user = {:u} ORDER BY tier', params, {
      id: '',
      code: '',
      status: '',
      tier: 0,
      created: '',
    }),
    submissions: submissions.map((s) => ({
      id: s.id,
      created: s.created,
      status: s.status,
      code: s.code,
      accountHolder: s.accountHolder,
      iban: s.iban,
      signals: JSON.parse(s.signals || '[]') || [],
      history: audits
        .filter((a) => a.submission === s.id)
        .map((a) => ({ created: a.created, outcome: a.outcome, checked: a.checked, faulty: a.faulty, note: a.note })),
    })),
    payouts: rowsOf(
      app,
      `SELECT id, endToEndId, amount, status, iban, paidOn, returnReason, holdReason FROM payouts WHERE user = {:u} ORDER BY created`,
      params,
      { id: '', endToEndId: '', amount: 0.5, status: '', iban: '', paidOn: '', returnReason: '', holdReason: '' },
    ),
    mails: rowsOf(
      app,
      `SELECT id, template, subject, status, attempts, lastError, created, sentAt, immediate FROM mail_outbox
        WHERE user = {:u} OR recipient = {:email} ORDER BY created DESC LIMIT 50`,
      { u: id, email: user.email() },
      { id: '', template: '', subject: '', status: '', attempts: 0, lastError: '', created: '', sentAt: '', immediate: false },
    ),
  };
}

/** @param {Record<string, any> | null | undefined} body */
function requireReason(body) {
  const reason = String((body && body.reason) || '').trim();
  if (!reason) throw new BadRequestError(MESSAGES.reason);
  if (rules().controlProblem(reason)) throw new BadRequestError(rules().MESSAGES.control);
  return reason.slice(0, rules().LIMITS.reasonMax);
}

/**
 * The back office's commands on a workshop, by the name the route carries. Each gets the
 * context of one action ({ e, app, body, userId, user, log }) and does its change and its log
 * entry in one transaction; the route answers with the workshop's story afterwards.
 * @type {Record<string, (context: CommandContext) => void>}
 */
const COMMANDS = {
  /** PocketBase's own verification mail, sent at once (and logged in the mail log). */
  'resend-verification': ({ app, user, log }) => {
    if (user.verified()) throw new BadRequestError(MESSAGES.alreadyVerified);
    $mails.sendRecordVerification(app, user);
    writeTransaction(app, (tx) => {
      log(tx, { action: 'workshop.resend_verification', after: { email: user.email() } });
    });
  },

  /** The mail of one of the workshop's codes again, through the outbox. */
  'resend-code-mail': ({ app, body, userId, user, log }) => {
    writeTransaction(app, (tx) => {
      const voucher = findOrNull(tx, 'vouchers', body.voucher);
      if (!voucher || voucher.getString('user') !== userId) throw new BadRequestError(MESSAGES.voucher);
      const campaign = tx.findRecordById('campaigns', voucher.getString('campaign'));
      const total = rowsOf(
        tx,
        'SELECT COALESCE(totalSales, 0) AS t FROM sales_totals WHERE user = {:u} AND campaign = {:c}',
        { u: userId, c: campaign.id },
        { t: 0.5 },
      );
      const row = require(`${__hooks}/lib/outbox.js`).enqueueForWorkshop(tx, user, {
        template: 'code-issued',
        data: require(`${__hooks}/lib/vouchers.js`).codeMailData(campaign, total.length ? total[0].t : 0, [voucher.getString('code')]),
        concerns: { collection: 'vouchers', id: voucher.id },
      });
      log(tx, { action: 'workshop.resend_code_mail', after: { code: voucher.getString('code'), outbox: row.id } });
    });
  },

  /** A service-centre link's customer number or business partner number corrected. */
  'correct-connection': ({ e, app, body, userId, log }) => {
    const r = rules();
    writeTransaction(app, (tx) => {
      const link = findOrNull(tx, 'user_lz_connections', body.connection);
      if (!link || link.getString('user') !== userId) throw new BadRequestError(MESSAGES.connection);
      const before = { customerNumber: link.getString('customerNumber'), gpnr: link.getString('gpnr') };
      const after = Object.assign({}, before);
      if (body.customerNumber !== undefined) {
        const problem = r.customerNumberProblem(body.customerNumber);
        // The rulebook's words exactly (a thrown error would get a full stop added).
        if (problem) fieldErrors().refuse(e, { customerNumber: ['validation_invalid_customer_number', problem] }, MESSAGES.invalid);
        after.customerNumber = String(body.customerNumber).trim();
      }
      if (body.gpnr !== undefined) {
        const problem = r.gpnrProblem(body.gpnr);
        if (problem) fieldErrors().refuse(e, { gpnr: ['validation_invalid_gpnr', problem] }, MESSAGES.invalid);
        after.gpnr = String(body.gpnr).trim();
      }
      link.set('customerNumber', after.customerNumber);
      link.set('gpnr', after.gpnr);
      tx.save(link);
      log(tx, {
        action: 'workshop.correct_connection',
        target: { collection: 'user_lz_connections', id: link.id },
        before,
        after: Object.assign({ user: userId }, after),
      });
    });
  },

  block: (context) => setBlocked(context, true),
  unblock: (context) => setBlocked(context, false),
};

/**
 * @param {CommandContext} context
 * @param {boolean} block
 */
function setBlocked({ app, reason, userId, log }, block) {
  writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(`UPDATE users SET blocked = {:to}, blockedReason = {:why} WHERE id = {:id} AND blocked = {:from}`)
      .bind({ id: userId, to: block, from: !block, why: block ? reason : '' })
      .execute();
    if (moved.rowsAffected() !== 1) throw new BadRequestError(block ? MESSAGES.alreadyBlocked : MESSAGES.notBlocked);
    log(tx, { action: block ? 'workshop.block' : 'workshop.unblock', before: { blocked: !block }, after: { blocked: block } });
  });
}

/** @type {HookModules['database']['writeTransaction']} */
const writeTransaction = (app, fn) => require(`${__hooks}/lib/database.js`).writeTransaction(app, fn);

/**
 * @param {CoreApp} app
 * @param {string} collection
 * @param {string} id
 */
function findOrNull(app, collection, id) {
  try {
    return app.findRecordById(collection, String(id || ''));
  } catch (_) {
    return null;
  }
}

/**
 * One back-office command on a workshop, with its reason, in one transaction with its log entry.
 * @param {core.RequestEvent} e
 * @param {string} userId
 * @param {string} action
 * @param {Record<string, any> | null | undefined} body
 */
function act(e, userId, action, body) {
  const app = e.app;
  const admin = e.auth;
  const reason = requireReason(body);
  const user = findUser(app, userId);
  const command = Object.prototype.hasOwnProperty.call(COMMANDS, action) ? COMMANDS[action] : null;
  if (!command) throw new NotFoundError(MESSAGES.action);
  /** @type {CommandContext['log']} */
  const log = (tx, entry) =>
    staffLog().write(tx, Object.assign({ actor: admin, reason, target: { collection: 'users', id: userId } }, entry));
  command({ e, app, body: body || {}, reason, userId, user, log });
  return detail(app, userId);
}

/**
 * What a back-office command gets: the request, its app, the body, the reason given, the
 * workshop, and `log` for its staff-log entry (actor, reason and target already set).
 * @typedef {object} CommandContext
 * @property {core.RequestEvent} e
 * @property {CoreApp} app
 * @property {Record<string, any>} body
 * @property {string} reason
 * @property {string} userId
 * @property {core.Record} user
 * @property {(tx: CoreApp, entry: import('./staff-log.js').StaffLogEntry) => unknown} log
 */

module.exports = { search, detail, act, MESSAGES, PAGE_SIZE, requireReason };
