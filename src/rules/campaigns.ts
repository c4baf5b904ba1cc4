// Campaigns run by administrators (issue 60): the facts' rules, the texts' limits and their
// placeholders, written once for the 'Aktionen' job and pb_hooks/lib/campaigns.js. No zod, no
// DOM: it runs in PocketBase's JS runtime as it is. Not re-exported by the rulebook's index (the
// entry path loads that): import '@/rules/campaigns'.

import { berlinOffsetHours } from './dates';
import { germanCount } from './messages';
import { PLACEHOLDER_NAMES, unknownPlaceholders, type CampaignFactsInput, type FaqPair, type PartsGroup } from './placeholders';

export {
  campaignLabel,
  fillPlaceholders,
  PLACEHOLDER_NAMES,
  PLACEHOLDERS,
  unknownPlaceholders,
  type CampaignFactsInput,
  type FaqPair,
  type PartsGroup,
} from './placeholders';

/** The texts an administrator writes per campaign. */
export interface CampaignTexts {
  headline: string;
  teaser: string;
  terms: string;
  faq: FaqPair[];
  partsGroups: PartsGroup[];
}

export const CAMPAIGN_LIMITS = {
  nameMax: 100,
  headlineMax: 80,
  teaserMax: 300,
  termsMax: 50_000,
  faqMax: 40,
  questionMax: 200,
  answerMax: 2_000,
  partsGroupsMax: 500,
  groupCodeMax: 20,
  groupNameMax: 120,
  /** The largest threshold or reward an administrator may set, in euros. */
  amountMax: 100_000,
} as const;

/** The facts that touch money: frozen once the campaign period has begun. */
export const MONEY_FACTS = ['year', 'codePrefix', 'threshold', 'reward'] as const;
export const DATE_FACTS = [
  'campaignStart',
  'campaignEnd',
  'redeemStart',
  'redeemEnd',
  'invoiceDateCutoff',
  'drawRegistrationDeadline',
] as const;
export type DateFact = (typeof DATE_FACTS)[number];

export const CAMPAIGN_FIELD_LABELS: Record<keyof CampaignFactsInput | keyof CampaignTexts, string> = {
  name: 'Name',
  year: 'Jahr',
  codePrefix: 'Code-Präfix',
  threshold: 'Schwelle',
  reward: 'Cashback',
  campaignStart: 'Aktionsbeginn',
  campaignEnd: 'Aktionsende',
  redeemStart: 'Einlösen ab',
  redeemEnd: 'Einlösen bis',
  invoiceDateCutoff: 'Rechnungsdatum bis',
  drawRegistrationDeadline: 'Verlosung: Registrierung bis',
  contactEmail: 'Kontakt-Postfach',
  headline: 'Überschrift der Startseite',
  teaser: 'Teaser der Startseite',
  terms: 'Aktionsbedingungen',
  faq: 'Häufige Fragen',
  partsGroups: 'Berechtigte Teilegruppen',
};

