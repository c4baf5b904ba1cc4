import { ClientResponseError } from 'pocketbase';

import { pb } from '@/lib/pocketbase';
import { roleFromCollection, type Role } from '@/lib/roles';
import { LOCKOUT } from '@/rules/lockout';
import { ANSWER_MESSAGES } from '@/rules/answer-messages';
import { showNotice } from '@/stores/notice';

export const AUTH_MESSAGES = {
  failedToAuthenticate: 'Failed to authenticate.',
  wrongCredentials: 'E-Mail oder Passwort ist nicht korrekt',
  sessionExpired: 'Nicht eingeloggt oder Session abgelaufen.',
  notLoggedIn: 'Kein User eingeloggt, melden Sie sich an oder registrieren Sie sich.',
  generic: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  // Issue 8 (decision 011): the server's lockout text, and the rate limiter's answer.
  locked: LOCKOUT.message,
  tooManyRequests: ANSWER_MESSAGES.tooManyRequests,
  otpWrong: 'Der Bestätigungscode ist nicht korrekt oder abgelaufen.',
  otpResent: 'Wir haben Ihnen einen neuen Bestätigungscode geschickt.',
} as const;

/** SPEC section 6: workshops first, then auditors, then administrators. */
export const LOGIN_CHAIN = ['users', 'auditors', 'administrators'] as const;

export function isAuthFailure(err: unknown): boolean {
  return err instanceof ClientResponseError && err.response?.message === AUTH_MESSAGES.failedToAuthenticate;
}

/** What the code step says: PocketBase answers a wrong or expired code with 400 ('Invalid or expired OTP'). */
export function otpErrorMessage(err: unknown): string {
  if (err instanceof ClientResponseError && err.status === 400) return AUTH_MESSAGES.otpWrong;
  return loginErrorMessage(err);
}

/** What the login page says about a failed attempt. */
export function loginErrorMessage(err: unknown): string {
  if (isAuthFailure(err)) return AUTH_MESSAGES.wrongCredentials;
  if (err instanceof ClientResponseError && err.status === 429) {
    // The lockout says so in its data (the rate limiter's 429 does not); its message is German already.
    const lockout = err.response?.data?.lockout as { message?: string } | undefined;
    return lockout?.message ?? AUTH_MESSAGES.tooManyRequests;
  }
  return AUTH_MESSAGES.generic;
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
