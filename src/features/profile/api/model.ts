import { ClientResponseError } from 'pocketbase';

import type { CentreLink } from '@/components/service-centres/schema';
import { CONNECTIONS_FAILED } from '@/lib/service-centres';
import { MESSAGES, type WorkshopFields } from '@/rules';
import { ANSWER_MESSAGES, fieldAnswers } from '@/rules/server-answers';
import { VOUCHER_STATUS_LABELS, WORKSHOP_PAYOUT_LABELS } from '@/rules/labels';
import { formatDate, formatDay } from '@/utils/format';

export const PROFILE_MESSAGES = {
  loadFailed: 'Fehler beim Laden der Profil Daten. Bitte versuchen Sie es später erneut.',
  submissionsFailed: 'Ihre Einreichungen konnten nicht geladen werden.',
  saveFailed: 'Fehler beim Speichern der Profildaten. Bitte versuchen Sie es später erneut.',
  storeFailed: 'Fehler beim Abspeichern der Daten.',
  connectionsFailed: CONNECTIONS_FAILED,
  saved: 'Ihre Profildaten wurden erfolgreich gespeichert.',
  lastCentre: MESSAGES.lastCentre,
  statsFailed: 'Cashback Übersicht konnte nicht geladen werden',
  vouchersFailed: 'Cashback-Code Übersicht konnte nicht geladen werden',
  vouchersHelperFailed: 'Cashback Code Übersicht konnte nicht geladen werden',
} as const;

export interface Profile extends WorkshopFields {
  id: string;
  email: string;
  /** Whether the workshop has opened its verification link (redeeming needs it). */
  verified: boolean;
  connections: CentreLink[];
}

export type ProfileFields = Omit<Profile, 'id' | 'email' | 'verified' | 'connections'>;

/** A stored centre link as the server sends it. */
export interface ConnectionRow {
  id: string;
  noraLz: string;
  customerNumber: string;
  partnerName: string;
}

/** The stored connection as the form uses it; the centre's name defaults to 'Name nicht gefunden'. */
export function toCentreLink(row: ConnectionRow): CentreLink {
  return {
    connectionId: row.id,
    partnerId: row.noraLz,
    customerNumber: row.customerNumber,
    partnerName: row.partnerName || 'Name nicht gefunden',
  };
}

export interface Stats {
  totalCashback: number | null;
  totalSales: number | null;
  toNextCashback: number | null;
}

/** One campaign's totals on the profile (issue 60: a workshop takes part in several campaigns). */
export interface CampaignStats extends Stats {
  campaign: string;
  label: string;
  /** The campaign in force. */
  active: boolean;
}
export interface Voucher {
  id: string;
  code: string;
  status: 'open' | 'audit' | 'closed';
  created: string;
  campaignLabel: string;
  /** The payout's execution date (YYYY-MM-DD) once the money was sent. */
  paidOn?: string;
  /**
   * Until when it can be redeemed: its campaign's redeem window, or later for a code a verdict
   * reopened (decision 072); '' without a campaign.
   */
  redeemEnd?: string;
  /**
   * Open and its campaign's redeem window not ended on the campaign clock, as the server judges it
   * (decision 071): a code of last year's campaign stays open in the database after its window.
   */
  redeemable: boolean;
}

/**
 * SPEC's three labels, 'Ausgezahlt am dd.mm.yyyy' once the payout is paid (DECISIONS section 6),
 * and for an open code whose redeem window has ended, that it can no longer be redeemed.
 */
export function voucherLabel(v: Voucher): string {
  if (v.paidOn) return `Ausgezahlt am ${formatDay(v.paidOn)}`;
  if (v.status === 'open' && !v.redeemable) return `Einlösefrist abgelaufen (${formatDate(v.redeemEnd)})`;
  return VOUCHER_STATUS_LABELS[v.status] ?? v.status;
}

export interface ReturnedPayout {
  id: string;
  endToEndId: string;
  returnReason: string;
  iban: string;
  accountHolder: string;
}

export const RETURNED_MESSAGES = {
  loadFailed: 'Die zurückgekommenen Auszahlungen konnten nicht geladen werden.',
  saveFailed: 'Die Bankverbindung konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
  saved: 'Vielen Dank! Wir überweisen das Cashback mit dem nächsten Auszahlungslauf an die neue Bankverbindung.',
} as const;

export interface BankDetails {
  ibanFirstName: string;
  ibanLastName: string;
  ibanNumber: string;
  ibanBic: string;
}

