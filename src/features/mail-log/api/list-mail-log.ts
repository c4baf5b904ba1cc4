import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { MAIL_LOG_PAGE_SIZE, type MailLogEntry, type MailStatus } from './model';

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
