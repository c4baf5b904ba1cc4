// The rulebook (issue 16): every limit, pattern and German message of the fields in SPEC
// section 5 and the server's extra rules, written once. The SPA's zod schemas wrap these
// checks; scripts/bundle-hooks.mjs bundles this module (with ibantools) to CommonJS for the
// hooks (pb_hooks/vendor/rules.js); tests/api/rules.test.ts checks that every
// migration's field limits equal the ones here. No zod, no DOM: it runs in PocketBase's JS
// runtime as it is.

import { LIMITS, MESSAGES } from './messages';
import { sepaNameProblem } from './sepa';

// Parts in modules of their own, so a page loads only what it uses: the app shell reads
// the session lifetimes and the overload message, the landing page's form no IBAN checks.
export { SESSION_SECONDS } from './session';
export { NOT_PROCESSED_HEADER, notProcessedBody, OVERLOAD, PAGE_TOKEN_HEADER, TICKET_HEADER } from './load';
export { LOCKOUT } from './lockout';
export { SIGN_UP_PASSWORD, WORKSHOP_FIELDS, type WorkshopFields } from './fields';
export { germanCount, LIMITS, MESSAGES } from './messages';
export { STAFF_LOG_LABELS, staffLogLabel } from './staff-log';
export { maskIban } from './mask';
export { AUDIT_FILE_DUPLICATE, AUDIT_ROW, CSV_ROW, customerKey, gpnrProblem } from './csv-rows';
export { INVOICE, INVOICE_ACCEPT, isInvoiceFile } from './invoice';
export { berlinDay, berlinOffsetHours, germanDate, toDate, type BerlinDay } from './dates';
export { ACCOUNT_DELETION, DATA_EXPORT, RETENTION, keepBookingVoucherUntil } from './privacy';
export {
  AUDIT_OUTCOME_LABELS,
  MAIL_STATUS_LABELS,
  MAIL_TEMPLATE_LABELS,
  SUBMISSION_STATUS_LABELS,
  VOUCHER_STATUS_LABELS,
  WORKSHOP_PAYOUT_LABELS,
  labelOf,
} from './labels';
export { SEPA_TEXT, sepaNameProblem, sepaText, toSepaText } from './sepa';
export {
  confidenceLabel,
  CORRECTABLE_FIELDS,
  correctedValue,
  isSure,
  READ_FIELDS,
  READING,
  READING_SIGNALS,
  READING_STATES,
  type ReadField,
  type ReadingState,
  type ReadValue,
} from './reading';
// The correction of a stored verdict: '@/rules/verdicts' (not here: the entry path loads this index).
// IBAN and BIC: '@/rules/bank' (not re-exported here, so importing the rulebook does not load ibantools).

export interface TextRule {
  label: string;
  min: number;
  max: number;
  /** An empty value gets the 'too short' message instead of 'required' (the cashback form's wording). */
  emptyIsShort?: boolean;
  /** The text goes into a SEPA payment file: every character must have a place in the EPC set (rules/sepa.ts). */
  sepa?: boolean;
}

/** The text fields of a workshop account and of a redemption's account holder. */
export const TEXT_RULES = {
  firstName: { label: 'Vorname', min: LIMITS.nameMin, max: LIMITS.nameMax },
  lastName: { label: 'Nachname', min: LIMITS.nameMin, max: LIMITS.nameMax },
  shopName: { label: 'Werkstattname', min: LIMITS.longTextMin, max: LIMITS.longTextMax },
  address: { label: 'Straße', min: LIMITS.longTextMin, max: LIMITS.longTextMax },
  streetNumber: { label: 'Hausnummer', min: LIMITS.streetNumberMin, max: LIMITS.streetNumberMax },
  city: { label: 'Ort', min: LIMITS.nameMin, max: LIMITS.nameMax },
  ibanFirstName: { label: 'Vorname', min: LIMITS.nameMin, max: LIMITS.nameMax, emptyIsShort: true, sepa: true },
  ibanLastName: { label: 'Nachname', min: LIMITS.nameMin, max: LIMITS.nameMax, emptyIsShort: true, sepa: true },
} as const satisfies Record<string, TextRule>;

/** An e-mail address as the forms accept it (zod's own pattern, so form and server agree). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function emailProblem(value: string | null | undefined): string | null {
  const email = String(value ?? '').trim();
  if (email.length > LIMITS.emailMax) return MESSAGES.emailMax;
  return EMAIL_PATTERN.test(email) ? null : MESSAGES.emailInvalid;
}

export function passwordProblem(value: string | null | undefined): string | null {
  const length = [...String(value ?? '')].length;
  if (length < LIMITS.passwordMin) return MESSAGES.passwordMin;
  return length > LIMITS.passwordMax ? MESSAGES.passwordMax : null;
}

// C0 controls (line breaks, tab, NUL ...), DEL and C1 controls: never in stored text.
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Why a stored text is refused for control characters, or null. */
export function controlProblem(value: string | null | undefined): string | null {
  return value && CONTROL_CHARACTERS.test(value) ? MESSAGES.control : null;
}

