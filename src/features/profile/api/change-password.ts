import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { accountRefusal, type PasswordChange } from './model';

/** A new password (the current one required); every session ends, this one is renewed with the new password. */
export async function changePassword(change: PasswordChange): Promise<void> {
  const record = pb.authStore.record;
  try {
    await withSession(() => pb.collection('users').update(record?.id ?? '', change, { requestKey: null }));
  } catch (err) {
    throw accountRefusal(err);
  }
  // The new password renewed the account's token key: every token, this one too, is void now.
  await pb.collection('users').authWithPassword(String(record?.email ?? ''), change.password, { requestKey: null });
}
