import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { Payout } from './model';

/** The payouts of one batch, in the order they were made. */
export const listBatchPayouts = (batchId: string) =>
  withSession(() =>
    pb.collection('payouts').getFullList<Payout>({ filter: pb.filter('batch = {:b}', { b: batchId }), sort: 'created', requestKey: null }),
  );
