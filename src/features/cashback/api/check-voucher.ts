import { ClientResponseError } from 'pocketbase';

import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { CASHBACK_MESSAGES } from '../schemas/cashback';

/** The first open voucher with this code, or null. Other failures throw the helper's message. */
export function checkVoucher(code: string): Promise<{ id: string; campaign: string } | null> {
  return withSession(async () => {
    try {
      const v = await pb
        .collection('vouchers')
        .getFirstListItem(pb.filter('code = {:code} && status = "open"', { code: code.trim().toUpperCase() }), {
          fields: 'id,campaign',
          requestKey: null,
        });
      return { id: v.id, campaign: v.campaign as string };
    } catch (err) {
      if (err instanceof ClientResponseError && err.status === 404) return null;
      throw new Error(CASHBACK_MESSAGES.checkHelperFailed, { cause: err });
    }
  });
}