export const CAMPAIGN_MESSAGES = {
  required: (label: string) => `${label} ist erforderlich.`,
  tooLong: (label: string, max: number) => `${label} darf höchstens ${germanCount(max)} Zeichen lang sein.`,
  name: 'Bitte geben Sie einen Namen an (höchstens 100 Zeichen).',
  year: 'Bitte geben Sie ein Jahr zwischen 2000 und 2100 an.',
  prefix: 'Das Code-Präfix besteht aus 2 bis 10 Großbuchstaben (A-Z).',
  amount: 'Bitte einen Betrag über 0 € mit höchstens zwei Nachkommastellen angeben (höchstens 100.000 €).',
  thresholdAboveReward: 'Die Schwelle muss über dem Cashback liegen.',
  date: 'Bitte ein gültiges Datum angeben.',
  endAfterStart: 'Das Aktionsende muss nach dem Aktionsbeginn liegen.',
  redeemEndAfterStart: 'Das Ende des Einlösezeitraums muss nach seinem Beginn liegen.',
  redeemStartInPeriod: 'Der Einlösezeitraum beginnt im Aktionszeitraum.',
  redeemEndAfterCampaign: 'Der Einlösezeitraum darf nicht vor dem Aktionsende enden.',
  cutoffInWindow: 'Das Rechnungsdatum-Ende liegt zwischen Aktionsbeginn und dem Ende des Einlösezeitraums.',
  drawInPeriod: 'Die Registrierung für die Verlosung endet im Aktionszeitraum.',
  overlap: (name: string) => `Der Aktionszeitraum überschneidet sich mit „${name}“. Zwei Aktionen dürfen sich nicht überschneiden.`,
  yearTaken: (name: string) => `Das Jahr hat schon „${name}“.`,
  email: 'Bitte eine gültige E-Mail-Adresse angeben.',
  unknownPlaceholder: (names: string[]) =>
    `Unbekannter Platzhalter ${names.map((n) => `{{${n}}}`).join(', ')}. Erlaubt sind: ${PLACEHOLDER_NAMES.map((n) => `{{${n}}}`).join(', ')}.`,
  faqPair: 'Jede Frage braucht eine Antwort (Frage höchstens 200, Antwort höchstens 2.000 Zeichen).',
  faqCount: 'Höchstens 40 Fragen.',
  partsGroup: 'Jede Teilegruppe braucht Code (höchstens 20 Zeichen) und Bezeichnung (höchstens 120 Zeichen).',
  partsGroupsCount: 'Höchstens 500 Teilegruppen.',
  frozen: (label: string) => `${label} ist eingefroren: Der Aktionszeitraum hat begonnen.`,
  datePassed: (label: string) => `${label} ist schon vorbei und kann nicht mehr geändert werden.`,
  dateIntoPast: (label: string) => `${label} darf nicht in die Vergangenheit gelegt werden.`,
  releaseOwn: 'Eine Aktion gibt ein zweiter Administrator frei, nicht wer sie angelegt oder zuletzt geändert hat.',
  alreadyReleased: 'Diese Aktion ist schon freigegeben.',
  notFound: 'Diese Cashback-Aktion gibt es nicht.',
} as const;

// ---------------------------------------------------------------------------------------------
// The rules of the facts and texts. Each returns field → German message; empty when all is well.

export type FieldErrors = Partial<Record<keyof CampaignFactsInput | keyof CampaignTexts, string>>;

const time = (value: string) => {
  const t = Date.parse(String(value ?? '').replace(' ', 'T'));
  return Number.isNaN(t) ? null : t;
};

function amountProblem(value: unknown): boolean {
  const n = typeof value === 'number' ? value : Number.NaN;
  return !Number.isFinite(n) || n <= 0 || n > CAMPAIGN_LIMITS.amountMax || Math.round(n * 100) !== Math.round(n * 1e6) / 1e4;
}

/**
 * The facts' own rules and their rules against the other campaigns (`others`: every other
 * campaign with id, name, year and period).
 */
