// IBAN and BIC through ibantools (re-exported by index.ts). A module of its own, so the
// pages without bank details (the landing page's registration form) do not load ibantools.
import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';

import { LIMITS, MESSAGES } from './messages';

export function compactIban(value: string | null | undefined): string {
  const raw = String(value ?? '');
  return electronicFormatIBAN(raw) ?? raw.replace(/\s+/g, '').toUpperCase();
}

/** Length, then country length, structure and mod-97 check digits (ibantools). */
export function ibanProblem(value: string | null | undefined): string | null {
  const iban = compactIban(value);
  if (iban.length < LIMITS.ibanMin) return MESSAGES.ibanMin;
  if (iban.length > LIMITS.ibanMax) return MESSAGES.ibanMax;
  if (!isValidIBAN(iban)) return MESSAGES.iban;
  // Payouts are SEPA credit transfers (DECISIONS section 8): only the scheme's countries (ibantools' list).
  return isSEPACountry(iban.slice(0, 2)) ? null : MESSAGES.ibanNotSepa;
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
