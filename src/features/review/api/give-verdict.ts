import { serverRefusal } from '@/lib/api/server-refusal';
import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { type Outcome, REVIEW_MESSAGES, type ReviewItem } from './model';

/** The verdict; the server's German refusal (another verdict won, say) is passed on. */
export async function giveVerdict(id: string, outcome: Outcome, note: string): Promise<ReviewItem> {
  try {
    return await withSession(() =>
      pb.send<ReviewItem>(`/api/portal/review/${encodeURIComponent(id)}/verdict`, {
        method: 'POST',
        body: { outcome, note },
        requestKey: null,
      }),
    );
  } catch (err) {
    throw new Error(serverRefusal(err, REVIEW_MESSAGES.verdictFailed));
  }
}
