import type { RecordModel, RecordSubscription } from 'pocketbase';

import { currentIdentity, withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

export const DC_MESSAGES = {
  noFiles: 'Keine Dateien verfügbar.',
  csvOnly: 'Bitte wählen Sie eine CSV-Datei aus.',
  noFile: 'Keine Datei zum Download verfügbar.',
  noFailedRows: 'Keine fehlgeschlagenen Zeilen zum Download verfügbar.',
  downloadFailed: 'Beim Herunterladen der Datei ist ein Fehler aufgetreten.',
  loadFailed: 'Beim Laden der Dateien ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  urlFailed: 'Beim Erstellen der Download-URL ist ein Fehler aufgetreten.',
  userFilesLoadFailed: 'Beim Abrufen der Userdaten-Dateien ist ein Fehler aufgetreten.',
  userFileCreateFailed: 'Beim Erstellen der Userdaten-Datei ist ein Fehler aufgetreten.',
  registrationFileCreateFailed: 'Beim Erstellen der Registrierungsdatei ist ein Fehler aufgetreten.',
  uploadFailed: 'Beim Hochladen der Datei ist ein Fehler aufgetreten.',
  filesLoadFailed: 'Beim Abrufen der Dateien ist ein Fehler aufgetreten.',
  failedRowsDownloadFailed: 'Beim Download der Fehler-Datei ist ein Fehler aufgetreten.',
  salesLoadFailed: 'Beim Abrufen der Sales Data Dateien ist ein Fehler aufgetreten.',
  salesUploadFailed: 'Beim Hochladen der Umsatzdaten ist ein Fehler aufgetreten.',
  noPermission: 'Ihnen fehlen die Berechtigungen um Umsatzdaten hochladen zu können',
  processing: 'Die Daten werden verarbeitet...',
  auditResultsLoadFailed: 'Beim Abrufen der hochgeladenen Prüfdateien ist ein Fehler aufgetreten.',
  auditUploadFailed: 'Beim Hochladen der Prüfdatei ist ein Fehler aufgetreten.',
  auditFileLoadFailed: 'Beim Abrufen der Prüfdatei ist ein Fehler aufgetreten.',
  noAuditFile: 'Keine Prüfdatei zum Herunterladen verfügbar.',
  noAuditFailedRows: 'Keine Datei mit fehlerhaften Zeilen verfügbar.',
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
}

const list = (collection: string, perPage: number) =>
  withSession(async () => (await pb.collection(collection).getList<FileRecord>(1, perPage, { sort: '-created', requestKey: null })).items);

export const listRegistrationFiles = () => list('workshop_files', 2);
export const listSalesFiles = () => list('sales_data_files', 2);
export const listUserFiles = () => list('user_file', 2);
export const listBusinessPartnerFiles = () => list('business_partner_number_files', 50);

/** userfile_YYYY-MM-DD.csv from the current local date (SPEC section 3). */
export function userFileName(now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `userfile_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** The server writes the file while answering; the record is read again to get it. */
export const createUserFile = () =>
  withSession(async () => {
    const created = await pb.collection('user_file').create<FileRecord>({ filename: userFileName() }, { requestKey: null });
    return pb.collection('user_file').getOne<FileRecord>(created.id, { requestKey: null });
  });

/**
 * Uploads sales data as the signed-in administrator or auditor (the server stores the
 * uploader by role). Anyone else gets SPEC's permission error before anything is sent.
 * The server answers when the import is finished; `onRecord` sees the record as it moves.
 */
/** SPEC's refusal for a role that may not upload sales data (classified by type, not by its words). */
export class PermissionError extends Error {
  constructor() {
    super(DC_MESSAGES.noPermission);
  }
}

export async function uploadSalesFile(file: File, onRecord: (record: FileRecord) => void): Promise<FileRecord> {
  const { id, role } = currentIdentity();
  if (role !== 'Administrator' && role !== 'Auditor') throw new PermissionError();
  let mine: string | null = null;
  const unsubscribe = await pb.collection('sales_data_files').subscribe<FileRecord>('*', (e: RecordSubscription<FileRecord>) => {
    if (!mine && e.action === 'create' && e.record.filename === file.name) mine = e.record.id;
    if (e.record.id === mine) onRecord(e.record);
  });
  try {
    const body = new FormData();
    body.append('filename', file.name);
    body.append('file', file);
    body.append(role === 'Administrator' ? 'adminUploaded' : 'auditorUploaded', id);
    const created = await withSession(() => pb.collection('sales_data_files').create<FileRecord>(body, { requestKey: null }));
    return await pb.collection('sales_data_files').getOne<FileRecord>(created.id, { requestKey: null });
  } finally {
    await unsubscribe();
  }
}

export async function uploadBusinessPartnerFile(file: File): Promise<FileRecord> {
  const { id } = currentIdentity();
  const body = new FormData();
  body.append('filename', file.name);
  body.append('uploadedByUser', id);
  body.append('file', file);
  const created = await withSession(() => pb.collection('business_partner_number_files').create<FileRecord>(body, { requestKey: null }));
  return pb.collection('business_partner_number_files').getOne<FileRecord>(created.id, { requestKey: null });
}

/** 'Neue Registrierungsdatei erstellen' (administrators): the server writes it while the request runs. */
export const createRegistrationFile = () =>
  withSession(() => pb.send<FileRecord>('/api/portal/registration-files', { method: 'POST', requestKey: null }));

/** A short-lived file token makes a protected file downloadable (SPEC section 7). */
export async function fileUrl(record: FileRecord, field: 'file' | 'failedRowsCsv'): Promise<string> {
  const name = record[field];
  if (!name) throw new Error(field === 'file' ? DC_MESSAGES.noFile : DC_MESSAGES.noFailedRows);
  const token = await withSession(() => pb.files.getToken({ requestKey: null }));
  return pb.files.getURL(record, name, { token });
}

export const listAuditResults = () => list('audit_results', 2);

/** The newest audit file, or null. */
export const newestAuditFile = () =>
  withSession(
    async () =>
      (await pb.collection('submission_audit_files').getList<FileRecord>(1, 1, { sort: '-created', requestKey: null })).items[0] ?? null,
  );

/** Asks the server for a fresh audit file; it is written while the request runs. */
export const createAuditFile = () =>
  withSession(async () => {
    const created = await pb.collection('submission_audit_files').create<FileRecord>({ filename: 'pruefdatei.csv' }, { requestKey: null });
    return pb.collection('submission_audit_files').getOne<FileRecord>(created.id, { requestKey: null });
  });

/** Uploads the edited audit file; the counts are sent as 0 and set by the server (SPEC section 3). */
export async function uploadAuditResults(file: File): Promise<FileRecord> {
  const { id } = currentIdentity();
  const body = new FormData();
  body.append('filename', file.name);
  body.append('uploadedByUser', id);
  body.append('file', file);
  body.append('successfullyProcessedRows', '0');
  body.append('failedProcessedRows', '0');
  const created = await withSession(() => pb.collection('audit_results').create<FileRecord>(body, { requestKey: null }));
  return pb.collection('audit_results').getOne<FileRecord>(created.id, { requestKey: null });
}
