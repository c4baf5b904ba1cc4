import { serverRefusal } from '@/lib/api/server-refusal';
import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { REVIEW_MESSAGES, type ReviewItem } from './model';

/** Corrects a field the reader read (issue 61); the server's German refusal (a date that is none) is passed on. */
export async function correctReading(id: string, field: string, value: string): Promise<ReviewItem> {
  try {
    return await withSession(() =>
      pb.send<ReviewItem>(`/api/portal/review/${encodeURIComponent(id)}/reading`, {
        method: 'POST',
        body: { field, value },
        requestKey: null,
      }),
    );
  } catch (err) {
    throw new Error(serverRefusal(err, REVIEW_MESSAGES.correctionFailed));
  }
}
