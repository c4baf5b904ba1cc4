import type { RecordModel } from 'pocketbase';

import type { PayoutStatus } from '@/rules/labels';

// What the staff features (review, back office, payouts, imports, dashboard) share about the data.

/** The staff screens' general refusals, where the server gave none of its own. */
export const STAFF_MESSAGES = {
  actionFailed: 'Die Aktion konnte nicht ausgeführt werden. Bitte versuchen Sie es erneut.',
  downloadFailed: 'Beim Herunterladen der Datei ist ein Fehler aufgetreten.',
} as const;

/** How the staff screens name a workshop (review queue, back office). */
export interface WorkshopContact {
  id: string;
  firstName: string;
  lastName: string;
  shopName: string;
  email: string;
  zipCode: string;
  city: string;
}

/** A workshop's link to a service centre, as staff see it. */
export interface CentreRow {
  partnerName: string;
  bnr: string;
  customerNumber: string;
  gpnr: string;
}

/** A review signal about a submission (computed by the server, shown in the review and the back office). */
export interface Signal {
  code: 'file' | 'iban' | 'number' | 'late' | 'early' | 'scan';
  message: string;
}

/** A payout as staff see it. */
export interface Payout extends RecordModel {
  endToEndId: string;
  accountHolder: string;
  iban: string;
  amount: number;
  status: PayoutStatus;
  returnReason: string;
  paidOn: string;
}

/** One page of a staff list the portal's own routes answer (workshops, staff log). */
export interface Page<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}

/** Query parameters without the empty ones. */
export const query = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
