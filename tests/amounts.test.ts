import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The amount parser of sales files (pb_hooks/lib/amounts.js, run by the hook runtime on every
// row and by Node here) against exact decimal arithmetic: whatever the text, it gives the
// cents the text writes or a reason, never a cent off.
// The hook runtime's __hooks (the module reads the rulebook's bundle through it).
(globalThis as { __hooks?: string }).__hooks = path.resolve(import.meta.dirname, '..', 'pb_hooks');
const { parseCents, REASONS } = createRequire(import.meta.url)('../pb_hooks/lib/amounts.js') as {
  parseCents: (raw: unknown, maxEuro: number) => { cents?: number; reason?: string };
  REASONS: { invalid: string; ambiguous: string };
};

/** The reference: the text's cents with BigInt, or null when the text is no amount of SPEC's forms. */
function exactCents(text: string): bigint | null {
  const t = text.trim();
  const plain = /^(-?)(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(t);
  const grouped = /^(-?)(\d{1,3}(?:\.\d{3})+),(\d{1,2})$/.exec(t);
  const m = plain ?? grouped;
  if (!m || t.length > 24) return null;
  const euros = BigInt(m[2]!.replace(/\./g, ''));
  const cents = BigInt((m[3] ?? '').padEnd(2, '0'));
  const value = euros * 100n + cents;
  return m[1] === '-' ? -value : value;
}

// The widest band a campaign can set is far below this; every amount up to it is exact.
const MAX_EURO = 999_999_999_999;

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const amountText = fc.oneof(
  fc
    .tuple(fc.constantFrom('', '-'), digits(1, 12), fc.constantFrom('', '.', ','), digits(0, 3))
    .map(([s, e, sep, d]) => `${s}${e}${sep}${d}`),
  fc
    .tuple(fc.constantFrom('', '-'), digits(1, 3), fc.array(digits(3, 3), { minLength: 1, maxLength: 4 }), digits(1, 2))
    .map(([s, e, groups, d]) => `${s}${e}.${groups.join('.')},${d}`),
  fc
    .tuple(fc.constantFrom(' ', '\t', '\u00a0', ''), fc.string({ unit: fc.constantFrom(...'0123456789.,-+eE xX'), maxLength: 20 }))
    .map(([b, t]) => `${b}${t}${b}`),
);

describe('amounts in sales files', () => {
  it('gives exactly the cents the text writes, or a reason when it writes none', () => {
    fc.assert(
      fc.property(amountText, (text) => {
        const exact = exactCents(text);
        const parsed = parseCents(text, MAX_EURO);
        if (exact === null) {
          expect(parsed.cents).toBeUndefined();
          expect([REASONS.invalid, REASONS.ambiguous]).toContain(parsed.reason);
        } else if (exact > BigInt(MAX_EURO * 100) || exact < -BigInt(MAX_EURO * 100)) {
          expect(parsed.reason).toMatch(/^Umsatz außerhalb des erlaubten Bereichs/);
        } else {
          expect(parsed.reason).toBeUndefined();
          expect(BigInt(parsed.cents!)).toBe(exact);
        }
      }),
      { numRuns: 20_000 },
    );
  });

  it('refuses what lies one cent beyond the band, on either side, and takes the band itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (max) => {
        const euro = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
        expect(parseCents(euro(max * 100), max)).toEqual({ cents: max * 100 });
        expect(parseCents(`-${euro(max * 100)}`, max)).toEqual({ cents: -max * 100 });
        expect(parseCents(euro(max * 100 + 1), max).reason).toMatch(/^Umsatz außerhalb des erlaubten Bereichs/);
        expect(parseCents(`-${euro(max * 100 + 1)}`, max).reason).toMatch(/^Umsatz außerhalb des erlaubten Bereichs/);
      }),
    );
  });
});
