import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { PendingDeletion } from './model';

/** The deletions that wait, oldest first (issue 37). */
export const listDeletions = () =>
  withSession(() => pb.send<{ items: PendingDeletion[] }>('/api/portal/backoffice/deletions', { requestKey: null })).then((r) => r.items);
