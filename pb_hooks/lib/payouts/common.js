/// <reference path="../../../node_modules/.cache/pocketbase-types/types.d.ts" />

// What the payout modules share (issue 17, DECISIONS section 6, docs/decisions/014-payouts.md):
// their German refusals, the 'now' of a payout record, and the mail to a payout's workshop.
//
// Payouts move payable → in_batch → exported → paid, or returned (the bank sent the money
// back), after which the workshop corrects its bank details and the payout is payable again.
// An administrator may hold a payable payout. Batches move created → released (by another
// administrator, or the only one with an explicit confirmation) → exported (SEPA
// pain.001.001.09 and CSV) → paid. Every state change is one conditional UPDATE inside a
// transaction, so of concurrent requests one wins and no payout is ever in two batches or
// paid twice. The modules, one job each:
//   creation.js  a passed submission becomes exactly one payout
//   batches.js   batches: create, four-eyes release, paid
//   export.js    the SEPA file and CSV of a batch
//   returns.js   holds, bank returns and the workshop's new bank details
//   promise.js   the 8-week promise

/** The staff log (lib/staff-log.js), required when first used. */
const staffLog = () => require(`${__hooks}/lib/staff-log.js`);
/** The rulebook (src/rules, bundled in vendor/rules.js), required when first used. */
const rules = () => require(`${__hooks}/vendor/rules.js`);

const MESSAGES = {
  ...require(`${__hooks}/vendor/rules.js`).PAYOUT_MESSAGES,
  holdReason: require(`${__hooks}/vendor/rules.js`).MESSAGES.reasonRequired,
};

/** @param {string} message */
function refuse(message) {
  return new BadRequestError(message);
}

/** Now in real time, as PocketBase stores dates: payouts are records of what really happened (decision 035). */
function now() {
  return require(`${__hooks}/lib/clock.js`).realStamp();
}

/** @param {unknown} value */
function isoDay(value) {
  return /^\d{4}-\d{2}-\d{2}$/.test(String(value || '')) && new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value;
}

/** @type {HookModules['database']['rowOf']} */
const one = (app, sql, params, shape) => require(`${__hooks}/lib/database.js`).rowOf(app, sql, params, shape);

/**
 * @param {CoreApp} app
 * @param {string} collection
 * @param {string} id
 */
function findOr404(app, collection, id) {
  try {
    return app.findRecordById(collection, id);
  } catch (_) {
    throw new NotFoundError(MESSAGES.notFound);
  }
}

/**
 * @param {CoreApp} app
 * @param {string} exceptId
 */
function countAdmins(app, exceptId) {
  return one(app, 'SELECT COUNT(*) AS n FROM administrators WHERE id != {:id}', { id: exceptId }, { n: 0 }).n;
}

/**
 * A mail to the payout's workshop about it (name, code, masked IBAN, plus `extra`), queued in `tx`.
 * @param {CoreApp} tx
 * @param {core.Record} payout
 * @param {string} template
 * @param {Record<string, unknown>} [extra]
 */
function mailAboutPayout(tx, payout, template, extra) {
  const user = tx.findRecordById('users', payout.getString('user'));
  require(`${__hooks}/lib/outbox.js`).enqueueForWorkshop(tx, user, {
    template,
    data: Object.assign({ code: payout.getString('endToEndId'), iban: rules().maskIban(payout.getString('iban')) }, extra),
    concerns: { collection: 'payouts', id: payout.id },
  });
}

/**
 * The mail that asks the workshop for new bank details for one payout, queued in the caller's
 * transaction: after a bank return (`portal` false) or because the portal itself needs them.
 * @param {CoreApp} tx
 * @param {core.Record} payout
 * @param {string} reason
 * @param {boolean} portal
 */
function askForBankDetails(tx, payout, reason, portal) {
  mailAboutPayout(tx, payout, 'bank-details-needed', { reason, portal });
}

module.exports = { MESSAGES, refuse, now, isoDay, one, findOr404, countAdmins, mailAboutPayout, askForBankDetails, staffLog, rules };