/** Why a text (surrounding spaces do not count) breaks its rule, or null. */
export function textProblem(value: string | null | undefined, rule: TextRule): string | null {
  if (controlProblem(value)) return MESSAGES.control;
  const text = String(value ?? '').trim();
  if (text.length === 0) return rule.emptyIsShort ? MESSAGES.tooShort(rule.label, rule.min) : MESSAGES.required(rule.label);
  if (text.length < rule.min) return rule.min === 1 ? MESSAGES.required(rule.label) : MESSAGES.tooShort(rule.label, rule.min);
  if (text.length > rule.max) return MESSAGES.tooLong(rule.label, rule.max);
  return rule.sepa ? sepaNameProblem(text) : null;
}

/** SPEC section 5 phone rules: optional; digits, +, spaces, - and (); a digit; one leading + at most. */
export function phoneProblem(value: string | null | undefined): string | null {
  if (controlProblem(value)) return MESSAGES.control;
  if (!value || !value.trim()) return null;
  const v = value.trim();
  if (v.length > LIMITS.phoneMax) return MESSAGES.phoneMax;
  if (!/^[0-9+ ()-]+$/.test(v)) return MESSAGES.phoneCharacters;
  if (!/[0-9]/.test(v)) return MESSAGES.phoneDigit;
  if ((v.match(/\+/g) ?? []).length > 1 || (v.includes('+') && !v.startsWith('+'))) return MESSAGES.phonePlus;
  return null;
}

/**
 * '+49 30 1234' and '0049 (030) 1234' become '0049301234': German numbers in international
 * form get 0049 and a national part starting with 0. Others are only cleaned; an empty
 * value yields undefined.
 */
export function normalizePhone(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const cleaned = value.trim().replace(/[\s()-]/g, '');
  if (!cleaned) return undefined;
  const international = cleaned.match(/^(?:\+49|0049)(.*)$/);
  if (!international) return cleaned;
  const national = international[1]!;
  return `0049${national.startsWith('0') ? national : `0${national}`}`;
}

export function zipProblem(value: string | null | undefined): string | null {
  return /^\d{5}$/.test(String(value ?? '').trim()) ? null : MESSAGES.zip;
}

/** Spaces removed and upper case, as an IBAN is stored and sent. */
export function customerNumberProblem(value: string | null | undefined): string | null {
  if (controlProblem(value)) return MESSAGES.control;
  const v = String(value ?? '').trim();
  if (!v) return MESSAGES.customerNumberRequired;
  if (v.length > LIMITS.customerNumberMax) return MESSAGES.customerNumberMax;
  return /^[A-Za-z0-9]+$/.test(v) ? null : MESSAGES.customerNumberChars;
}

/** A cashback code as typed: at most 50 characters, starting with the campaign's prefix and a hyphen. */
export function codeProblem(value: string | null | undefined, prefix: string): string | null {
  const v = String(value ?? '').trim();
  if (!v) return MESSAGES.code;
  if (v.length > LIMITS.codeMax) return MESSAGES.codeMax;
  return v.toUpperCase().startsWith(`${prefix}-`) ? null : MESSAGES.code;
}

/** Whole cents of an amount in euros (amounts are stored with two decimals). */
export const toCents = (euros: number) => Math.round(Number(euros) * 100);

/**
 * The campaign's threshold arithmetic (DECISIONS section 4), in whole cents so no float
 * rounding tips a code: a total earns floor(total / threshold) codes, and the next code is
 * threshold - (total mod threshold) away.
 */
export function codesEarned(totalSales: number, threshold: number): number {
  const cents = toCents(totalSales);
  const step = toCents(threshold);
  if (cents <= 0 || step <= 0) return 0;
  return Math.floor(cents / step);
}

export function toNextCashback(totalSales: number, threshold: number): number {
  const step = toCents(threshold);
  if (step <= 0) return 0;
  return (step - (toCents(totalSales) % step)) / 100;
}

/** The bank's return reasons for a payout (ISO 20022 ExternalReturnReason1Code), in German. */
export const RETURN_REASONS: Record<string, string> = {
  AC01: 'IBAN fehlerhaft (AC01)',
  AC04: 'Konto aufgelöst (AC04)',
  AC06: 'Konto gesperrt (AC06)',
  AC13: 'Ungültiger Kontotyp des Empfängers (AC13)',
  AG01: 'Transaktion für dieses Konto nicht erlaubt (AG01)',
  AM05: 'Doppelte Zahlung (AM05)',
  BE04: 'Empfängeranschrift fehlt oder falsch (BE04)',
  MD07: 'Kontoinhaber verstorben (MD07)',
  MS03: 'Grund nicht angegeben (MS03)',
  RR04: 'Regulatorische Gründe (RR04)',
};

/**
 * Reasons the portal itself asks a workshop for new bank details (no bank return): the account
 * holder's name cannot be written in SEPA characters (a name stored before the check existed).
 */
