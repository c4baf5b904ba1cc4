import { STAFF_MESSAGES, type CentreRow, type Signal, type WorkshopContact } from '@/lib/staff/model';

export interface WorkshopSummary extends WorkshopContact {
  verified: boolean;
  blocked: boolean;
  created: string;
}

export interface WorkshopStory {
  workshop: WorkshopSummary & { phone: string; address: string; streetNumber: string; blockedReason: string };
  centres: (CentreRow & { id: string })[];
  totals: { totalSales: number; totalCashback: number; toNextCashback: number };
  /** Each campaign the workshop has sales or codes in, newest first (issue 60). */
  totalsByCampaign?: { label: string; totalSales: number; totalCashback: number }[];
  vouchers: { id: string; code: string; status: 'open' | 'audit' | 'closed'; tier: number; created: string }[];
  submissions: {
    id: string;
    created: string;
    status: 'pending' | 'passed' | 'rejected';
    code: string;
    accountHolder: string;
    iban: string;
    signals: Signal[];
    history: { created: string; outcome: string; checked: boolean; faulty: boolean; note: string }[];
  }[];
  payouts: {
    id: string;
    endToEndId: string;
    amount: number;
    status: string;
    iban: string;
    paidOn: string;
    returnReason: string;
    holdReason: string;
  }[];
  mails: {
    id: string;
    template: string;
    subject: string;
    status: string;
    attempts: number;
    lastError: string;
    created: string;
    sentAt: string;
    immediate: boolean;
  }[];
}

export const WORKSHOP_MESSAGES = {
  searchFailed: 'Die Suche ist fehlgeschlagen. Bitte versuchen Sie es später erneut.',
  loadFailed: 'Die Werkstatt konnte nicht geladen werden.',
  actionFailed: STAFF_MESSAGES.actionFailed,
  downloadFailed: STAFF_MESSAGES.downloadFailed,
} as const;
