import type { FileRecord } from '@/lib/staff/files';

export interface HeldImport extends FileRecord {
  adminUploaded?: string;
  auditorUploaded?: string;
  gateCodes?: number;
  gateWorkshops?: number;
  gateMaxPerWorkshop?: number;
  /** Codes of the last 7 days, this file's included (campaign-wide). */
  gateWeekCodes?: number;
  /** The most codes one workshop would have in the last 7 days with this file. */
  gateWeekMaxPerWorkshop?: number;
  /** Why the gate holds the file, in German. */
  gateReason?: string;
  /** The week's earlier files that count toward the limits, newest first. */
  gateEarlier?: EarlierImport[] | null;
}

export interface EarlierImport {
  id: string;
  filename: string;
  created: string;
  status: string;
  codes: number;
  uploader: string;
}

export const GATE_MESSAGES = {
  loadFailed: 'Die wartenden Importe konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
  decideFailed: 'Die Entscheidung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
} as const;
