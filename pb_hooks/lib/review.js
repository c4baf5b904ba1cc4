/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The auditor's review queue (issue 18, docs/decisions/015-review-queue.md): the pending
// submissions with their workshop, signals and reading, and the verdict given in the queue. The
// signals themselves are made in lib/review-signals.js.

const rules = () => require(`${__hooks}/vendor/rules.js`);
/** @type {HookModules['campaign-records']['labelSql']} */
const labelSql = (c) => require(`${__hooks}/lib/campaign-records.js`).labelSql(c);

const MESSAGES = {
  get notPending() {
    return rules().REVIEW_MESSAGES.notPending;
  },
  // Shared with the correction of a verdict (src/rules/verdicts.ts).
  get outcome() {
    return rules().CORRECTION.messages.outcome;
  },
  get notFound() {
    return rules().CORRECTION.messages.notFound;
  },
};

/** @type {HookModules['database']['rowsOf']} */
const rowsOf = (app, sql, params, shape) => require(`${__hooks}/lib/database.js`).rowsOf(app, sql, params, shape);

const DETAIL_SQL = `
  SELECT s.id AS id, s.created AS created, s.status AS status, s.file AS file,
         s.ibanFirstName AS ibanFirstName, s.ibanLastName AS ibanLastName, s.ibanNumber AS ibanNumber, s.ibanBic AS ibanBic,
         s.signals AS signals, s.invoiceNumber AS invoiceNumber, s.invoiceDate AS invoiceDate, s.textExtracted AS textExtracted,
         s.readingState AS readingState, s.readingReason AS readingReason, COALESCE(s.reading, '') AS reading,
         v.code AS code, v.created AS codeIssued,
         u.id AS userId, u.firstName AS firstName, u.lastName AS lastName, u.shopName AS shopName, u.email AS email,
         u.zipCode AS zipCode, u.city AS city,
         COALESCE(${labelSql('c')}, '') AS campaignLabel
    FROM submissions s JOIN vouchers v ON v.id = s.voucher JOIN users u ON u.id = s.user LEFT JOIN campaigns c ON c.id = v.campaign`;
// 0 for a submission with signals, 1 without: the queue shows the doubtful ones first (issue 61).
const SIGNALS_LAST = `CASE WHEN json_array_length(COALESCE(NULLIF(s.signals, ''), '[]')) > 0 THEN 0 ELSE 1 END`;
const DETAIL_SHAPE = {
  campaignLabel: '',
  id: '',
  created: '',
  status: '',
  file: '',
  ibanFirstName: '',
  ibanLastName: '',
  ibanNumber: '',
  ibanBic: '',
  signals: '',
  invoiceNumber: '',
  invoiceDate: '',
  textExtracted: false,
  readingState: '',
  readingReason: '',
  reading: '',
  code: '',
  codeIssued: '',
  userId: '',
  firstName: '',
  lastName: '',
  shopName: '',
  email: '',
  zipCode: '',
  city: '',
};

/**
 * @param {CoreApp} app
 * @param {Record<string, any>} row the queue's row of one submission
 */
function detail(app, row) {
  const centres = rowsOf(
    app,
    `SELECT n.partnerName AS partnerName, n.bnr AS bnr, c.customerNumber AS customerNumber, c.gpnr AS gpnr
       FROM user_lz_connections c JOIN nora_lz n ON n.id = c.noraLz WHERE c.user = {:u} ORDER BY c.created`,
    { u: row.userId },
    { partnerName: '', bnr: '', customerNumber: '', gpnr: '' },
  );
  const history = rowsOf(
    app,
    `SELECT a.created AS created, a.outcome AS outcome, a.checked AS checked, a.faulty AS faulty, a.note AS note, a.source AS source
       FROM submission_audits a WHERE a.submission = {:s} ORDER BY a.created`,
    { s: row.id },
    { created: '', outcome: '', checked: false, faulty: false, note: '', source: '' },
  );
  let signals = [];
  try {
    signals = JSON.parse(row.signals || '[]') || [];
  } catch (_) {
    signals = [];
  }
  return {
    id: row.id,
    collectionId: app.findCollectionByNameOrId('submissions').id,
    created: row.created,
    status: row.status,
    file: row.file,
    pdf: /\.pdf$/i.test(row.file),
    code: row.code,
    codeIssued: row.codeIssued,
    campaignLabel: row.campaignLabel,
    accountHolder: `${row.ibanFirstName} ${row.ibanLastName}`,
    iban: row.ibanNumber,
    bic: row.ibanBic,
    workshop: {
      id: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      shopName: row.shopName,
      email: row.email,
      zipCode: row.zipCode,
      city: row.city,
      centres: centres.map((c) => ({ partnerName: c.partnerName, bnr: c.bnr, customerNumber: c.customerNumber, gpnr: c.gpnr })),
    },
    signals,
    textExtracted: row.textExtracted,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    reading: readingShown(row),
    history: history.map((h) => ({
      created: h.created,
      outcome: h.outcome,
      checked: h.checked,
      faulty: h.faulty,
      note: h.note,
      source: h.source,
    })),
  };
}

