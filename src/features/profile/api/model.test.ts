import { describe, expect, it } from 'vitest';

import { payoutLabel, voucherLabel } from './model';

// Issue 35: the payout's state in the workshop's words on 'Meine Einreichungen'.
describe('payoutLabel', () => {
  it.each([
    ['payable', 'in Vorbereitung'],
    ['held', 'in Vorbereitung'],
    ['in_batch', 'in Vorbereitung'],
    ['exported', 'angewiesen'],
    ['returned', 'zurückgekommen: bitte Bankdaten prüfen'],
  ] as const)('%s → %s', (payoutStatus, label) => {
    expect(payoutLabel({ status: 'passed', payoutStatus, paidOn: '' })).toBe(label);
  });

  it('names the day a payout was paid, as the bank dated it', () => {
    expect(payoutLabel({ status: 'passed', payoutStatus: 'paid', paidOn: '2026-11-24' })).toBe('ausgezahlt am 24.11.2026');
    expect(voucherLabel({ id: 'v', code: 'C', status: 'closed', created: '', campaignLabel: '', paidOn: '2026-11-24' })).toBe(
      'Ausgezahlt am 24.11.2026',
    );
  });

  it('a passed submission without a payout yet is being prepared; one in audit has none', () => {
    expect(payoutLabel({ status: 'passed', payoutStatus: '', paidOn: '' })).toBe('in Vorbereitung');
    expect(payoutLabel({ status: 'pending', payoutStatus: '', paidOn: '' })).toBe('–');
  });
});
