/// <reference path="../../../node_modules/.cache/pocketbase-types/types.d.ts" />

// When a payout cannot go as it is: an administrator holds it, the bank sent it back, or the
// portal needs new bank details; the workshop's new details make it payable again.

const { MESSAGES, refuse, now, findOr404, askForBankDetails, staffLog, rules } = require(`${__hooks}/lib/payouts/common.js`);

/**
 * The bank sent one payout back: the workshop is asked for new bank details for exactly that submission.
 * @param {CoreApp} app
 * @param {core.Record} admin
 * @param {string} payoutId
 * @param {string} reasonCode
 * @param {unknown} note
 */
function markReturned(app, admin, payoutId, reasonCode, note) {
  const payout = findOr404(app, 'payouts', payoutId);
  if (!rules().RETURN_REASONS[reasonCode]) throw refuse(MESSAGES.reason);
  const cleanNote = String(note || '')
    .trim()
    .slice(0, 500);
  if (rules().controlProblem(cleanNote)) throw refuse(rules().MESSAGES.control);
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(
        `UPDATE payouts SET status = 'returned', returnReason = {:reason}, returnNote = {:note}, returnedAt = {:now},
                updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id = {:id} AND status IN ('exported', 'paid')`,
      )
      .bind({ id: payoutId, reason: reasonCode, note: cleanNote, now: now() })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(MESSAGES.notReturnable);
    askForBankDetails(tx, payout, rules().RETURN_REASONS[reasonCode], false);
    staffLog().write(tx, {
      actor: admin,
      action: 'payout.return',
      target: { collection: 'payouts', id: payoutId },
      reason: cleanNote,
      before: { status: payout.getString('status'), paidOn: payout.getString('paidOn') },
      after: { status: 'returned', returnReason: reasonCode },
    });
  });
  return app.findRecordById('payouts', payoutId);
}

/**
 * The portal asks the workshop for new bank details for one payout that is not exported yet
 * (payable, held, or in a batch not yet exported): its account holder cannot be written in SEPA
 * characters (decision 029). The payout leaves its batch (count and total follow), is 'returned'
 * with the portal's reason NAME, and the workshop is mailed; its new details make it payable.
 * @param {CoreApp} app
 * @param {core.Record} admin
 * @param {string} payoutId
 * @param {string} reason
 */
function requestBankDetails(app, admin, payoutId, reason) {
  const payout = findOr404(app, 'payouts', payoutId);
  const why = String(reason || '').trim();
  if (!why) throw refuse(MESSAGES.holdReason);
  if (rules().controlProblem(why)) throw refuse(rules().MESSAGES.control);
  const batchId = payout.getString('batch');
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(
        `UPDATE payouts SET status = 'returned', returnReason = 'NAME', returnNote = {:why}, returnedAt = {:now}, batch = '',
                updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id = {:id} AND (status IN ('payable', 'held')
                OR (status = 'in_batch' AND batch IN (SELECT id FROM payout_batches WHERE status IN ('created', 'released'))))`,
      )
      .bind({ id: payoutId, why: why.slice(0, 500), now: now() })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(MESSAGES.notRequestable);
    if (batchId) {
      tx.db()
        .newQuery(
          `UPDATE payout_batches SET count = (SELECT COUNT(*) FROM payouts WHERE batch = {:b}),
                  total = (SELECT COALESCE(SUM(CAST(ROUND(amount * 100) AS INTEGER)), 0) / 100.0 FROM payouts WHERE batch = {:b}),
                  updated = strftime('%Y-%m-%d %H:%M:%fZ')
            WHERE id = {:b}`,
        )
        .bind({ b: batchId })
        .execute();
    }
    askForBankDetails(tx, payout, rules().returnReasonLabel('NAME'), true);
    staffLog().write(tx, {
      actor: admin,
      action: 'payout.request_bank_details',
      target: { collection: 'payouts', id: payoutId },
      reason: why.slice(0, 1000),
      before: { status: payout.getString('status'), batch: batchId },
      after: { status: 'returned', returnReason: 'NAME' },
    });
  });
  return app.findRecordById('payouts', payoutId);
}

/**
 * A payable payout held (or released from the hold) by an administrator, with a reason.
 * @param {CoreApp} app
 * @param {core.Record} admin
 * @param {string} payoutId
 * @param {boolean} hold
 * @param {unknown} reason
 */
function setHold(app, admin, payoutId, hold, reason) {
  const payout = findOr404(app, 'payouts', payoutId);
  const why = String(reason || '').trim();
  if (!why) throw refuse(MESSAGES.holdReason);
  if (rules().controlProblem(why)) throw refuse(rules().MESSAGES.control);
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(
        `UPDATE payouts SET status = {:to}, holdReason = {:why}, updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id = {:id} AND status = {:from}`,
      )
      .bind({ id: payoutId, from: hold ? 'payable' : 'held', to: hold ? 'held' : 'payable', why: hold ? why.slice(0, 500) : '' })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(hold ? MESSAGES.notHoldable : MESSAGES.notHeld);
    staffLog().write(tx, {
      actor: admin,
      action: hold ? 'payout.hold' : 'payout.unhold',
      target: { collection: 'payouts', id: payoutId },
      reason: why.slice(0, 1000),
      before: { status: payout.getString('status') },
      after: { status: hold ? 'held' : 'payable' },
    });
  });
  return app.findRecordById('payouts', payoutId);
}

/**
 * The workshop's new bank details for one returned payout, checked as the cashback form
 * checks them; the payout is payable again (it goes into the next batch).
 * @param {core.RequestEvent} e
 * @param {string} payoutId
 */
function updateBankDetails(e, payoutId) {
  const app = e.app;
  const body = e.requestInfo().body || {};
  const rulebook = rules();
  const workshopId = require(`${__hooks}/lib/guards.js`).signedIn(e).id;
  let payout;
  try {
    payout = app.findRecordById('payouts', payoutId);
  } catch (_) {
    payout = null;
  }
  if (!payout || payout.getString('user') !== workshopId) throw new NotFoundError(MESSAGES.notFound);
  const errors = require(`${__hooks}/lib/field-errors.js`).bankErrors(body);
  if (Object.keys(errors).length > 0) require(`${__hooks}/lib/field-errors.js`).refuse(e, errors);
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(
        `UPDATE payouts SET status = 'payable', batch = '', accountHolder = {:holder}, iban = {:iban}, bic = {:bic},
                bankDetailsChangedAt = {:now}, updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id = {:id} AND status = 'returned' AND user = {:user}`,
      )
      .bind({
        id: payoutId,
        user: workshopId,
        holder: `${String(body.ibanFirstName).trim()} ${String(body.ibanLastName).trim()}`,
        iban: rulebook.compactIban(body.ibanNumber),
        bic: rulebook.normalizeBic(body.ibanBic),
        now: now(),
      })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(MESSAGES.notReturned);
  });
  return app.findRecordById('payouts', payoutId);
}

module.exports = { markReturned, requestBankDetails, setHold, updateBankDetails };
