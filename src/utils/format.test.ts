import { describe, expect, it } from 'vitest';

import fc from 'fast-check';

import { countOf, formatDate, formatDateTime, formatFileSize, formatMoney, NBSP } from './format';

const euro = (text: string) => text.replace(' €', `${NBSP}€`);

describe('German formats', () => {
  it('shows money with a decimal comma, thousands dot and euro sign', () => {
    expect(formatMoney(1734.6)).toBe(euro('1.734,60 €'));
    expect(formatMoney(50)).toBe(euro('50,00 €'));
  });

  it('writes every amount exactly as Intl’s German euro format does (the reference), without loading it', () => {
    const reference = new Intl.NumberFormat('de-DE', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const same = (value: number) => {
      expect(formatMoney(value), String(value)).toBe(reference.format(value));
    };
    // Amounts in cents, the way the portal holds money, and any double at all.
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => same(cents / 100)),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(fc.double({ noNaN: true }), same), { numRuns: 2000 });
    fc.assert(fc.property(fc.double({ min: -1e16, max: 1e16, noNaN: true }), same), { numRuns: 2000 });
    // Halves of a cent (exactly representable or just below), thousands, negative zero, the edges.
    for (const value of [0.125, 0.135, 1.005, 1.115, 2.675, -0.125, -0.001, -0, 0, 999.995, 1000, 999999.995, 1e15, 1e21, -1e21, 5e-324])
      same(value);
    for (const value of [Infinity, -Infinity]) same(value);
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

  it('shows file sizes in Byte, KB below 1 MB and MB from there, never 0 MB', () => {
    expect(formatFileSize(812)).toBe(`812${NBSP}Byte`);
    expect(formatFileSize(4 * 1024 + 205)).toBe(`4,2${NBSP}KB`);
    expect(formatFileSize(1024 * 1024 - 1)).toBe(`1${NBSP}MB`);
    expect(formatFileSize(1000 * 1024)).toBe(`1.000${NBSP}KB`);
    expect(formatFileSize(1024 * 1024)).toBe(`1${NBSP}MB`);
    expect(formatFileSize(5 * 1024 * 1024 - 1)).toBe(`5${NBSP}MB`);
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe(`1,25${NBSP}MB`);
  });
});

describe('countOf', () => {
  it('puts the noun in the singular for exactly one, in the plural otherwise (issue 35)', () => {
    expect(countOf(1, 'Einreichung wartet', 'Einreichungen warten')).toBe('1 Einreichung wartet');
    expect(countOf(0, 'Werkstatt gefunden', 'Werkstätten gefunden')).toBe('0 Werkstätten gefunden');
    expect(countOf(2, 'Hinweis', 'Hinweise')).toBe('2 Hinweise');
    expect(countOf(40000, 'Auszahlung', 'Auszahlungen')).toBe('40.000 Auszahlungen');
  });
});
