import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { ReviewItem } from './model';

/** The invoice as a short-lived URL (file token). */
export async function invoiceFileUrl(item: Pick<ReviewItem, 'id' | 'collectionId' | 'file'>): Promise<string> {
  const token = await withSession(() => pb.files.getToken({ requestKey: null }));
  return pb.files.getURL({ id: item.id, collectionId: item.collectionId, collectionName: 'submissions' }, item.file, { token });
}
