import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { accountRefusal } from './model';

/** Asks for a confirmation link to a new address (issue 35); the address changes only when it is opened. */
export async function requestEmailChange(newEmail: string): Promise<void> {
  try {
    await withSession(() => pb.collection('users').requestEmailChange(newEmail.trim(), { requestKey: null }));
  } catch (err) {
    throw accountRefusal(err);
  }
}
