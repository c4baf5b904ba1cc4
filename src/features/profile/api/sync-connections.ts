import type { CentreLink } from '@/components/service-centres/schema';
import { currentUserId } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { PROFILE_MESSAGES } from './model';

/**
 * SPEC section 4: entries without id are created, entries with id updated, stored entries
 * missing from the form deleted. Returns whether every call succeeded.
 */
export async function syncConnections(stored: CentreLink[], wanted: CentreLink[]): Promise<boolean> {
  const userId = currentUserId();
  const col = pb.collection('user_lz_connections');
  const wantedIds = new Set(wanted.map((w) => w.connectionId).filter(Boolean));
  const calls: Promise<unknown>[] = [
    ...wanted
      .filter((w) => !w.connectionId)
      .map((w) => col.create({ user: userId, noraLz: w.partnerId, customerNumber: w.customerNumber }, { requestKey: null })),
    ...wanted
      .filter((w) => w.connectionId && stored.find((s) => s.connectionId === w.connectionId)?.customerNumber !== w.customerNumber)
      .map((w) => col.update(w.connectionId!, { customerNumber: w.customerNumber }, { requestKey: null })),
    ...stored.filter((s) => s.connectionId && !wantedIds.has(s.connectionId)).map((s) => col.delete(s.connectionId!, { requestKey: null })),
  ];
  const results = await Promise.allSettled(calls);
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length > 0) console.error(PROFILE_MESSAGES.connectionsFailed, failed);
  return failed.length === 0;
}
