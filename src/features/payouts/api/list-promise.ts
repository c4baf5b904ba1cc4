import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { PromiseItem } from './model';

/** The payout promise: every redemption not yet paid, with its age and level. */
export const listPromise = () =>
  withSession(async () => (await pb.send<{ items: PromiseItem[] }>('/api/portal/payouts/promise', { requestKey: null })).items);
