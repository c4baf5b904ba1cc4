import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { ReviewItem } from './model';

/** The auditor's queue: the oldest waiting submissions first, with the total. */
export const loadQueue = () =>
  withSession(() => pb.send<{ total: number; items: ReviewItem[] }>('/api/portal/review/queue', { requestKey: null }));
