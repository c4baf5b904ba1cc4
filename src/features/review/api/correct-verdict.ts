import { serverRefusal } from '@/lib/api/server-refusal';
import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import type { VerdictOutcome } from '@/rules/verdicts';

import { REVIEW_MESSAGES, type ReviewItem } from './model';

/** Corrects a stored verdict (issue 58); the server's German refusal (payout in a batch, say) is passed on. */
export async function correctVerdict(id: string, outcome: VerdictOutcome, reason: string): Promise<ReviewItem> {
  try {
    return await withSession(() =>
      pb.send<ReviewItem>(`/api/portal/review/${encodeURIComponent(id)}/correction`, {
        method: 'POST',
        body: { outcome, reason },
        requestKey: null,
      }),
    );
  } catch (err) {
    throw new Error(serverRefusal(err, REVIEW_MESSAGES.verdictFailed));
  }
}
