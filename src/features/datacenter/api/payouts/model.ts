import type { RecordModel } from 'pocketbase';

export interface PayoutBatch extends RecordModel {
  number: number;
  status: 'created' | 'released' | 'exported' | 'paid';
  count: number;
  total: number;
  createdBy: string;
  releasedBy: string;
  selfReleased: boolean;
  executionDate: string;
  exportedAt: string;
  messageId: string;
  exportCount: number;
  paidOn: string;
  pain001: string;
  csv: string;
  created: string;
}

export interface Payout extends RecordModel {
  endToEndId: string;
  accountHolder: string;
  iban: string;
  amount: number;
  status: 'payable' | 'held' | 'in_batch' | 'exported' | 'paid' | 'returned';
  returnReason: string;
  paidOn: string;
}

export interface PromiseItem {
  submission: string;
  submitted: string;
  status: 'pending' | 'passed';
  code: string;
  shopName: string;
  email: string;
  payoutStatus: string;
  days: number;
  level: 'ok' | 'amber' | 'red';
}

export const PAYOUT_MESSAGES = {
  loadFailed: 'Die Auszahlungen konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
  actionFailed: 'Die Aktion konnte nicht ausgeführt werden. Bitte versuchen Sie es erneut.',
  downloadFailed: 'Beim Herunterladen der Datei ist ein Fehler aufgetreten.',
} as const;

/** The payout actions (POST /api/portal/payout-batches…, /api/portal/payouts/:id/…) and their bodies. */
export type PayoutAction =
  | { action: 'create'; limit?: number }
  | { action: 'release'; batch: string; selfConfirm: boolean }
  | { action: 'export'; batch: string; executionDate: string }
  | { action: 'paid'; batch: string; paidOn: string }
  | { action: 'return'; payout: string; reason: string; note: string }
  | { action: 'hold' | 'unhold' | 'request-bank-details'; payout: string; reason: string };
