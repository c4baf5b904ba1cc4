/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// An auditor corrects a stored verdict (issue 58, docs/decisions/057-a-verdict-corrected-until-its-payout-is-in-a-batch.md).
// Possible while nothing has left the portal: a passed submission until its payout is in a
// batch, a rejected one until its code is submitted again. In one transaction: the submission
// and its voucher, the payout (taken back or made), a new history row beside the earlier one,
// one mail saying it corrects the earlier one, and the staff log with before and after.

const rules = () => require(`${__hooks}/vendor/rules.js`);

/**
 * The outcome the submission's latest verdict stands for, or '' when it has none.
 * @param {CoreApp} tx
 * @param {string} submissionId
 */
function storedOutcome(tx, submissionId) {
  const rows = tx.findRecordsByFilter('submission_audits', 'submission = {:s}', '-created,-id', 1, 0, { s: submissionId });
  if (rows.length === 0) return '';
  return rules().outcomeOf(rows[0].getBool('checked'), rows[0].getBool('faulty'));
}

/**
 * Corrects the verdict of `submissionId` to `outcome` ('passed', 'faulty' or 'missing') with the
 * auditor's `reason`. Throws a BadRequestError with the rulebook's German message when it may not.
 * @param {CoreApp} app
 * @param {string} auditorId
 * @param {string} submissionId
 * @param {unknown} outcome as the request sent it
 * @param {unknown} reason
 */
function correct(app, auditorId, submissionId, outcome, reason) {
  const r = rules();
  const M = r.CORRECTION.messages;
  const flags = r.flagsOf(outcome);
  if (!flags) throw new BadRequestError(M.outcome);
  const text = String(reason || '').trim();
  if (text === '' || text.length > r.CORRECTION.reasonMax) throw new BadRequestError(M.reason);
  if (r.controlProblem(text)) throw new BadRequestError(r.MESSAGES.control);
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    let submission;
    try {
      submission = tx.findRecordById('submissions', submissionId);
    } catch (_) {
      throw new NotFoundError(M.notFound);
    }
    if (submission.getString('status') === 'pending') throw new BadRequestError(M.pending);
    const before = storedOutcome(tx, submission.id);
    if (before === outcome) throw new BadRequestError(M.same);
    const voucher = tx.findRecordById('vouchers', submission.getString('voucher'));
    const payouts = tx.findRecordsByFilter('payouts', 'submission = {:s}', '', 1, 0, { s: submission.id });
    const payout = payouts.length > 0 ? payouts[0] : null;
    if (submission.getString('status') === 'passed') {
      // Only a payout that has not left for a batch can be taken back.
      if (payout && (payout.getString('batch') !== '' || ['payable', 'held'].indexOf(payout.getString('status')) < 0)) {
        throw new BadRequestError(M.inBatch);
      }
    } else {
      // A rejected code is open again: once it was submitted anew, the new submission is what counts.
      const later = tx.findRecordsByFilter('submissions', 'voucher = {:v} && id != {:s} && created >= {:c}', '', 1, 0, {
        v: voucher.id,
        s: submission.id,
        c: submission.getString('created'),
      });
      if (later.length > 0 || voucher.getString('status') !== 'open') throw new BadRequestError(M.resubmitted);
    }
    const payoutBefore = payout
      ? { id: payout.id, amount: payout.getFloat('amount'), status: payout.getString('status'), iban: r.maskIban(payout.getString('iban')) }
      : null;
    if (payout && outcome !== 'passed') tx.delete(payout);
    require(`${__hooks}/lib/audits.js`).recordVerdict(tx, submission, voucher, {
      auditorId,
      checked: flags.checked,
      faulty: flags.faulty,
      note: text,
      source: 'correction',
      corrected: true,
    });
    require(`${__hooks}/lib/staff-log.js`).write(tx, {
      actor: tx.findRecordById('auditors', auditorId),
      action: 'review.corrected',
      target: { collection: 'submissions', id: submission.id },
      reason: text,
      before: { outcome: before, payout: payoutBefore },
      after: { outcome },
    });
  });
}

module.exports = { correct, storedOutcome };
