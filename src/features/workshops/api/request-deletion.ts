import { serverRefusal } from '@/lib/api/server-refusal';
import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { WORKSHOP_MESSAGES } from './model';

/**
 * A deletion received by letter or phone (issue 37): done at once, or stored until the
 * workshop's submissions and payouts are settled. Returns the server's German outcome.
 */
export async function requestDeletion(
  id: string,
  reason: string,
  forfeitCodes: boolean,
): Promise<{ state: 'deleted' | 'deferred'; message: string }> {
  try {
    return await withSession(() =>
      pb.send(`/api/portal/backoffice/workshops/${encodeURIComponent(id)}/deletion`, {
        method: 'POST',
        body: { reason, forfeitCodes },
        requestKey: null,
      }),
    );
  } catch (err) {
    throw new Error(serverRefusal(err, WORKSHOP_MESSAGES.actionFailed, { fieldFirst: true }));
  }
}
