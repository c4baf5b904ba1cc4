// The rulebook (issue 16): every limit, pattern and German message of the fields in SPEC
// section 5 and the server's extra rules, written once. The SPA's zod schemas wrap these
// checks; scripts/bundle-hooks.mjs bundles this module (with ibantools) to CommonJS for the
// hooks (pb_hooks/lib/vendor/rules.js); tests/api/rules.test.ts checks that every
// migration's field limits equal the ones here. No zod, no DOM: it runs in PocketBase's JS
// runtime as it is.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** SPEC section 9. */
export const LIMITS = {
  emailMax: 120,
  passwordMin: 8,
  // bcrypt reads 72 bytes; see docs/decisions/001-password-length.md.
  passwordMax: 71,
  nameMin: 2,
  nameMax: 70,
  longTextMin: 2,
  longTextMax: 200,
  streetNumberMin: 1,
  streetNumberMax: 10,
  phoneMax: 20,
  customerNumberMax: 30,
  ibanMin: 15,
  ibanMax: 35,
  bicMin: 8,
  bicMax: 11,
  codeMax: 50,
  invoiceMaxBytes: 5 * 1024 * 1024,
} as const;

// Session lifetimes live in their own module: the app shell reads them without the rest.
export { SESSION_SECONDS } from './session';
export { OVERLOAD } from './load';
export { WORKSHOP_FIELDS, type WorkshopFields } from './fields';

export const MESSAGES = {
  required: (label: string) => `${label} ist erforderlich`,
  tooShort: (label: string, min: number) => `${label} muss mindestens ${min} Zeichen lang sein`,
  tooLong: (label: string, max: number) => `${label} darf maximal ${max} Zeichen lang sein`,
  zip: 'PLZ muss 5 Ziffern enthalten',
  phoneMax: `Telefonnummer darf maximal ${LIMITS.phoneMax} Zeichen lang sein`,
  phoneCharacters: 'Telefonnummer kann nur Ziffern, +, Leerzeichen, - und () enthalten',
  phoneDigit: 'Telefonnummer muss mindestens eine Ziffer enthalten',
  phonePlus: 'Das + ist nur einmal und nur am Anfang erlaubt',
  emailMax: `E-Mail darf maximal ${LIMITS.emailMax} Zeichen lang sein`,
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  emailInUse:
    'Diese E-Mail-Adresse wird bereits verwendet. Bitte wählen Sie eine andere E-Mail-Adresse oder melden Sie sich an, wenn Sie bereits ein Konto haben.',
  passwordMismatch: 'Passwörter stimmen nicht überein.',
  termsRequired: 'Sie müssen die AGBs akzeptieren, um fortzufahren.',
  passwordMin: `Passwort muss mindestens ${LIMITS.passwordMin} Zeichen lang sein`,
  passwordMax: `Passwort darf maximal ${LIMITS.passwordMax} Zeichen lang sein`,
  ibanMin: `IBAN muss mindestens ${LIMITS.ibanMin} Zeichen lang sein`,
  ibanMax: `IBAN darf maximal ${LIMITS.ibanMax} Zeichen lang sein`,
  iban: 'Bitte gib eine gültige IBAN ein',
  bicMin: `BIC muss mindestens ${LIMITS.bicMin} Zeichen lang sein`,
  bicMax: `BIC darf maximal ${LIMITS.bicMax} Zeichen lang sein`,
  bic: 'Bitte gib eine gültige BIC ein',
  customerNumberRequired: 'Kundennummer ist erforderlich',
  customerNumberMax: `Kundennummer darf maximal ${LIMITS.customerNumberMax} Zeichen lang sein`,
  customerNumberChars: 'Nur Buchstaben und Zahlen sind erlaubt',
  codeMax: `Cashback Code darf maximal ${LIMITS.codeMax} Zeichen lang sein`,
  code: 'Ungültiger Cashback-Code',
  control: 'Dieses Feld darf keine Zeilenumbrüche, Tabulatoren oder Steuerzeichen enthalten.',
  /** Every staff action that changes a workshop's data or money asks why (staff log). */
  reasonRequired: 'Bitte geben Sie einen Grund an.',
  /** Redeeming needs a verified e-mail address (DECISIONS section 7). */
  unverified:
    'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse: Erst dann können Sie Cashback-Codes einlösen. Den Link dazu haben wir Ihnen per E-Mail geschickt.',
  /** A workshop an administrator has blocked (issue 19); the reason stays internal. */
  blocked: (contactEmail: string) =>
    `Deine Werkstatt ist für das Einlösen von Cashback-Codes gesperrt. Bitte wende dich an ${contactEmail}, wenn du Fragen dazu hast.`,
} as const;

