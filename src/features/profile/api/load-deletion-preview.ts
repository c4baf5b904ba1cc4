import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { DeletionPreview } from './model';

export function loadDeletionPreview(): Promise<DeletionPreview> {
  return withSession(() => pb.send<DeletionPreview>('/api/portal/account-deletion', { method: 'GET', requestKey: null }));
}
