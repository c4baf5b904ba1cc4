import { serverRefusal } from '@/lib/api/server-refusal';
import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { MAIL_LOG_MESSAGES, type MailLogEntry } from './model';

/** Queues a copy of a campaign mail; the server's German refusal is passed on. */
export async function resendMail(id: string): Promise<MailLogEntry> {
  try {
    return await withSession(() =>
      pb.send<MailLogEntry>(`/api/portal/outbox/${encodeURIComponent(id)}/resend`, { method: 'POST', requestKey: null }),
    );
  } catch (err) {
    throw new Error(serverRefusal(err, MAIL_LOG_MESSAGES.resendFailed));
  }
}