export function campaignFactProblems(
  f: CampaignFactsInput,
  others: { name: string; year: number; campaignStart: string; campaignEnd: string }[] = [],
): FieldErrors {
  const errors: FieldErrors = {};
  const name = String(f.name ?? '').trim();
  if (!name || name.length > CAMPAIGN_LIMITS.nameMax) errors.name = CAMPAIGN_MESSAGES.name;
  if (!Number.isInteger(f.year) || f.year < 2000 || f.year > 2100) errors.year = CAMPAIGN_MESSAGES.year;
  if (!/^[A-Z]{2,10}$/.test(String(f.codePrefix ?? ''))) errors.codePrefix = CAMPAIGN_MESSAGES.prefix;
  if (amountProblem(f.threshold)) errors.threshold = CAMPAIGN_MESSAGES.amount;
  if (amountProblem(f.reward)) errors.reward = CAMPAIGN_MESSAGES.amount;
  if (!errors.threshold && !errors.reward && f.threshold <= f.reward) errors.threshold = CAMPAIGN_MESSAGES.thresholdAboveReward;
  const email = String(f.contactEmail ?? '').trim();
  if (!email) errors.contactEmail = CAMPAIGN_MESSAGES.required(CAMPAIGN_FIELD_LABELS.contactEmail);
  else if (!/^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]{2,}$/.test(email) || email.length > 254)
    errors.contactEmail = CAMPAIGN_MESSAGES.email;

  const t = {} as Record<DateFact, number | null>;
  for (const key of DATE_FACTS) {
    t[key] = time(f[key]);
    if (t[key] === null) errors[key] = CAMPAIGN_MESSAGES.date;
  }
  const { campaignStart: s, campaignEnd: e, redeemStart: rs, redeemEnd: re, invoiceDateCutoff: cut, drawRegistrationDeadline: draw } = t;
  if (s !== null && e !== null && e <= s) errors.campaignEnd = CAMPAIGN_MESSAGES.endAfterStart;
  if (rs !== null && re !== null && re <= rs) errors.redeemEnd = CAMPAIGN_MESSAGES.redeemEndAfterStart;
  if (s !== null && e !== null && rs !== null && !errors.redeemEnd && (rs < s || rs > e))
    errors.redeemStart = CAMPAIGN_MESSAGES.redeemStartInPeriod;
  if (e !== null && re !== null && !errors.redeemEnd && re < e) errors.redeemEnd = CAMPAIGN_MESSAGES.redeemEndAfterCampaign;
  if (s !== null && re !== null && cut !== null && (cut < s || cut > re)) errors.invoiceDateCutoff = CAMPAIGN_MESSAGES.cutoffInWindow;
  if (s !== null && e !== null && draw !== null && (draw < s || draw > e)) errors.drawRegistrationDeadline = CAMPAIGN_MESSAGES.drawInPeriod;

  for (const other of others) {
    if (other.year === f.year && !errors.year) errors.year = CAMPAIGN_MESSAGES.yearTaken(other.name);
    const os = time(other.campaignStart);
    const oe = time(other.campaignEnd);
    if (s !== null && e !== null && os !== null && oe !== null && s <= oe && os <= e && !errors.campaignStart) {
      errors.campaignStart = CAMPAIGN_MESSAGES.overlap(other.name);
    }
  }
  return errors;
}

/** The texts' limits and placeholders. */
export function campaignTextProblems(texts: CampaignTexts): FieldErrors {
  const errors: FieldErrors = {};
  const L = CAMPAIGN_LIMITS;
  const label = CAMPAIGN_FIELD_LABELS;
  const plain: [keyof CampaignTexts, string, number][] = [
    ['headline', texts.headline, L.headlineMax],
    ['teaser', texts.teaser, L.teaserMax],
    ['terms', texts.terms, L.termsMax],
  ];
  for (const [key, value, max] of plain) {
    const text = String(value ?? '');
    if (!text.trim()) errors[key] = CAMPAIGN_MESSAGES.required(label[key]);
    else if (text.length > max) errors[key] = CAMPAIGN_MESSAGES.tooLong(label[key], max);
    else if (unknownPlaceholders(text).length > 0) errors[key] = CAMPAIGN_MESSAGES.unknownPlaceholder(unknownPlaceholders(text));
  }
  const faq = Array.isArray(texts.faq) ? texts.faq : null;
  if (!faq) errors.faq = CAMPAIGN_MESSAGES.faqPair;
  else if (faq.length > L.faqMax) errors.faq = CAMPAIGN_MESSAGES.faqCount;
  else {
    for (const pair of faq) {
      const q = String(pair?.question ?? '');
      const a = String(pair?.answer ?? '');
      if (!q.trim() || !a.trim() || q.length > L.questionMax || a.length > L.answerMax) {
        errors.faq = CAMPAIGN_MESSAGES.faqPair;
        break;
      }
      const unknown = unknownPlaceholders(`${q}\n${a}`);
      if (unknown.length > 0) {
        errors.faq = CAMPAIGN_MESSAGES.unknownPlaceholder(unknown);
        break;
      }
    }
  }
  const groups = Array.isArray(texts.partsGroups) ? texts.partsGroups : null;
  if (!groups) errors.partsGroups = CAMPAIGN_MESSAGES.partsGroup;
  else if (groups.length > L.partsGroupsMax) errors.partsGroups = CAMPAIGN_MESSAGES.partsGroupsCount;
  else if (
    groups.some((g) => {
      const code = String(g?.code ?? '').trim();
      const name = String(g?.name ?? '').trim();
      return !code || !name || code.length > L.groupCodeMax || name.length > L.groupNameMax;
    })
  ) {
    errors.partsGroups = CAMPAIGN_MESSAGES.partsGroup;
  }
  return errors;
}

