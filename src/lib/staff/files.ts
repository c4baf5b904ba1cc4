import type { RecordModel } from 'pocketbase';

import { STAFF_MESSAGES } from './model';

export const DC_MESSAGES = {
  noFiles: 'Keine Dateien verfügbar.',
  csvOnly: 'Bitte wählen Sie eine CSV-Datei aus.',
  noFile: 'Keine Datei zum Download verfügbar.',
  noFailedRows: 'Keine fehlgeschlagenen Zeilen zum Download verfügbar.',
  downloadFailed: STAFF_MESSAGES.downloadFailed,
  loadFailed: 'Beim Laden der Dateien ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  urlFailed: 'Beim Erstellen der Download-URL ist ein Fehler aufgetreten.',
  userFilesLoadFailed: 'Beim Abrufen der Userdaten-Dateien ist ein Fehler aufgetreten.',
  userFileCreateFailed: 'Beim Erstellen der Userdaten-Datei ist ein Fehler aufgetreten.',
  /** SPEC section 8's message for creating a file: the registrations and the audit file (the user file has its own). */
  fileCreateFailed: 'Beim Erstellen der Datei ist ein Fehler aufgetreten.',
  uploadFailed: 'Beim Hochladen der Datei ist ein Fehler aufgetreten.',
  filesLoadFailed: 'Beim Abrufen der Dateien ist ein Fehler aufgetreten.',
  failedRowsDownloadFailed: 'Beim Download der Fehler-Datei ist ein Fehler aufgetreten.',
  salesLoadFailed: 'Beim Abrufen der Sales Data Dateien ist ein Fehler aufgetreten.',
  salesUploadFailed: 'Beim Hochladen der Umsatzdaten ist ein Fehler aufgetreten.',
  noPermission: 'Ihnen fehlen die Berechtigungen um Umsatzdaten hochladen zu können',
  processing: 'Die Daten werden verarbeitet...',
  /** After an upload the server finished in the same request: the table's row shows the result. */
  finished: 'fertig verarbeitet, das Ergebnis steht in der Tabelle.',
  auditResultsLoadFailed: 'Beim Abrufen der hochgeladenen Prüfdateien ist ein Fehler aufgetreten.',
  auditUploadFailed: 'Beim Hochladen der Prüfdatei ist ein Fehler aufgetreten.',
  auditFileLoadFailed: 'Beim Abrufen der Prüfdatei ist ein Fehler aufgetreten.',
  noAuditFile: 'Keine Prüfdatei zum Herunterladen verfügbar.',
  noAuditFailedRows: 'Keine Datei mit fehlerhaften Zeilen verfügbar.',
  /** A file made but not read back. */
  fileFetchFailed: 'Beim Abrufen der Datei ist ein Fehler aufgetreten.',
  invoiceIdRequired: 'Bitte geben Sie eine Rechnungs ID ein.',
  invoiceFetchFailed: 'Fehler beim Abrufen der Rechnung. Bitte überprüfen Sie die ID.',
  imageFailed: 'Fehler beim Laden des Bildes.',
} as const;

export interface FileRecord extends RecordModel {
  filename: string;
  file?: string;
  created: string;
  status?: 'queued' | 'processing' | 'held' | 'merging' | 'issuing' | 'done' | 'failed' | 'discarded';
  codesIssued?: number;
  progress?: number;
  errorMessage?: string;
  totalRows?: number;
  totalUsers?: number;
  successfullyProcessedRows?: number;
  unchangedDataCount?: number;
  updatedDataCount?: number;
  newDataCount?: number;
  failedProcessedRows?: number;
  failedRowsCsv?: string;
  /** Audit results: rows left blank (not audited yet). */
  skippedRows?: number;
  /** Audit results: rows that would decide a submission with review signals, waiting for confirmation (issue 58). */
  heldRows?: number;
  held?: HeldAuditRow[];
}

/** One audit-file row held for confirmation: the verdict it would give and the submission's signals. */
export interface HeldAuditRow {
  id: string;
  line: number;
  checked: boolean;
  faulty: boolean;
  code: string;
  shopName: string;
  signals: string[];
}

/** The data area's file collections, each listed newest first. */
export type FileCollection = 'workshop_files' | 'sales_data_files' | 'user_file' | 'business_partner_number_files' | 'audit_results';

/** SPEC's refusal for a role that may not upload sales data (classified by type, not by its words). */
export class PermissionError extends Error {
  constructor() {
    super(DC_MESSAGES.noPermission);
  }
}

/** userfile_YYYY-MM-DD.csv from the current local date (SPEC section 3). */
export function userFileName(now = new Date(), campaignYear?: number) {
  const pad = (n: number) => String(n).padStart(2, '0');
  const of = campaignYear ? `_aktion_${campaignYear}` : '';
  return `userfile_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}${of}.csv`;
}
