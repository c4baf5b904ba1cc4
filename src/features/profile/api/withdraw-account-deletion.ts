import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { accountRefusal, type DeletionPreview } from './model';

/** Takes back the workshop's waiting deletion (issue 58); refusals as AccountError (German). */
export async function withdrawAccountDeletion(): Promise<{ message: string } & DeletionPreview> {
  try {
    return await withSession(() =>
      pb.send<{ message: string } & DeletionPreview>('/api/portal/account-deletion', { method: 'DELETE', requestKey: null }),
    );
  } catch (err) {
    throw accountRefusal(err);
  }
}
