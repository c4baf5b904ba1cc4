import { serverRefusal } from '@/lib/api/server-refusal';
import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { MAIL_LOG_MESSAGES, type ResentMail } from './model';

/** Queues a copy of a campaign mail (to the workshop's current address); the server's German refusal is passed on. */
export async function resendMail(id: string): Promise<ResentMail> {
  try {
    return await withSession(() =>
      pb.send<ResentMail>(`/api/portal/outbox/${encodeURIComponent(id)}/resend`, { method: 'POST', requestKey: null }),
    );
  } catch (err) {
    throw new Error(serverRefusal(err, MAIL_LOG_MESSAGES.resendFailed));
  }
}
