import type { RecordModel } from 'pocketbase';

import { STAFF_MESSAGES } from '@/lib/staff/model';

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

export type { Payout } from '@/lib/staff/model';
export type { PayoutAction } from '@/lib/api/payout-action';

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
  actionFailed: STAFF_MESSAGES.actionFailed,
  downloadFailed: STAFF_MESSAGES.downloadFailed,
} as const;
