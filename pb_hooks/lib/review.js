/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The auditor's review queue and its fraud signals (issue 18, docs/decisions/015-review-queue.md).
// Signals never block; each carries a German explanation, and the auditor decides. The server
// derives them: identical invoice files and a shared IBAN when a submission arrives, and what the
// reader process read from the invoice (date, number, totals, seller, buyer) as soon as it is
// read (lib/invoice-reading.js, issue 61); no auditor needs to open a submission for them.

const rules = () => require(`${__hooks}/lib/vendor/rules.js`);
/** @type {HookModules['campaign-records']['labelSql']} */
const labelSql = (c) => require(`${__hooks}/lib/campaign-records.js`).labelSql(c);
const MAX_TWINS = 3;

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

/**
 * Recomputes one submission's signals from what the database knows now and stores them.
 * Returns the signals ([{ code, message }]).
 * @param {CoreApp} app
 * @param {string} submissionId
 */
function refreshSignals(app, submissionId) {
  const r = rules();
  const s = app.findRecordById('submissions', submissionId);
  const signals = [];
  if (s.getString('fileHash')) {
    for (const twin of rowsOf(
      app,
      `SELECT s.id AS id, v.code AS code FROM submissions s JOIN vouchers v ON v.id = s.voucher
        WHERE s.fileHash = {:hash} AND s.id != {:id} ORDER BY s.created LIMIT ${MAX_TWINS}`,
      { hash: s.getString('fileHash'), id: s.id },
      { id: '', code: '' },
    )) {
      signals.push({ code: 'file', message: rules().REVIEW_MESSAGES.sameFile(twin.id, twin.code) });
    }
  }
  for (const other of rowsOf(
    app,
    `SELECT u.shopName AS shop,
            (SELECT x.id FROM submissions x WHERE x.user = s.user AND x.ibanNumber = {:iban} ORDER BY x.created, x.id LIMIT 1) AS id
       FROM submissions s JOIN users u ON u.id = s.user
      WHERE s.ibanNumber = {:iban} AND s.user != {:user} GROUP BY s.user ORDER BY MIN(s.created) LIMIT ${MAX_TWINS}`,
    { iban: s.getString('ibanNumber'), user: s.getString('user') },
    { shop: '', id: '' },
  )) {
    signals.push({ code: 'iban', message: rules().REVIEW_MESSAGES.sameIban(other.shop, other.id) });
  }
  signals.push(...readingSignals(r, s));
  const number = s.getString('invoiceNumber');
  const date = s.getString('invoiceDate');
  if (number) {
    for (const twin of rowsOf(
      app,
      `SELECT s.id AS id, v.code AS code FROM submissions s JOIN vouchers v ON v.id = s.voucher
        WHERE s.invoiceNumber = {:nr} AND s.id != {:id} ORDER BY s.created LIMIT ${MAX_TWINS}`,
      { nr: number, id: s.id },
      { id: '', code: '' },
    )) {
      signals.push({
        code: 'number',
        message: rules().REVIEW_MESSAGES.sameNumber(number, twin.id, twin.code),
      });
    }
  }
  if (date) {
    const campaign = app.findRecordById('campaigns', s.getString('campaign'));
    const cutoff = berlinDay(campaign.getString('invoiceDateCutoff'));
    if (date > cutoff) {
      signals.push({
        code: 'late',
        message: r.REVIEW_MESSAGES.afterCutoff(r.germanDate(date), r.germanDate(cutoff)),
      });
    }
    const voucher = app.findRecordById('vouchers', s.getString('voucher'));
    const issued = berlinDay(voucher.getString('created'));
    // A code 'issued' after the campaign clock's today is an artefact of a pinned clock (the
    // demo walks 2025 with codes made today); there is nothing to compare then.
    const today = require(`${__hooks}/lib/clock.js`).berlinDay(require(`${__hooks}/lib/clock.js`).now()).iso;
    if (issued <= today && date < issued) {
      signals.push({
        code: 'early',
        message: r.REVIEW_MESSAGES.beforeCode(r.germanDate(date), r.germanDate(issued)),
      });
    }
  }
  s.set('signals', signals);
  app.saveNoValidate(s);
  return signals;
}

/**
 * What the reading itself says (issue 61): it failed, a key field is missing or doubtful, the seller
 * is none of the workshop's centres, the buyer is not the workshop. A doubt raises a signal and
 * never clears one: the number and date compared above are only the ones read surely.
 * @param {HookModules['vendor/rules']} r
 * @param {core.Record} s
 */
function readingSignals(r, s) {
  const state = s.getString('readingState');
  if (state === 'failed') return [{ code: 'unreadable', message: r.READING_SIGNALS.failed(s.getString('readingReason')) }];
  if (state !== 'read') return [];
  const reading = storedReading(s);
  // A field an auditor corrected is what counts, and it is sure.
  /** @type {Record<string, import('../../src/rules/reading').ReadValue>} */
  const fields = Object.assign({}, reading.fields || {});
  /** @type {Array<[string, { value: string }]>} */
  const corrections = Object.entries(reading.corrections || {});
  for (const [name, c] of corrections) fields[name] = { value: c.value, confidence: 100 };
  const found = [];
  const unsure = r.READING.keyFields.filter((f) => !r.isSure(fields[f])).map((f) => r.READING.fieldLabels[f]);
  if (unsure.length > 0) found.push({ code: 'unreadable', message: r.READING_SIGNALS.unreadable(unsure) });
  if (!(fields.seller && fields.seller.match)) found.push({ code: 'seller', message: r.READING_SIGNALS.seller });
  if (!(fields.buyer && fields.buyer.match)) found.push({ code: 'buyer', message: r.READING_SIGNALS.buyer });
  return found;
}

/**
 * The reading of a stored submission (fields, corrections …) as an object.
 * @param {core.Record} s
 */
function storedReading(s) {
  return parsedReading(s.getString('reading'));
}

/**
 * A reading's stored JSON as an object ({} for none or a damaged one).
 * @param {string} json
 * @returns {Record<string, any>}
 */
function parsedReading(json) {
  try {
    return JSON.parse(json || '{}') || {};
  } catch (_) {
    return {};
  }
}

/**
 * YYYY-MM-DD in Berlin of a PocketBase date string.
 * @param {unknown} value
 */
function berlinDay(value) {
  return require(`${__hooks}/lib/clock.js`).berlinDay(String(value).replace(' ', 'T')).iso;
}

/**
 * At arrival (inside the redemption's transaction): this submission's signals, and its twins' again.
 * @param {CoreApp} tx
 * @param {core.Record} submission
 */
function onArrival(tx, submission) {
  refreshSignals(tx, submission.id);
  for (const other of rowsOf(
    tx,
    `SELECT id FROM submissions WHERE id != {:id} AND status = 'pending' AND (fileHash = {:hash} OR ibanNumber = {:iban})`,
    { id: submission.id, hash: submission.getString('fileHash'), iban: submission.getString('ibanNumber') },
    { id: '' },
  )) {
    refreshSignals(tx, other.id);
  }
}

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
  const read = parsedReading(row.reading);
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

module.exports = { refreshSignals, onArrival, queue, one, verdict, storedReading, MESSAGES };
