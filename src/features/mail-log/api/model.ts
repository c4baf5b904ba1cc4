import type { RecordModel } from 'pocketbase';

import type { MailStatus } from '@/rules/labels';

export type { MailStatus };

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
  resent: (recipient: string, previous: string) =>
    previous && previous.toLowerCase() !== recipient.toLowerCase()
      ? `Die E-Mail wurde erneut in die Warteschlange gestellt, an die aktuelle Adresse ${recipient} (die ursprüngliche ging an ${previous}).`
      : `Die E-Mail wurde erneut in die Warteschlange gestellt (an ${recipient}).`,
  empty: 'Keine E-Mails gefunden.',
} as const;

export const MAIL_LOG_PAGE_SIZE = 20;

/** The server's answer to a resend: where the copy goes and where the original went. */
export interface ResentMail {
  id: string;
  recipient: string;
  previousRecipient: string;
  template: string;
}
