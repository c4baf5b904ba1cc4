import { pb } from '@/lib/pocketbase';

export const RESET_REQUEST_ERROR = 'Fehler beim Senden der Passwort-Reset E-Mail.';

/** PocketBase answers the same whether or not the address exists. */
export async function requestPasswordReset(email: string): Promise<boolean> {
  try {
    await pb.collection('users').requestPasswordReset(email.trim().toLowerCase(), { requestKey: null });
    return true;
  } catch (err) {
    console.error(RESET_REQUEST_ERROR, err);
    throw new Error(RESET_REQUEST_ERROR, { cause: err });
  }
}
