// German display formats (SPEC section 9).
import { berlinDay, germanDate, toDate } from '../rules/dates';

// No Intl formatter is made when this module loads: it is part of the app's entry, and ICU's first
// German formatter took 20 ms of the main thread there (80 ms on Lighthouse's slowed CPU, one task
// with the entry's evaluation; decision 041). Each is made at its first use.
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const intlMoney = once(
  () => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const oneDecimal = once(() => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 }));
const twoDecimals = once(() => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }));

// Dates come from the rulebook (src/rules/dates.ts), which the hooks use too.

// A no-break space keeps the euro sign on the same line as the amount.
export const NBSP = '\u00a0';

/**
 * '1.234,50 €'; a missing amount is '0 €'. Written out, as Intl's German euro format writes it
 * (the unit test holds every double to it): Intl rounds the number's shortest decimal form (what
 * `String` gives: 1.005, not 1.00499…) half away from zero, and so does this. From 1e21 on and for
 * infinities Intl itself answers.
 */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return `0${NBSP}€`;
  if (!(Math.abs(value) < 1e21)) return intlMoney().format(value);
  const text = String(Math.abs(value));
  let cents = 0n; // below 1e-6 String writes an exponent: less than half a cent
  if (!text.includes('e')) {
    const [whole, fraction = ''] = text.split('.');
    cents = BigInt(whole! + (fraction + '00').slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1n : 0n);
  }
  const digits = cents.toString().padStart(3, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, '.')},${digits.slice(-2)}${NBSP}€`;
}

/** dd.mm.yyyy in Berlin time; '-' when missing or unreadable. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? '-' : berlinDay(d).date;
}

/**
 * Today (or `at`, a moment or a stored timestamp) in Berlin as YYYY-MM-DD: the bank's calendar,
 * as the server checks it (decision 035).
 */
export function berlinIsoDay(at: Date | string = new Date()): string {
  return berlinDay(at).iso;
}

/** A calendar day as the server stores it (YYYY-MM-DD, a bank's date) as dd.mm.yyyy, with no time zone shift. */
export function formatDay(iso: string): string {
  return germanDate(iso);
}

/** dd.mm.yyyy, hh:mm in Berlin time; '-' when missing or unreadable. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '-';
  const day = berlinDay(d);
  return `${day.date}, ${day.time}`;
}

/** '812 Byte', '4,2 KB' below 1 MB, '1,25 MB' from there (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}${NBSP}Byte`;
  // 1,048,575 bytes would round to '1.024 KB': that is 1 MB.
  if (Math.round((bytes / 1024) * 10) < 1024 * 10) return `${oneDecimal().format(bytes / 1024)}${NBSP}KB`;
  return `${twoDecimals().format(bytes / 1024 / 1024)}${NBSP}MB`;
}

/**
 * A count with its noun in the right number: '1 Einreichung', '2 Einreichungen', '1.234 Codes'
 * (issue 35: never '1 Einreichungen'). German plural forms are irregular, so both are given.
 */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString('de-DE')} ${n === 1 ? one : many}`;
}
