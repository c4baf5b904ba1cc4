import { ClientResponseError, type RecordAuthResponse, type RecordModel } from 'pocketbase';

import { pb } from '@/lib/pocketbase';
import { roleFromCollection, type Role } from '@/lib/roles';
import { showNotice } from '@/stores/notice';

export const AUTH_MESSAGES = {
  failedToAuthenticate: 'Failed to authenticate.',
  wrongCredentials: 'E-Mail oder Passwort ist nicht korrekt',
  sessionExpired: 'Nicht eingeloggt oder Session abgelaufen.',
  notLoggedIn: 'Kein User eingeloggt, melden Sie sich an oder registrieren Sie sich.',
  generic: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
} as const;

/** SPEC section 6: workshops first, then auditors, then administrators. */
export const LOGIN_CHAIN = ['users', 'auditors', 'administrators'] as const;

export function isAuthFailure(err: unknown): boolean {
  return err instanceof ClientResponseError && err.response?.message === AUTH_MESSAGES.failedToAuthenticate;
}

/**
 * Tries each auth collection in order and moves on only when PocketBase answers
 * 'Failed to authenticate.'; any other error (rate limit, network) ends the chain.
 */
export async function loginWithChain(email: string, password: string): Promise<RecordAuthResponse<RecordModel>> {
  // Addresses are stored in lower case (pb_hooks/lib/users.js), so 'Werkstatt@…' finds the account.
  const identity = email.trim().toLowerCase();
  let last: unknown = null;
  for (const collection of LOGIN_CHAIN) {
    try {
      return await pb.collection(collection).authWithPassword(identity, password, { requestKey: null });
    } catch (err) {
      if (!isAuthFailure(err)) throw err;
      last = err;
    }
  }
  throw last;
}

export function logout() {
  pb.authStore.clear();
}

export class SessionError extends Error {}

/** Clears a session whose token has expired or was refused, and says so on the page. */
export function expireSession(): SessionError {
  pb.authStore.clear();
  showNotice(AUTH_MESSAGES.sessionExpired);
  return new SessionError(AUTH_MESSAGES.sessionExpired);
}

/**
 * The request wrapper of SPEC section 6: runs `call` only with a valid session, and
 * treats a 401 from the server as an expired session too.
 */
export async function withSession<T>(call: () => Promise<T>): Promise<T> {
  if (!pb.authStore.isValid) throw expireSession();
  try {
    return await call();
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 401) throw expireSession();
    throw err;
  }
}

export function currentIdentity(): { id: string; role: Role } {
  const record = pb.authStore.record;
  const role = roleFromCollection(record?.collectionName);
  if (!pb.authStore.isValid || !record || !role) throw new SessionError(AUTH_MESSAGES.notLoggedIn);
  return { id: record.id, role };
}

export function currentUserId(): string {
  return currentIdentity().id;
}

function requireRole(role: Role): string {
  const identity = currentIdentity();
  if (identity.role !== role) throw new SessionError(AUTH_MESSAGES.notLoggedIn);
  return identity.id;
}

export const requireAuditor = () => requireRole('Auditor');
export const requireAdministrator = () => requireRole('Administrator');
