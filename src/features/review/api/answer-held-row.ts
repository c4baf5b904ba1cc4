import { serverRefusal } from '@/lib/api/server-refusal';
import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import type { HeldAuditRow } from '@/lib/staff/files';

import { HELD_MESSAGES } from './model';

/** Applies or drops one held row; the server's German reason when its verdict no longer applied. */
export async function answerHeldRow(
  uploadId: string,
  submissionId: string,
  apply: boolean,
): Promise<{ held: HeldAuditRow[]; refused: string | null }> {
  try {
    return await withSession(() =>
      pb.send(`/api/portal/audit-results/${encodeURIComponent(uploadId)}/held/${encodeURIComponent(submissionId)}`, {
        method: 'POST',
        body: { apply },
        requestKey: null,
      }),
    );
  } catch (err) {
    throw new Error(serverRefusal(err, HELD_MESSAGES.answerFailed));
  }
}
