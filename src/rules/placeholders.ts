// The placeholders of a campaign's texts (issue 60): a text names a fact ('{{schwelle}}'), and the
// fact is filled in where the text is shown. A module of its own, small enough for the entry
// path (the landing page fills its headline and teaser); the rules are in './campaigns'.

import { berlinDay } from './dates';

/** The facts of a campaign as the API carries them (dates as PocketBase writes them, UTC). */
export interface CampaignFactsInput {
  name: string;
  year: number;
  codePrefix: string;
  threshold: number;
  reward: number;
  campaignStart: string;
  campaignEnd: string;
  redeemStart: string;
  redeemEnd: string;
  invoiceDateCutoff: string;
  drawRegistrationDeadline: string;
  contactEmail: string;
}

export interface FaqPair {
  question: string;
  answer: string;
}

export interface PartsGroup {
  code: string;
  name: string;
}

/** A campaign's label: its name, with its year when the name lacks it ('NORA Cashback-Aktion 2025'). */
export function campaignLabel(name: string, year: number): string {
  return name.includes(String(year)) ? name : `${name} ${year}`;
}

// A no-break space keeps the euro sign with its amount, as the SPA's formatMoney writes it.
const money = (value: number) => `${Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', ',')}\u00a0€`;
const day = (iso: string) => (iso ? berlinDay(iso).date : '…');

/** Every placeholder with what it stands for. */
export const PLACEHOLDERS: Record<string, { label: string; value: (f: CampaignFactsInput) => string }> = {
  aktion: { label: 'Name der Aktion', value: (f) => f.name },
  jahr: { label: 'Jahr', value: (f) => String(f.year) },
  praefix: { label: 'Code-Präfix', value: (f) => f.codePrefix },
  schwelle: { label: 'Schwelle, z. B. 500 €', value: (f) => money(f.threshold) },
  cashback: { label: 'Cashback, z. B. 50 €', value: (f) => money(f.reward) },
  start: { label: 'Aktionsbeginn', value: (f) => day(f.campaignStart) },
  ende: { label: 'Aktionsende', value: (f) => day(f.campaignEnd) },
  einloesen_ab: { label: 'Beginn des Einlösezeitraums', value: (f) => day(f.redeemStart) },
  einloesen_bis: { label: 'Ende des Einlösezeitraums', value: (f) => day(f.redeemEnd) },
  rechnung_bis: { label: 'Letztes erlaubtes Rechnungsdatum', value: (f) => day(f.invoiceDateCutoff) },
  verlosung_bis: { label: 'Registrierung für die Verlosung bis', value: (f) => day(f.drawRegistrationDeadline) },
  kontakt: { label: 'Kontakt-Postfach', value: (f) => f.contactEmail },
};
export const PLACEHOLDER_NAMES = Object.keys(PLACEHOLDERS);

const PLACEHOLDER = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/** The placeholders `text` names that do not exist, each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const unknown: string[] = [];
  for (const m of String(text ?? '').matchAll(PLACEHOLDER)) {
    const name = m[1]!;
    if (!Object.prototype.hasOwnProperty.call(PLACEHOLDERS, name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** `text` with every known placeholder replaced by its fact; an unknown one stays as written. */
export function fillPlaceholders(text: string, facts: CampaignFactsInput): string {
  return String(text ?? '').replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(PLACEHOLDERS, name) ? PLACEHOLDERS[name]!.value(facts) : whole,
  );
}
