/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The review queue's fraud signals (issue 18, docs/decisions/015-review-queue.md). Signals never
// block; each carries a German explanation, and the auditor decides. The server derives them:
// identical invoice files and a shared IBAN when a submission arrives, and what the reader
// process read from the invoice (date, number, totals, seller, buyer) as soon as it is read
// (lib/invoice-reading.js, issue 61); no auditor needs to open a submission for them.

const rules = () => require(`${__hooks}/vendor/rules.js`);
const MAX_TWINS = 3;

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
    // A code 'issued' after the campaign clock's today (a pinned clock: the tests walk 2025 with
    // codes made today) or after its campaign's redeem window closed (the demo's closed 2025
    // campaign on real time, its codes made at the first start) cannot have been issued as its
    // record says: a code is first submitted inside its window. There is nothing to compare then.
    const today = require(`${__hooks}/lib/clock.js`).berlinDay(require(`${__hooks}/lib/clock.js`).now()).iso;
    const redeemEnd = berlinDay(campaign.getString('redeemEnd'));
    if (issued <= today && issued <= redeemEnd && date < issued) {
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

module.exports = { refreshSignals, onArrival, storedReading, parsedReading };
