import { describe, expect, it } from 'vitest';

import { payoutLabel, redeemable, redeemDeadline, voucherLabel } from './model';

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

// Issue 58: how many days an open code has left, on the campaign clock.
describe('redeemDeadline', () => {
  const v = (status: 'open' | 'audit' | 'closed', redeemEnd: string) => ({
    id: 'v',
    code: 'C',
    status,
    created: '',
    campaignLabel: '',
    redeemEnd,
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
    expect(redeemDeadline([v('open', END)], '2025-12-01 00:00:00.000Z')).toBeNull();
    expect(redeemDeadline([v('open', '')], '2025-09-15 10:00:00.000Z')).toBeNull();
    expect(redeemDeadline([v('open', END)], undefined)).toBeNull();
  });
});

// Campaigns coexist (issue 60): a code of last year's campaign stays open after its window.
describe('a code past its redeem window', () => {
  const code = (status: 'open' | 'audit' | 'closed', redeemEnd = '2025-11-30 22:59:59.999Z') => ({
    id: 'v',
    code: 'C',
    status,
    created: '2025-08-01 10:00:00.000Z',
    campaignLabel: 'NORA Cashback-Aktion 2025',
    redeemEnd,
  });

  it('is no longer redeemable and says so instead of Offen', () => {
    expect(redeemable(code('open'), '2025-11-30 12:00:00.000Z')).toBe(true);
    expect(voucherLabel(code('open'), '2025-11-30 12:00:00.000Z')).toBe('Offen');
    expect(redeemable(code('open'), '2026-11-29 12:00:00.000Z')).toBe(false);
    expect(voucherLabel(code('open'), '2026-11-29 12:00:00.000Z')).toBe('Einlösefrist abgelaufen (30.11.2025)');
  });

  it('keeps the other states, and an open code without a clock or window end is left to the server', () => {
    expect(voucherLabel(code('audit'), '2026-11-29 12:00:00.000Z')).toBe('In Prüfung');
    expect(voucherLabel(code('closed'), '2026-11-29 12:00:00.000Z')).toBe('Eingelöst');
    expect(redeemable(code('audit'), '2025-09-01 12:00:00.000Z')).toBe(false);
    expect(redeemable(code('open'), undefined)).toBe(true);
    expect(redeemable(code('open', ''), '2026-11-29 12:00:00.000Z')).toBe(true);
    expect(voucherLabel(code('open'))).toBe('Offen');
  });
});
