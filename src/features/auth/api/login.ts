import { ClientResponseError } from 'pocketbase';

import { isAuthFailure, LOGIN_CHAIN } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { LoginResult } from './model';

/** PocketBase's answer to a right password when the collection requires a second factor. */
function mfaIdOf(err: unknown): string | null {
  const mfaId = err instanceof ClientResponseError && err.status === 401 ? err.response?.mfaId : null;
  return typeof mfaId === 'string' && mfaId !== '' ? mfaId : null;
}

/**
 * Tries each auth collection in order and moves on only when PocketBase answers
 * 'Failed to authenticate.'; any other error (rate limit, lockout, network) ends
 * the chain. Staff collections answer a right password with an MFA id: the code
 * is then requested by mail and the caller asks for it.
 */
export async function loginWithChain(email: string, password: string): Promise<LoginResult> {
  // Addresses are stored in lower case (pb_hooks/lib/users.js), so 'Werkstatt@…' finds the account.
  const identity = email.trim().toLowerCase();
  let last: unknown = null;
  for (const collection of LOGIN_CHAIN) {
    try {
      return { kind: 'session', auth: await pb.collection(collection).authWithPassword(identity, password, { requestKey: null }) };
    } catch (err) {
      const mfaId = mfaIdOf(err);
      if (mfaId) {
        const { otpId } = await pb.collection(collection).requestOTP(identity, { requestKey: null });
        return { kind: 'otp', challenge: { collection, email: identity, mfaId, otpId } };
      }
      if (!isAuthFailure(err)) throw err;
      last = err;
    }
  }
  throw last;
}
