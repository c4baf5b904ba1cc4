// German display formats (SPEC section 9).
const money = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
import { berlinDay, germanDate, toDate } from '../rules/dates';

// Dates come from the rulebook (src/rules/dates.ts), which the hooks use too.

// A no-break space keeps the euro sign on the same line as the amount.
export const NBSP = '\u00a0';

/** '1.234,50 €'; a missing amount is '0 €'. */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return `0${NBSP}€`;
  return money.format(value);
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

const oneDecimal = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** '812 Byte', '4,2 KB' below 1 MB, '1,25 MB' from there (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}${NBSP}Byte`;
  // 1,048,575 bytes would round to '1.024 KB': that is 1 MB.
  if (Math.round((bytes / 1024) * 10) < 1024 * 10) return `${oneDecimal.format(bytes / 1024)}${NBSP}KB`;
  return `${twoDecimals.format(bytes / 1024 / 1024)}${NBSP}MB`;
}

/**
 * A count with its noun in the right number: '1 Einreichung', '2 Einreichungen', '1.234 Codes'
 * (issue 35: never '1 Einreichungen'). German plural forms are irregular, so both are given.
 */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString('de-DE')} ${n === 1 ? one : many}`;
}