/** A server refusal with its field messages (already German, shown as they are). */
export class BankDetailsError extends Error {
  constructor(
    message: string,
    readonly fields: Partial<Record<keyof BankDetails, string>>,
  ) {
    super(message);
  }
}

/** One of the workshop's redemptions as 'Meine Einreichungen' shows it (issue 35). */
export interface MySubmission {
  id: string;
  created: string;
  code: string;
  status: 'pending' | 'passed' | 'rejected';
  accountHolder: string;
  /** Masked on the server: 'DE89 **** **** 3000'. */
  iban: string;
  /** The stored invoice's file name (protected: opened with a file token). */
  file: string;
  /** The auditor's note of the newest verdict, '' when none. */
  note: string;
  payoutStatus: '' | 'payable' | 'held' | 'in_batch' | 'exported' | 'paid' | 'returned';
  paidOn: string;
}

/** The payout's state in the workshop's words (issue 35); held payouts are 'in Vorbereitung' too (the reason is internal). */
export function payoutLabel(s: Pick<MySubmission, 'status' | 'payoutStatus' | 'paidOn'>): string {
  if (s.payoutStatus === 'paid' && s.paidOn) return `ausgezahlt am ${formatDay(s.paidOn)}`;
  if (s.payoutStatus) return WORKSHOP_PAYOUT_LABELS[s.payoutStatus];
  return s.status === 'passed' ? WORKSHOP_PAYOUT_LABELS.payable : '–';
}

/** The profile page's data: what one request to the server answers (decision record 019). */
export interface ProfilePageData {
  profile: Profile;
  stats: Stats | null;
  campaignStats?: CampaignStats[];
  vouchers: Voucher[];
  submissions: MySubmission[];
  returned: ReturnedPayout[];
  /** The campaign clock (decision 035) when the page was read. */
  campaignNow?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long the workshop still has to redeem its open codes (issue 58): the earliest end of an open
 * code's redeem window and the days left until it, counted on the campaign clock ('noch 1 Tag' on
 * the last day); null without an open code or once the window has closed.
 */
export function redeemDeadline(vouchers: Voucher[], campaignNow: string | undefined): { until: string; daysLeft: number } | null {
  const now = Date.parse(String(campaignNow ?? '').replace(' ', 'T'));
  if (Number.isNaN(now)) return null;
  const ends = vouchers
    .filter((v) => v.redeemable && v.redeemEnd)
    .map((v) => v.redeemEnd!)
    .sort();
  const until = ends[0];
  if (!until) return null;
  return { until, daysLeft: Math.ceil((Date.parse(until.replace(' ', 'T')) - now) / DAY_MS) };
}

// A workshop's own account (issue 35): a new e-mail address (confirmed through the new
// address) and a new password (the current one required; every session ends, this one is
// renewed with the new password).

export const ACCOUNT_MESSAGES = {
  failed: ANSWER_MESSAGES.failed,
  emailRequested: (email: string) =>
    `Wir haben einen Bestätigungslink an ${email} geschickt. Erst wenn Sie ihn öffnen, gilt die neue Adresse; bis dahin bleibt Ihre bisherige gültig.`,
  passwordChanged: 'Ihr Passwort wurde geändert. Alle anderen Anmeldungen wurden beendet.',
} as const;

/** A refusal with the server's German field messages. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

/** A refused account change as AccountError (field messages when the server names fields). */
export function accountRefusal(err: unknown): AccountError {
  if (err instanceof ClientResponseError && err.status === 400) {
    // PocketBase's own English field answers in German (issue 58: 'Must not be in list.').
    const fields = fieldAnswers(err.response?.data);
    if (Object.keys(fields).length > 0) return new AccountError(ACCOUNT_MESSAGES.failed, fields);
  }
  if (err instanceof ClientResponseError && err.status === 429) return new AccountError(ANSWER_MESSAGES.tooManyRequests, {});
  return new AccountError(ACCOUNT_MESSAGES.failed, {});
}

export interface PasswordChange {
  oldPassword: string;
  password: string;
  passwordConfirm: string;
}

/** What 'Konto löschen' would do now (GET /api/portal/account-deletion). */
export interface DeletionPreview {
  /** When a deferred deletion was asked for ('' when none waits). */
  requestedAt: string;
  openCodes: number;
  waitingFor: { submissions: number; payouts: number };
  /** Paid payouts kept as booking vouchers, each until the end of its period (YYYY-MM-DD). */
  kept: { paidOn: string; keepUntil: string }[];
  bookingVoucherYears: number;
}

export type DeletionOutcome = { state: 'deleted'; message: string } | ({ state: 'deferred'; message: string } & DeletionPreview);
