/// <reference path="../../../node_modules/.cache/pocketbase-types/types.d.ts" />

// A passed submission becomes exactly one payout (unique index on the submission), written in
// the verdict's transaction (see common.js for the payout's states).

/**
 * Called in the transaction of a passing verdict: the submission's payout, unless it has
 * one (the unique index would refuse a second anyway).
 * @param {CoreApp} tx
 * @param {core.Record} submission
 * @param {core.Record} voucher
 */
function createForSubmission(tx, submission, voucher) {
  const existing = tx.findRecordsByFilter('payouts', 'submission = {:s}', '', 1, 0, { s: submission.id });
  if (existing.length > 0) return existing[0];
  const campaign = tx.findRecordById('campaigns', submission.getString('campaign'));
  const code = voucher.getString('code');
  const payout = new Record(tx.findCollectionByNameOrId('payouts'));
  payout.set('submission', submission.id);
  payout.set('user', submission.getString('user'));
  payout.set('voucher', voucher.id);
  payout.set('campaign', campaign.id);
  payout.set('amount', campaign.getFloat('reward'));
  payout.set('accountHolder', `${submission.getString('ibanFirstName')} ${submission.getString('ibanLastName')}`.trim());
  payout.set('iban', submission.getString('ibanNumber'));
  payout.set('bic', submission.getString('ibanBic'));
  payout.set('endToEndId', code);
  payout.set('remittance', `NORA Cashback ${code}`);
  payout.set('status', 'payable');
  tx.save(payout);
  return payout;
}

module.exports = { createForSubmission };
