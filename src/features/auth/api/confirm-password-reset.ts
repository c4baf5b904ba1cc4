import { pb } from '@/lib/pocketbase';

export const RESET_CONFIRM_ERROR = 'Fehler beim Zurücksetzen des Passworts.';

export async function confirmPasswordReset(token: string, password: string, passwordConfirm: string): Promise<void> {
  try {
    await pb.collection('users').confirmPasswordReset(token, password, passwordConfirm, { requestKey: null });
  } catch (err) {
    console.error(RESET_CONFIRM_ERROR, err);
    throw new Error(RESET_CONFIRM_ERROR, { cause: err });
  }
}
