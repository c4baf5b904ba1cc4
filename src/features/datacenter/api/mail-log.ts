import type { ClientResponseError, RecordModel } from 'pocketbase';

import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

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

/**
 * One page of the mail log. Failed and given-up mails come first (their status sorts
 * before the others), newest first within a status; the recipient filter is bound, never
 * pasted into the filter string.
 */
export const listMailLog = ({ page, status, recipient }: { page: number; status: MailStatus | ''; recipient: string }) =>
  withSession(() => {
    const parts: string[] = [];
    const params: Record<string, string> = {};
    if (status) {
      parts.push('status = {:status}');
      params.status = status;
    }
    if (recipient.trim()) {
      parts.push('recipient ~ {:recipient}');
      params.recipient = recipient.trim();
    }
    return pb.collection('mail_outbox').getList<MailLogEntry>(page, MAIL_LOG_PAGE_SIZE, {
      filter: parts.length ? pb.filter(parts.join(' && '), params) : '',
      sort: 'status,-created',
      requestKey: null,
    });
  });

/** Queues a copy of a campaign mail; the server's German refusal is passed on. */
export async function resendMail(id: string): Promise<MailLogEntry> {
  try {
    return await withSession(() =>
      pb.send<MailLogEntry>(`/api/portal/outbox/${encodeURIComponent(id)}/resend`, { method: 'POST', requestKey: null }),
    );
  } catch (err) {
    const e = err as ClientResponseError;
    throw new Error(e?.status === 400 && typeof e.response?.message === 'string' ? e.response.message : MAIL_LOG_MESSAGES.resendFailed);
  }
}
