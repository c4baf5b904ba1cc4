import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { ReviewItem } from './model';

/** The auditor's queue: the oldest waiting submissions first, with the total; of one campaign when given. */
export const loadQueue = (campaign = '') =>
  withSession(() =>
    pb.send<{ total: number; items: ReviewItem[]; campaigns?: { id: string; label: string }[] }>('/api/portal/review/queue', {
      requestKey: null,
      query: campaign ? { campaign } : undefined,
    }),
  );
