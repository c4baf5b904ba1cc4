import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { berlinDay, germanDate } from './dates';

// The reference: the time zone data of the JavaScript engine (Node's ICU), which the hooks'
// runtime lacks. Between 1996 (the EU's common rule) and 2037 both must agree on every minute.
const reference = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function fromIntl(d: Date) {
  const part = (type: string) => reference.formatToParts(d).find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('day')}.${part('month')}.${part('year')}`,
    iso: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

describe('berlinDay', () => {
  it('agrees with the time zone data on any moment from 1996 to 2037', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1996, 0, 1), max: Date.UTC(2037, 11, 31) }), (ms) => {
        const d = new Date(ms);
        expect(berlinDay(d)).toEqual(fromIntl(d));
      }),
      { numRuns: 5000 },
    );
  });

  it('switches at 01:00 UTC on the last Sundays of March and October', () => {
    expect(berlinDay('2025-03-30 00:59:59.000Z').time).toBe('01:59');
    expect(berlinDay('2025-03-30 01:00:00.000Z').time).toBe('03:00');
    expect(berlinDay('2025-10-26 00:59:59.000Z').time).toBe('02:59');
    expect(berlinDay('2025-10-26 01:00:00.000Z').time).toBe('02:00');
    // The last hour of a UTC day is already the next day in Berlin.
    expect(berlinDay('2025-07-14 22:00:00.000Z')).toEqual({ date: '15.07.2025', iso: '2025-07-15', time: '00:00' });
  });

  it('agrees with the time zone data around every switch of the campaign years', () => {
    for (let year = 2024; year <= 2030; year++) {
      for (const month of [2, 9]) {
        const last = new Date(Date.UTC(year, month + 1, 0));
        const sunday = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
        for (const delta of [-60001, -1, 0, 1, 60000]) {
          const d = new Date(sunday + delta);
          expect(berlinDay(d)).toEqual(fromIntl(d));
        }
      }
    }
  });
});

describe('germanDate', () => {
  it('writes a calendar day without shifting it', () => {
    expect(germanDate('2025-12-31')).toBe('31.12.2025');
    expect(germanDate('2025-01-01 00:00:00.000Z')).toBe('01.01.2025');
    expect(germanDate('')).toBe('');
  });
});
