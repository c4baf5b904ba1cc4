import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { RedeemContext } from './model';

/** The signed-in workshop's context; null for staff, who only look at the form. */
export function loadRedeemContext(): Promise<RedeemContext | null> {
  return withSession(async () => {
    const record = pb.authStore.record;
    if (!record || record.collectionName !== 'users') return null;
    const [user, redeemable, latest] = await Promise.all([
      pb.collection('users').getOne(record.id, { fields: 'email,verified,firstName,lastName,blocked', requestKey: null }),
      // Open codes whose campaign's redeem window has not ended (decision 071).
      pb.send<{ codes: string[] }>('/api/portal/redeemable-codes', { method: 'GET', requestKey: null }),
      pb
        .collection('submissions')
        .getList(1, 1, {
          filter: pb.filter('user = {:user}', { user: record.id }),
          sort: '-created',
          fields: 'ibanFirstName,ibanLastName,ibanNumber,ibanBic',
          requestKey: null,
        })
        .then((page) => page.items[0] ?? null),
    ]);
    return {
      email: user.email as string,
      verified: user.verified === true,
      firstName: (user.firstName as string) ?? '',
      lastName: (user.lastName as string) ?? '',
      blocked: user.blocked === true,
      openCodes: redeemable.codes,
      lastBank: latest
        ? {
            firstName: String(latest.ibanFirstName ?? ''),
            lastName: String(latest.ibanLastName ?? ''),
            iban: String(latest.ibanNumber ?? ''),
            bic: String(latest.ibanBic ?? ''),
          }
        : null,
    };
  });
}
