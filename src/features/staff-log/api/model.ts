import { STAFF_MESSAGES } from '@/lib/staff/model';

export interface StaffLogEntry {
  id: string;
  created: string;
  actorCollection: string;
  actorEmail: string;
  action: string;
  targetCollection: string;
  targetId: string;
  reason: string;
  before: Record<string, unknown> | string | null;
  after: Record<string, unknown> | string | null;
}

export interface LogFilters {
  action: string;
  actor: string;
  target: string;
}

export const STAFF_LOG_MESSAGES = {
  logFailed: 'Das Mitarbeiterprotokoll konnte nicht geladen werden.',
  downloadFailed: STAFF_MESSAGES.downloadFailed,
} as const;
