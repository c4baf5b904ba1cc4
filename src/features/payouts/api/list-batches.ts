import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { PayoutBatch } from './model';

/** The ten newest batches. */
export const listBatches = () =>
  withSession(async () => (await pb.collection('payout_batches').getList<PayoutBatch>(1, 10, { sort: '-number', requestKey: null })).items);
