import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { confidenceLabel, correctedValue, isSure, READING } from './reading';

/** '1.234,56' for cents, the way an invoice prints an amount (the reference the property holds to). */
const printed = (cents: number) =>
  `${Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(cents % 100).padStart(2, '0')}`;

describe('an auditor’s correction of a read field (issue 61)', () => {
  it('takes every amount up to 1,000,000 EUR as printed, with or without thousands dots, as euros with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const want = (cents / 100).toFixed(2);
        expect(correctedValue('gross', printed(cents))).toEqual({ value: want });
        expect(correctedValue('net', printed(cents).replace(/\./g, ''))).toEqual({ value: want });
      }),
    );
  });

  it('refuses an amount above 1,000,000 EUR, with an exponent, a sign or three decimals, in German', () => {
    for (const raw of ['1.000.000,01', '12e3', '-5,00', '5,005', '1,2,3', '', '   ', 'NaN', 'Infinity']) {
      expect(correctedValue('gross', raw), raw).toEqual({
        error: raw.trim() ? READING.messages.correctionAmount : READING.messages.correctionValue,
      });
    }
  });

  it('takes every real day as TT.MM.JJJJ and refuses days that do not exist', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const [y, m, day] = iso.split('-');
        expect(correctedValue('invoiceDate', `${day}.${m}.${y}`)).toEqual({ value: iso });
      }),
    );
    for (const raw of ['31.02.2025', '00.01.2025', '2025-09-10', '10.9.25', '32.01.2025']) {
      expect(correctedValue('invoiceDate', raw), raw).toEqual({ error: READING.messages.correctionDate });
    }
  });

  it('takes a number in capitals up to 40 characters; refuses longer ones, control characters and fields that are matched, not typed', () => {
    expect(correctedValue('invoiceNumber', ' re-2025/0815 ')).toEqual({ value: 'RE-2025/0815' });
    expect(correctedValue('invoiceNumber', 'R'.repeat(41))).toEqual({ error: READING.messages.correctionValue });
    expect(correctedValue('invoiceNumber', 'RE\u0000X')).toEqual({ error: READING.messages.correctionValue });
    expect(correctedValue('seller', 'Autohaus')).toEqual({ error: READING.messages.correctionField });
    expect(correctedValue('__proto__', '1')).toEqual({ error: READING.messages.correctionField });
  });
});

describe('how sure a read field is', () => {
  it('is sure from the rulebook’s confidence on, never without a value', () => {
    expect(isSure({ value: 'RE-1', confidence: READING.minConfidence })).toBe(true);
    expect(isSure({ value: 'RE-1', confidence: READING.minConfidence - 0.1 })).toBe(false);
    expect(isSure({ value: '', confidence: 100 })).toBe(false);
    expect(isSure(undefined)).toBe(false);
    expect(confidenceLabel(83.4)).toBe('83 %');
    expect(confidenceLabel(140)).toBe('100 %');
  });
});
