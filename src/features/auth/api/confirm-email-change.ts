import { ClientResponseError } from 'pocketbase';

import { pb } from '@/lib/pocketbase';
import { showNotice } from '@/stores/notice';

import { EMAIL_CHANGE_MESSAGES, EmailChangeError } from './model';

/**
 * Confirms the change with the account's password; every session of the account ends with it.
 * A session open in this browser ends here too (the app then goes to the start page, where the
 * notice says what happened); true when it did.
 */
export async function confirmEmailChange(token: string, password: string): Promise<boolean> {
  // The SDK clears the session of the account the token names by itself once confirmed.
  const signedIn = pb.authStore.record !== null;
  try {
    await pb.collection('users').confirmEmailChange(token, password, { requestKey: null });
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 400) {
      const data = (err.response?.data ?? {}) as Record<string, { code?: string }>;
      if (data.password) throw new EmailChangeError(EMAIL_CHANGE_MESSAGES.passwordWrong, 'password');
      throw new EmailChangeError(EMAIL_CHANGE_MESSAGES.expired, null);
    }
    throw new EmailChangeError(EMAIL_CHANGE_MESSAGES.failed, null);
  }
  if (!signedIn) return false;
  pb.authStore.clear();
  showNotice(EMAIL_CHANGE_MESSAGES.done, 'info');
  return true;
}