/**
 * What the reader read, as the review shows it (the full text only with one submission).
 * @param {Record<string, any>} row
 */
function readingShown(row) {
  const read = require(`${__hooks}/lib/review-signals.js`).parsedReading(row.reading);
  return {
    state: row.readingState || 'waiting',
    reason: row.readingReason,
    kind: read.kind || '',
    pages: read.pages || [],
    fields: read.fields || {},
    corrections: read.corrections || {},
    readAt: read.readAt || '',
  };
}

/**
 * Pending submissions, those with signals first, each group oldest first, with everything the review needs.
 * @param {CoreApp} app
 * @param {number} limit
 * @param {string} campaignId
 */
function queue(app, limit, campaignId) {
  const rows = arrayOf(new DynamicModel(DETAIL_SHAPE));
  // Issue 60: the queue can be narrowed to one campaign's submissions ('' is every campaign).
  const c = String(campaignId || '');
  app
    .db()
    .newQuery(
      `${DETAIL_SQL} WHERE s.status = 'pending' AND ({:c} = '' OR s.campaign = {:c}) ORDER BY ${SIGNALS_LAST}, s.created, s.id LIMIT {:limit}`,
    )
    .bind({ limit: Math.max(1, Math.min(200, limit || 50)), c })
    .all(rows);
  const total = rowsOf(
    app,
    `SELECT COUNT(*) AS n FROM submissions WHERE status = 'pending' AND ({:c} = '' OR campaign = {:c})`,
    { c },
    { n: 0 },
  )[0].n;
  const campaigns = require(`${__hooks}/lib/campaign-records.js`)
    .options(app)
    .map((c) => ({ id: c.id, label: c.label }));
  return { total, items: rows.map((r) => detail(app, r)), campaigns };
}

/**
 * One submission in any state (the invoice check by id).
 * @param {CoreApp} app
 * @param {string} id
 */
function one(app, id) {
  const rows = arrayOf(new DynamicModel(DETAIL_SHAPE));
  app.db().newQuery(`${DETAIL_SQL} WHERE s.id = {:id}`).bind({ id }).all(rows);
  if (rows.length === 0) throw new NotFoundError(MESSAGES.notFound);
  const text = rowsOf(app, 'SELECT invoiceText AS text FROM submissions WHERE id = {:id}', { id }, { text: '' })[0];
  return { ...detail(app, rows[0]), text: text ? text.text : '' };
}

/**
 * A verdict given in the queue: the same transaction, history record and mail as a row of
 * an uploaded verdict file. Of a queue verdict and a file row for one submission the first
 * to commit wins; the other is told the submission is no longer in audit.
 * @param {CoreApp} app
 * @param {string} auditorId
 * @param {string} submissionId
 * @param {unknown} outcome as the request sent it
 * @param {unknown} note
 */
function verdict(app, auditorId, submissionId, outcome, note) {
  const flags = rules().flagsOf(outcome);
  if (!flags) throw new BadRequestError(MESSAGES.outcome);
  const text = String(note || '')
    .trim()
    .slice(0, rules().LIMITS.reasonMax);
  if (rules().controlProblem(text)) throw new BadRequestError(rules().MESSAGES.control);
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const reason = require(`${__hooks}/lib/audits.js`).applyVerdict(tx, {
      submissionId,
      auditorId,
      auditResultId: '',
      checked: flags.checked,
      faulty: flags.faulty,
      note: text,
      source: 'queue',
    });
    if (reason)
      throw new BadRequestError(reason === require(`${__hooks}/lib/audits.js`).REASONS.unknown ? MESSAGES.notFound : MESSAGES.notPending);
    // Every verdict given in the queue is in the staff log, in the verdict's transaction (issue 35).
    require(`${__hooks}/lib/staff-log.js`).write(tx, {
      actor: tx.findRecordById('auditors', auditorId),
      action: `review.${outcome}`,
      target: { collection: 'submissions', id: submissionId },
      reason: text,
      after: { outcome },
    });
  });
  return one(app, submissionId);
}

module.exports = { queue, one, verdict, MESSAGES };
