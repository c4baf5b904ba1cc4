import type { CentreRow, Signal, WorkshopContact } from '@/lib/staff/model';
import type { ReadingState, ReadValue } from '@/rules';

export type { Signal };

export interface ReviewItem {
  id: string;
  collectionId: string;
  created: string;
  status: 'pending' | 'passed' | 'rejected';
  file: string;
  pdf: boolean;
  code: string;
  codeIssued: string;
  /** The code's campaign (issue 60). */
  campaignLabel?: string;
  accountHolder: string;
  iban: string;
  bic: string;
  workshop: WorkshopContact & { centres: CentreRow[] };
  signals: Signal[];
  textExtracted: boolean;
  invoiceNumber: string;
  invoiceDate: string;
  /** What the reader process read from the invoice (issue 61). */
  reading: Reading;
  /** The full text read; only in the answer about one submission. */
  text?: string;
  history: { created: string; outcome: 'passed' | 'rejected'; checked: boolean; faulty: boolean; note: string; source: string }[];
}

export interface Reading {
  state: ReadingState;
  reason: string;
  kind: '' | 'text' | 'ocr';
  /** Each page's size in the reading and how it was turned to be read upright (quarter turns clockwise). */
  pages: { width: number; height: number; quarterTurns?: number }[];
  fields: Partial<Record<string, ReadValue>>;
  corrections: Partial<Record<string, { value: string; read: string; by: string; at: string }>>;
  readAt: string;
}

export type Outcome = 'passed' | 'faulty' | 'missing';

export const REVIEW_MESSAGES = {
  queueFailed: 'Die Prüfwarteschlange konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
  verdictFailed: 'Das Ergebnis konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  empty: 'Keine Einreichung wartet auf eine Prüfung.',
  correctionFailed: 'Die Korrektur konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
} as const;

/** The audit-file rows held for confirmation (issue 58). */
export const HELD_MESSAGES = {
  loadFailed: 'Die wartenden Zeilen der Prüfdateien konnten nicht geladen werden.',
  answerFailed: 'Das hat nicht geklappt. Bitte versuchen Sie es erneut.',
} as const;
