import { ClientResponseError } from 'pocketbase';

import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { CASHBACK_MESSAGES } from '../schemas/cashback';

/** A code of the workshop's own (the list rule shows no other) and the state it is in. */
export interface OwnVoucher {
  id: string;
  campaign: string;
  status: 'open' | 'audit' | 'closed';
}

/** The workshop's voucher with this code in any state, or null. Other failures throw the helper's message. */
export function checkVoucher(code: string): Promise<OwnVoucher | null> {
  return withSession(async () => {
    try {
      const v = await pb.collection('vouchers').getFirstListItem(pb.filter('code = {:code}', { code: code.trim().toUpperCase() }), {
        fields: 'id,campaign,status',
        requestKey: null,
      });
      return { id: v.id, campaign: v.campaign as string, status: v.status as OwnVoucher['status'] };
    } catch (err) {
      if (err instanceof ClientResponseError && err.status === 404) return null;
      throw new Error(CASHBACK_MESSAGES.checkHelperFailed, { cause: err });
    }
  });
}
