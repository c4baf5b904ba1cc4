import { pb } from '@/lib/pocketbase';

/** Renews the stored session's token for its own collection (SPEC section 7: on every page load). */
export function refreshSession(collectionName: string) {
  return pb.collection(collectionName).authRefresh({ requestKey: null });
}
