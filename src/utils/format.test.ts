import { describe, expect, it } from 'vitest';

import { formatDate, formatDateTime, formatMoney, NBSP } from './format';

const euro = (text: string) => text.replace(' €', `${NBSP}€`);

describe('German formats', () => {
  it('shows money with a decimal comma, thousands dot and euro sign', () => {
    expect(formatMoney(1734.6)).toBe(euro('1.734,60 €'));
    expect(formatMoney(50)).toBe(euro('50,00 €'));
  });

  it('shows a missing amount as 0 €', () => {
    expect(formatMoney(undefined)).toBe(euro('0 €'));
    expect(formatMoney(null)).toBe(euro('0 €'));
  });

  it('shows PocketBase dates as dd.mm.yyyy in Berlin time', () => {
    expect(formatDate('2025-05-14 22:00:00.000Z')).toBe('15.05.2025');
    expect(formatDate('2025-10-31T21:59:59.999Z')).toBe('31.10.2025');
  });

  it('adds hours and minutes for uploads and shows - when the date is missing', () => {
    expect(formatDateTime('2025-07-15 08:05:00.000Z')).toBe('15.07.2025, 10:05');
    expect(formatDate('')).toBe('-');
    expect(formatDateTime(null)).toBe('-');
  });
});