export interface TextRule {
  label: string;
  min: number;
  max: number;
  /** An empty value gets the 'too short' message instead of 'required' (the cashback form's wording). */
  emptyIsShort?: boolean;
}

/** The text fields of a workshop account and of a redemption's account holder. */
export const TEXT_RULES = {
  firstName: { label: 'Vorname', min: LIMITS.nameMin, max: LIMITS.nameMax },
  lastName: { label: 'Nachname', min: LIMITS.nameMin, max: LIMITS.nameMax },
  shopName: { label: 'Werkstattname', min: LIMITS.longTextMin, max: LIMITS.longTextMax },
  address: { label: 'Straße', min: LIMITS.longTextMin, max: LIMITS.longTextMax },
  streetNumber: { label: 'Hausnummer', min: LIMITS.streetNumberMin, max: LIMITS.streetNumberMax },
  city: { label: 'Ort', min: LIMITS.nameMin, max: LIMITS.nameMax },
  ibanFirstName: { label: 'Vorname', min: LIMITS.nameMin, max: LIMITS.nameMax, emptyIsShort: true },
  ibanLastName: { label: 'Nachname', min: LIMITS.nameMin, max: LIMITS.nameMax, emptyIsShort: true },
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
  return null;
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
export function compactIban(value: string | null | undefined): string {
  const raw = String(value ?? '');
  return electronicFormatIBAN(raw) ?? raw.replace(/\s+/g, '').toUpperCase();
}

/** Length, then country length, structure and mod-97 check digits (ibantools). */
export function ibanProblem(value: string | null | undefined): string | null {
  const iban = compactIban(value);
  if (iban.length < LIMITS.ibanMin) return MESSAGES.ibanMin;
  if (iban.length > LIMITS.ibanMax) return MESSAGES.ibanMax;
  return isValidIBAN(iban) ? null : MESSAGES.iban;
}

export const normalizeBic = (value: string | null | undefined) =>
  String(value ?? '')
    .trim()
    .toUpperCase();

/** 8 or 11 characters: 4 letters (bank), 2 letters (country), 2 letters or digits, optionally 3 more. */
export function bicProblem(value: string | null | undefined): string | null {
  const bic = normalizeBic(value);
  if (bic.length < LIMITS.bicMin) return MESSAGES.bicMin;
  if (bic.length > LIMITS.bicMax) return MESSAGES.bicMax;
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) && isValidBIC(bic) ? null : MESSAGES.bic;
}

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

/** A German date dd.mm.yyyy from YYYY-MM-DD. */
export function germanDate(iso: string): string {
  const [y, m, d] = String(iso).slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

const INVOICE_NUMBER = /Rechnungs?[\s-]*(?:nummer|nr\.?|no\.?)\s*[:.#]?\s*([A-Za-z0-9][A-Za-z0-9\-/.]{0,38}[A-Za-z0-9])/i;
const INVOICE_DATE =
  /(?:Rechnungsdatum|Rechnungs-Datum|Belegdatum|Datum)\s*[:.]?\s*(?:(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})|(\d{4})-(\d{2})-(\d{2}))/i;

/**
 * What an invoice's text layer says about itself: its number and its date (YYYY-MM-DD), as
 * far as the usual German wording ('Rechnungsnummer', 'Rechnung Nr.', 'Rechnungsdatum',
 * 'Datum') gives them. Used by the server on text an auditor's browser extracted.
 */
export function invoiceFacts(text: string): { number: string; date: string } {
  const flat = String(text ?? '').replace(/\s+/g, ' ');
  const number = flat.match(INVOICE_NUMBER)?.[1]?.toUpperCase() ?? '';
  const d = flat.match(INVOICE_DATE);
  let date = '';
  if (d) {
    const [day, month, year] = d[1] ? [d[1], d[2]!, d[3]!.length === 2 ? `20${d[3]}` : d[3]!] : [d[6]!, d[5]!, d[4]!];
    const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
    const check = new Date(`${iso}T12:00:00Z`);
    if (!Number.isNaN(check.getTime()) && check.toISOString().slice(0, 10) === iso) date = iso;
  }
  return { number, date };
}