/**
 * What an administrator may no longer change of a released campaign at `now` (ms): once its
 * period has begun, the money facts; any date already passed. A date may not be moved into the
 * past either. Returns field → message for each change in `next` that breaks this.
 */
export function frozenChanges(stored: CampaignFactsInput, next: CampaignFactsInput, now: number): FieldErrors {
  const errors: FieldErrors = {};
  const started = (time(stored.campaignStart) ?? Infinity) <= now;
  if (started) {
    for (const key of MONEY_FACTS) {
      if (stored[key] !== next[key]) errors[key] = CAMPAIGN_MESSAGES.frozen(CAMPAIGN_FIELD_LABELS[key]);
    }
  }
  for (const key of DATE_FACTS) {
    const before = time(stored[key]);
    const after = time(next[key]);
    if (before === after) continue;
    if (before !== null && before <= now) errors[key] = CAMPAIGN_MESSAGES.datePassed(CAMPAIGN_FIELD_LABELS[key]);
    else if (after !== null && after <= now) errors[key] = CAMPAIGN_MESSAGES.dateIntoPast(CAMPAIGN_FIELD_LABELS[key]);
  }
  return errors;
}

/** The phases an administrator sees, from the dates on the campaign clock. */
export type CampaignPhase = 'draft' | 'released' | 'running' | 'redeeming' | 'closed';
export const CAMPAIGN_PHASE_LABELS: Record<CampaignPhase, string> = {
  draft: 'Entwurf',
  released: 'Freigegeben',
  running: 'Läuft',
  redeeming: 'Einlösephase',
  closed: 'Abgeschlossen',
};

export function campaignPhase(
  c: { status: string; campaignStart: string; campaignEnd: string; redeemEnd: string },
  now: number,
): CampaignPhase {
  if (c.status !== 'released') return 'draft';
  const s = time(c.campaignStart) ?? Infinity;
  const e = time(c.campaignEnd) ?? Infinity;
  const re = time(c.redeemEnd) ?? Infinity;
  if (now < s) return 'released';
  if (now <= e) return 'running';
  if (now <= re) return 'redeeming';
  return 'closed';
}

/**
 * The campaign the public pages show at `now`: the running one; otherwise the next released one
 * (with its start date); otherwise the last one still in its redeem phase; otherwise the latest.
 */
export function campaignInForce<T extends { status: string; campaignStart: string; campaignEnd: string; redeemEnd: string }>(
  campaigns: T[],
  now: number,
): T | null {
  const released = campaigns.filter((c) => c.status === 'released');
  const byStart = [...released].sort((a, b) => (time(a.campaignStart) ?? 0) - (time(b.campaignStart) ?? 0));
  return (
    byStart.find((c) => campaignPhase(c, now) === 'running') ??
    byStart.find((c) => campaignPhase(c, now) === 'released') ??
    [...byStart].reverse().find((c) => campaignPhase(c, now) === 'redeeming') ??
    byStart.at(-1) ??
    null
  );
}

/** The date facts that name a last day ('bis 31.10.'): they end at 23:59:59.999 in Berlin. */
export const END_OF_DAY_FACTS: readonly DateFact[] = ['campaignEnd', 'redeemEnd', 'invoiceDateCutoff', 'drawRegistrationDeadline'];

/**
 * A Berlin calendar day ('2026-02-01') as the moment a date fact stores, as PocketBase writes it:
 * its first millisecond, or its last for a fact that names a last day.
 */
export function berlinDayMoment(day: string, endOfDay: boolean): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return '';
  const noon = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  const midnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - berlinOffsetHours(noon) * 3600_000;
  const at = endOfDay ? midnight + 24 * 3600_000 - 1 : midnight;
  return new Date(at).toISOString().replace('T', ' ');
}
