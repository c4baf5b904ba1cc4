import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The dashboard's ISO weeks (pb_hooks/lib/dashboard.js, a pure function the hook runtime
// and Node both run). ISO 8601 defines the week by three facts, checked on generated dates:
// weeks start on Monday, 4 January is always in week 1, 28 December always in its year's
// last week, and a week number is 1 to 53.
const { isoWeek } = createRequire(import.meta.url)('../pb_hooks/lib/dashboard.js') as { isoWeek: (day: string) => string };

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const days = fc.integer({ min: Date.UTC(1990, 0, 1) / DAY, max: Date.UTC(2100, 0, 1) / DAY }).map((d) => d * DAY);
const years = fc.integer({ min: 1990, max: 2099 });

describe('ISO weeks of the dashboard', () => {
  it('a week runs Monday to Sunday: six days after a Monday are in its week, the seventh is not', () => {
    fc.assert(
      fc.property(days, (t) => {
        const monday = t - ((new Date(t).getUTCDay() + 6) % 7) * DAY;
        const week = isoWeek(iso(monday));
        for (let i = 1; i < 7; i += 1) expect(isoWeek(iso(monday + i * DAY))).toBe(week);
        expect(isoWeek(iso(monday + 7 * DAY))).not.toBe(week);
        expect(isoWeek(iso(monday - DAY))).not.toBe(week);
      }),
    );
  });

  it('4 January is in week 1 and 28 December in the last week of its own year', () => {
    fc.assert(
      fc.property(years, (year) => {
        expect(isoWeek(`${year}-01-04`)).toBe(`${year}-W01`);
        const last = isoWeek(`${year}-12-28`);
        expect(last.startsWith(`${year}-W`)).toBe(true);
        // The week after it is week 1 of the next year.
        expect(isoWeek(iso(Date.UTC(year, 11, 28) + 7 * DAY))).toBe(`${year + 1}-W01`);
      }),
    );
  });

  it('names the week as YYYY-Www with a number from 1 to 53, and nothing for a malformed day', () => {
    fc.assert(
      fc.property(days, (t) => {
        const m = /^(\d{4})-W(\d{2})$/.exec(isoWeek(iso(t)));
        expect(m).not.toBeNull();
        expect(Number(m![2])).toBeGreaterThanOrEqual(1);
        expect(Number(m![2])).toBeLessThanOrEqual(53);
        expect(Math.abs(Number(m![1]) - new Date(t).getUTCFullYear())).toBeLessThanOrEqual(1);
      }),
    );
    for (const bad of ['', 'kein Datum', '2025-13-45']) expect(isoWeek(bad)).toBe('');
  });
});
