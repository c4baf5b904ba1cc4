import type { RecordModel } from 'pocketbase';

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'given_up';

export interface MailLogEntry extends RecordModel {
  recipient: string;
  template: string;
  subject: string;
  status: MailStatus;
  immediate: boolean;
  attempts: number;
  lastError: string;
  nextAttemptAt: string;
  sentAt: string;
  created: string;
  resendOf: string;
}

export const MAIL_LOG_MESSAGES = {
  loadFailed: 'Das E-Mail-Protokoll konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
  resendFailed: 'Die E-Mail konnte nicht erneut in die Warteschlange gestellt werden.',
  resent: 'Die E-Mail wurde erneut in die Warteschlange gestellt.',
  empty: 'Keine E-Mails gefunden.',
} as const;

export const MAIL_LOG_PAGE_SIZE = 20;