export const PORTAL_RETURN_REASONS: Record<string, string> = {
  NAME: 'Name des Kontoinhabers für die SEPA-Überweisung nicht lesbar',
};

/** The German label of a return reason, the bank's or the portal's; the code itself when unknown. */
export function returnReasonLabel(code: string): string {
  return RETURN_REASONS[code] ?? PORTAL_RETURN_REASONS[code] ?? code;
}

// Labels of the invoice's own number and date. The date labels are whole words: 'Lieferdatum',
// 'Bestelldatum' or 'Leistungsdatum' end in 'datum' and are no invoice date (issue 31).
const NUMBER_LABEL = /(?:^|[^A-Za-zÄÖÜäöüß])(?:Rechnungs?[ \t-]*(?:nummer|nr\.?|no\.?)|Beleg[ \t-]*(?:nummer|nr\.?))[ \t]*[:.#]?[ \t]*/gi;
const INVOICE_DATE_LABEL = /(?:^|[^A-Za-zÄÖÜäöüß])(?:Rechnungs[ \t-]*datum|Belegdatum|Datum der Rechnung)[ \t]*[:.]?[ \t]*/gi;
const PLAIN_DATE_LABEL = /(?:^|[^A-Za-zÄÖÜäöüß-])Datum[ \t]*[:.]?[ \t]*/gi;
// The document date as an invoice's head line writes it: 'Rechnung vom 3.3.2025', 'Rechnung Nr. 4711 vom …'.
const INVOICE_OF = /(?:^|[^A-Za-zÄÖÜäöüß])Rechnung(?:s?[ \t-]*(?:nummer|nr\.?|no\.?))?\b[^\n]{0,40}?\bvom[ \t]*/gi;
const DATE_AT_START = /^(?:(\d{1,2})\.[ \t]?(\d{1,2})\.[ \t]?(\d{4}|\d{2})|(\d{4})-(\d{2})-(\d{2}))(?![\d])/;
const NUMBER_PART = /^[A-Za-z0-9][A-Za-z0-9\-/.]*/;

/** A date 'dd.mm.yyyy', 'd.m.yy' or 'yyyy-mm-dd' at the start of `text`, as YYYY-MM-DD if it is a real day. */
function dateAt(text: string): string {
  const d = text.match(DATE_AT_START);
  if (!d) return '';
  const [day, month, year] = d[1] ? [d[1], d[2]!, d[3]!.length === 2 ? `20${d[3]}` : d[3]!] : [d[6]!, d[5]!, d[4]!];
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const check = new Date(`${iso}T12:00:00Z`);
  return !Number.isNaN(check.getTime()) && check.toISOString().slice(0, 10) === iso ? iso : '';
}

/** Every match of a global pattern (exec in a loop: the hook runtime has no matchAll). */
function matchesOf(text: string, pattern: RegExp): RegExpExecArray[] {
  const found: RegExpExecArray[] = [];
  const re = new RegExp(pattern.source, pattern.flags);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    found.push(m);
    if (m[0] === '') re.lastIndex += 1;
  }
  return found;
}

/** The first valid date right after one of `label`'s matches (same line). */
function labelledDate(text: string, label: RegExp): string {
  for (const m of matchesOf(text, label)) {
    const date = dateAt(text.slice(m.index + m[0].length));
    if (date) return date;
  }
  return '';
}

/**
 * The invoice number after a label, with its whole token: 'RE 4711' (a further part joins when it
 * holds a digit and is no date), up to the end of the line or a word such as 'vom' or 'Datum'.
 * A number without any digit is no number.
 */
function labelledNumber(text: string): string {
  for (const m of matchesOf(text, NUMBER_LABEL)) {
    let rest = text.slice(m.index + m[0].length);
    const parts: string[] = [];
    for (;;) {
      const part = rest.match(NUMBER_PART)?.[0];
      if (!part) break;
      if (parts.length > 0 && (!/\d/.test(part) || dateAt(part))) break;
      parts.push(part.replace(/[.\-/]+$/, ''));
      const gap = rest.slice(part.length).match(/^[ \t]/);
      if (!gap) break;
      rest = rest.slice(part.length + 1);
    }
    const number = parts.filter(Boolean).join(' ').slice(0, 40);
    if (/\d/.test(number)) return number.toUpperCase();
  }
  return '';
}

/**
 * What an invoice's text layer says about itself: its number and its date (YYYY-MM-DD). The date
 * is the one labelled as the invoice's ('Rechnungsdatum', 'Belegdatum', a plain 'Datum', or the
 * head line's 'Rechnung … vom'), in that order, never a delivery or order date that stands before
 * it; the number is read with its whole token. Lines are kept apart (a label's value ends with its
 * line). Used by the server on text an auditor's browser extracted.
 */
export function invoiceFacts(text: string): { number: string; date: string } {
  const lines = String(text ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ');
  const number = labelledNumber(lines);
  const date = labelledDate(lines, INVOICE_DATE_LABEL) || labelledDate(lines, PLAIN_DATE_LABEL) || labelledDate(lines, INVOICE_OF);
  return { number, date };
}
