/// <reference path="../../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Payout batches: every payable payout into one batch, the four-eyes release, and the bank's
// execution (paid, each workshop mailed). See common.js for the states.

const { MESSAGES, refuse, now, isoDay, one, findOr404, countAdmins, mailAboutPayout, staffLog, rules } = require(
  `${__hooks}/lib/payouts/common.js`,
);

/**
 * A batch of every payable payout, oldest first, optionally capped.
 * @param {CoreApp} app
 * @param {core.Record} admin
 * @param {unknown} limit as the request sent it (none: no cap)
 */
function createBatch(app, admin, limit) {
  const cap = limit === undefined || limit === null || limit === '' ? 100000 : Number(limit);
  if (!Number.isInteger(cap) || cap < 1 || cap > 100000) throw refuse(MESSAGES.limit);
  const counters = require(`${__hooks}/lib/counters.js`);
  const made = require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const batch = new Record(tx.findCollectionByNameOrId('payout_batches'));
    batch.set('number', counters.next(tx, 'payout_batch'));
    batch.set('status', 'created');
    batch.set('createdBy', admin.id);
    tx.save(batch);
    // Only payable payouts move, each exactly once: whoever runs this statement first takes them.
    tx.db()
      .newQuery(
        `UPDATE payouts SET status = 'in_batch', batch = {:batch}, updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id IN (SELECT id FROM payouts WHERE status = 'payable' ORDER BY created, id LIMIT {:cap})`,
      )
      .bind({ batch: batch.id, cap })
      .execute();
    const sums = one(
      tx,
      'SELECT COUNT(*) AS n, COALESCE(SUM(CAST(ROUND(amount * 100) AS INTEGER)), 0) AS cents FROM payouts WHERE batch = {:batch}',
      { batch: batch.id },
      { n: 0, cents: 0 },
    );
    if (sums.n === 0) throw refuse(MESSAGES.nothingPayable);
    batch.set('count', sums.n);
    batch.set('total', sums.cents / 100);
    tx.save(batch);
    staffLog().write(tx, {
      actor: admin,
      action: 'payout_batch.create',
      target: { collection: 'payout_batches', id: batch.id },
      after: { number: batch.getInt('number'), count: sums.n, total: sums.cents / 100 },
    });
    return batch;
  });
  return app.findRecordById('payout_batches', made.id);
}

/**
 * Four-eyes release: another administrator than the creator, or the only one explicitly.
 * @param {CoreApp} app
 * @param {core.Record} admin
 * @param {string} batchId
 * @param {boolean} selfConfirm
 */
function releaseBatch(app, admin, batchId, selfConfirm) {
  const batch = findOr404(app, 'payout_batches', batchId);
  if (batch.getString('status') !== 'created') throw refuse(MESSAGES.notCreated);
  let self = false;
  if (batch.getString('createdBy') === admin.id) {
    if (countAdmins(app, admin.id) > 0) throw refuse(MESSAGES.fourEyes);
    if (!selfConfirm) throw refuse(MESSAGES.selfRelease);
    self = true;
  }
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(
        `UPDATE payout_batches SET status = 'released', releasedBy = {:admin}, releasedAt = {:now}, selfReleased = {:self},
                updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id = {:id} AND status = 'created'`,
      )
      .bind({ id: batchId, admin: admin.id, now: now(), self })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(MESSAGES.notCreated);
    staffLog().write(tx, {
      actor: admin,
      action: self ? 'payout_batch.self_release' : 'payout_batch.release',
      target: { collection: 'payout_batches', id: batchId },
      reason: self ? rules().STAFF_LOG_REASONS.onlyAdminReleased : '',
      before: { status: 'created', count: batch.getInt('count'), total: batch.getFloat('total') },
      after: { status: 'released' },
    });
  });
  return app.findRecordById('payout_batches', batchId);
}

/**
 * The bank executed the batch: its exported payouts are paid on `paidOn`; each workshop is mailed.
 * @param {CoreApp} app
 * @param {core.Record} admin
 * @param {string} batchId
 * @param {string} paidOn
 */
function markPaid(app, admin, batchId, paidOn) {
  const batch = findOr404(app, 'payout_batches', batchId);
  if (batch.getString('status') !== 'exported') throw refuse(MESSAGES.notExported);
  const exportedDay = require(`${__hooks}/lib/clock.js`).berlinDay(batch.getString('exportedAt').replace(' ', 'T')).iso;
  if (!isoDay(paidOn) || paidOn < exportedDay || paidOn > require(`${__hooks}/lib/clock.js`).berlinToday()) throw refuse(MESSAGES.paidOn);
  const amounts = require(`${__hooks}/lib/amounts.js`);
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(
        `UPDATE payout_batches SET status = 'paid', paidOn = {:paidOn}, paidBy = {:admin}, updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id = {:id} AND status = 'exported'`,
      )
      .bind({ id: batchId, paidOn, admin: admin.id })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(MESSAGES.notExported);
    const paid = tx.findRecordsByFilter('payouts', "batch = {:b} && status = 'exported'", '', 0, 0, { b: batchId });
    for (const payout of paid) {
      payout.set('status', 'paid');
      payout.set('paidOn', paidOn);
      tx.save(payout);
      mailAboutPayout(tx, payout, 'payout-sent', {
        amount: amounts.formatEuro(payout.getFloat('amount')),
        paidOn: rules().germanDate(paidOn),
      });
    }
    staffLog().write(tx, {
      actor: admin,
      action: 'payout_batch.paid',
      target: { collection: 'payout_batches', id: batchId },
      after: { status: 'paid', paidOn, payouts: paid.length },
    });
  });
  return app.findRecordById('payout_batches', batchId);
}

module.exports = { createBatch, releaseBatch, markPaid };
