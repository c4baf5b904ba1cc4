import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

/** How many payouts wait to be batched, and how many are held. */
export const payoutCounts = () =>
  withSession(async () => {
    const [payable, held] = await Promise.all([
      pb.collection('payouts').getList(1, 1, { filter: "status = 'payable'", fields: 'id', requestKey: null }),
      pb.collection('payouts').getList(1, 1, { filter: "status = 'held'", fields: 'id', requestKey: null }),
    ]);
    return { payable: payable.totalItems, held: held.totalItems };
  });
