import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

/** How many payouts wait to be batched, and how many are held; of one campaign when given (issue 60). */
export const payoutCounts = (campaign = '') =>
  withSession(async () => {
    const of = (status: string) =>
      campaign ? pb.filter('status = {:s} && campaign = {:c}', { s: status, c: campaign }) : pb.filter('status = {:s}', { s: status });
    const [payable, held] = await Promise.all([
      pb.collection('payouts').getList(1, 1, { filter: of('payable'), fields: 'id', requestKey: null }),
      pb.collection('payouts').getList(1, 1, { filter: of('held'), fields: 'id', requestKey: null }),
    ]);
    return { payable: payable.totalItems, held: held.totalItems };
  });
