import type { CentreLink } from '@/components/service-centres/schema';
import { MESSAGES, type WorkshopFields } from '@/rules';

export const PROFILE_MESSAGES = {
  loadFailed: 'Fehler beim Laden der Profil Daten. Bitte versuchen Sie es später erneut.',
  saveFailed: 'Fehler beim Speichern der Profildaten. Bitte versuchen Sie es später erneut.',
  storeFailed: 'Fehler beim Abspeichern der Daten.',
  connectionsFailed: 'Fehler beim Aktualisieren der Leistungszentren',
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
export interface Voucher {
  id: string;
  code: string;
  status: 'open' | 'audit' | 'closed';
  created: string;
  campaignLabel: string;
  /** The payout's execution date (YYYY-MM-DD) once the money was sent. */
  paidOn?: string;
}

export const VOUCHER_STATUS_LABEL: Record<Voucher['status'], string> = { open: 'Offen', audit: 'In Prüfung', closed: 'Eingelöst' };

/** SPEC's three labels, and 'Ausgezahlt am dd.mm.yyyy' once the payout is paid (DECISIONS section 6). */
export function voucherLabel(v: Voucher): string {
  if (v.paidOn) {
    const [y, m, d] = v.paidOn.split('-');
    return `Ausgezahlt am ${d}.${m}.${y}`;
  }
  return VOUCHER_STATUS_LABEL[v.status] ?? v.status;
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

/** The profile page's data: what one request to the server answers (decision record 019). */
export interface ProfilePageData {
  profile: Profile;
  stats: Stats | null;
  vouchers: Voucher[];
  returned: ReturnedPayout[];
}
