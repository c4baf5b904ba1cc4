import { describe, expect, it } from 'vitest';

import { payoutLabel, redeemDeadline, voucherLabel } from './model';

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
    expect(
      voucherLabel({ id: 'v', code: 'C', status: 'closed', created: '', campaignLabel: '', paidOn: '2026-11-24', redeemable: false }),
    ).toBe('Ausgezahlt am 24.11.2026');
  });

  it('a passed submission without a payout yet is being prepared; one in audit has none', () => {
    expect(payoutLabel({ status: 'passed', payoutStatus: '', paidOn: '' })).toBe('in Vorbereitung');
    expect(payoutLabel({ status: 'pending', payoutStatus: '', paidOn: '' })).toBe('–');
  });
});

// Issue 58: how many days an open code has left, on the campaign clock.
describe('redeemDeadline', () => {
  // The server says whether a code can still be redeemed (decision 071).
  const v = (status: 'open' | 'audit' | 'closed', redeemEnd: string, redeemable = status === 'open') => ({
    id: 'v',
    code: 'C',
    status,
    created: '',
    campaignLabel: '',
    redeemEnd,
    redeemable,
  });
  const END = '2025-11-30 22:59:59.999Z';

  it('counts the days until the earliest open code’s window ends, the last day as 1', () => {
    expect(redeemDeadline([v('open', END)], '2025-09-15 10:00:00.000Z')).toEqual({ until: END, daysLeft: 77 });
    expect(redeemDeadline([v('open', END)], '2025-11-30 12:00:00.000Z')).toEqual({ until: END, daysLeft: 1 });
    expect(redeemDeadline([v('open', END), v('open', '2025-10-31 22:59:59.999Z')], '2025-10-01 00:00:00.000Z')!.until).toBe(
      '2025-10-31 22:59:59.999Z',
    );
  });

  it('says nothing without an open code, once the window has closed, or without the clock', () => {
    expect(redeemDeadline([v('closed', END), v('audit', END)], '2025-09-15 10:00:00.000Z')).toBeNull();
    expect(redeemDeadline([v('open', END, false)], '2025-12-01 00:00:00.000Z')).toBeNull();
    expect(redeemDeadline([v('open', '')], '2025-09-15 10:00:00.000Z')).toBeNull();
    expect(redeemDeadline([v('open', END)], undefined)).toBeNull();
  });
});

// Campaigns coexist (issue 60): a code of last year's campaign stays open after its window.
describe('a code past its redeem window', () => {
  const code = (status: 'open' | 'audit' | 'closed', redeemable: boolean) => ({
    id: 'v',
    code: 'C',
    status,
    created: '2025-08-01 10:00:00.000Z',
    campaignLabel: 'NORA Cashback-Aktion 2025',
    redeemEnd: '2025-11-30 22:59:59.999Z',
    redeemable,
  });

  it('says it can no longer be redeemed instead of Offen, and counts for no deadline', () => {
    expect(voucherLabel(code('open', true))).toBe('Offen');
    expect(voucherLabel(code('open', false))).toBe('Einlösefrist abgelaufen (30.11.2025)');
    expect(redeemDeadline([code('open', false)], '2025-11-30 12:00:00.000Z')).toBeNull();
  });

  it('keeps the other states as they are', () => {
    expect(voucherLabel(code('audit', false))).toBe('In Prüfung');
    expect(voucherLabel(code('closed', false))).toBe('Eingelöst');
  });
});
