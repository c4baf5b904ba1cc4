import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { MySubmission } from './model';

/** The workshop's own invoice through a short-lived file token (the file is protected). */
export async function invoiceUrl(submission: Pick<MySubmission, 'id' | 'file'>): Promise<string> {
  const token = await withSession(() => pb.files.getToken({ requestKey: null }));
  return pb.files.getURL({ id: submission.id, collectionName: 'submissions' }, submission.file, { token });
}
