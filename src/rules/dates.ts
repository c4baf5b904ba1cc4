// Dates as German readers see them, written once for the SPA and the hooks (issue 36).
// PocketBase's JS runtime has no Intl, so Berlin time is computed here by the EU rule: summer
// time (CEST, UTC+2) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last
// Sunday of October, winter time (CET, UTC+1) otherwise. A property test holds it to the
// browser's own time zone data (src/rules/dates.test.ts).

export interface BerlinDay {
  /** dd.mm.yyyy */
  date: string;
  /** yyyy-mm-dd, the bank's calendar */
  iso: string;
  /** hh:mm */
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Dates as PocketBase writes them ('2025-07-14 22:00:00.000Z'), ISO strings, numbers or Date. */
export function toDate(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  return new Date(typeof value === 'string' ? value.replace(' ', 'T') : value);
}

/** Hours Berlin is ahead of UTC at `d` (1 in winter, 2 in summer). */
export function berlinOffsetHours(d: Date): 1 | 2 {
  const year = d.getUTCFullYear();
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return last.getUTCDate() - last.getUTCDay();
  };
  const summerFrom = Date.UTC(year, 2, lastSunday(2), 1);
  const summerUntil = Date.UTC(year, 9, lastSunday(9), 1);
  return d.getTime() >= summerFrom && d.getTime() < summerUntil ? 2 : 1;
}

/** The day and time in Berlin of a moment. */
export function berlinDay(value: string | number | Date): BerlinDay {
  const d = toDate(value);
  const local = new Date(d.getTime() + berlinOffsetHours(d) * 3600000);
  return {
    date: `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}`,
    iso: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** A calendar day (YYYY-MM-DD, a bank's date, no time zone) as dd.mm.yyyy. */
export function germanDate(iso: string): string {
  const [y, m, d] = String(iso).slice(0, 10).split('-');
  return d && m && y ? `${d}.${m}.${y}` : String(iso);
}
