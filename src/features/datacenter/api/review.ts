import type { ClientResponseError } from 'pocketbase';

import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

export interface Signal {
  code: 'file' | 'iban' | 'number' | 'late' | 'early' | 'scan';
  message: string;
}

export interface ReviewItem {
  id: string;
  collectionId: string;
  created: string;
  status: 'pending' | 'passed' | 'rejected';
  file: string;
  pdf: boolean;
  code: string;
  codeIssued: string;
  accountHolder: string;
  iban: string;
  bic: string;
  workshop: {
    id: string;
    firstName: string;
    lastName: string;
    shopName: string;
    email: string;
    zipCode: string;
    city: string;
    centres: { partnerName: string; bnr: string; customerNumber: string; gpnr: string }[];
  };
  signals: Signal[];
  textExtracted: boolean;
  invoiceNumber: string;
  invoiceDate: string;
  history: { created: string; outcome: 'passed' | 'rejected'; checked: boolean; faulty: boolean; note: string; source: string }[];
}

export type Outcome = 'passed' | 'faulty' | 'missing';

export const REVIEW_MESSAGES = {
  queueFailed: 'Die Prüfwarteschlange konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
  verdictFailed: 'Das Ergebnis konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  empty: 'Keine Einreichung wartet auf eine Prüfung.',
} as const;

export const loadQueue = () =>
  withSession(() => pb.send<{ total: number; items: ReviewItem[] }>('/api/portal/review/queue', { requestKey: null }));

/** One submission with everything a review needs (the invoice check by id). */
export const loadSubmission = (id: string) =>
  withSession(() => pb.send<ReviewItem>(`/api/portal/review/${encodeURIComponent(id.trim())}`, { requestKey: null }));

/** The invoice as a short-lived URL (file token). */
export async function invoiceFileUrl(item: Pick<ReviewItem, 'id' | 'collectionId' | 'file'>): Promise<string> {
  const token = await withSession(() => pb.files.getToken({ requestKey: null }));
  return pb.files.getURL({ id: item.id, collectionId: item.collectionId, collectionName: 'submissions' }, item.file, { token });
}

/** What pdf.js read from the invoice's text layer; the server derives number, date and signals from it. */
export const postInvoiceText = (id: string, text: string) =>
  withSession(() =>
    pb.send<{ signals: Signal[]; invoiceNumber: string; invoiceDate: string }>(`/api/portal/review/${encodeURIComponent(id)}/text`, {
      method: 'POST',
      body: { text },
      requestKey: null,
    }),
  );

/** The verdict; the server's German refusal (another verdict won, say) is passed on. */
export async function giveVerdict(id: string, outcome: Outcome, note: string): Promise<ReviewItem> {
  try {
    return await withSession(() =>
      pb.send<ReviewItem>(`/api/portal/review/${encodeURIComponent(id)}/verdict`, {
        method: 'POST',
        body: { outcome, note },
        requestKey: null,
      }),
    );
  } catch (err) {
    const e = err as ClientResponseError;
    throw new Error(e?.status === 400 && typeof e.response?.message === 'string' ? e.response.message : REVIEW_MESSAGES.verdictFailed);
  }
}
