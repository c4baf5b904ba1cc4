import type { FileRecord } from '../files/model';

export interface HeldImport extends FileRecord {
  adminUploaded?: string;
  auditorUploaded?: string;
  gateCodes?: number;
  gateWorkshops?: number;
  gateMaxPerWorkshop?: number;
}

export const GATE_MESSAGES = {
  loadFailed: 'Die wartenden Importe konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
  decideFailed: 'Die Entscheidung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
} as const;
