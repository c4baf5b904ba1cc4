import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { Payout } from './model';

/** The payouts of one batch, in the order they were made; of one campaign when given (issue 60). */
export const listBatchPayouts = (batchId: string, campaign = '') =>
  withSession(() =>
    pb.collection('payouts').getFullList<Payout>({
      filter: campaign
        ? pb.filter('batch = {:b} && campaign = {:c}', { b: batchId, c: campaign })
        : pb.filter('batch = {:b}', { b: batchId }),
      sort: 'created',
      requestKey: null,
    }),
  );
