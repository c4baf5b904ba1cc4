import { getTokenPayload, type RecordAuthResponse, type RecordModel } from 'pocketbase';

import type { LOGIN_CHAIN } from '@/lib/auth';
import { MESSAGES } from '@/rules';

/** Staff passed the password step; the session needs the one-time code sent by mail. */
export interface OtpChallenge {
  collection: (typeof LOGIN_CHAIN)[number];
  email: string;
  mfaId: string;
  otpId: string;
}

export type LoginResult = { kind: 'session'; auth: RecordAuthResponse<RecordModel> } | { kind: 'otp'; challenge: OtpChallenge };

export const EMAIL_CHANGE_MESSAGES = {
  expired: 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie die Änderung in Ihrem Profil erneut an.',
  failed: 'Die Änderung konnte nicht bestätigt werden. Bitte versuchen Sie es später erneut.',
  passwordWrong: MESSAGES.currentPasswordWrong,
  done: 'Ihre E-Mail-Adresse wurde geändert. Bitte melden Sie sich mit der neuen Adresse an.',
} as const;

/** The new address the link names (read from the token; the server checks its signature). */
export function newEmailOf(token: string): string {
  try {
    const email = getTokenPayload(token).newEmail;
    return typeof email === 'string' ? email : '';
  } catch {
    return '';
  }
}

export class EmailChangeError extends Error {
  constructor(
    message: string,
    readonly field: 'password' | null,
  ) {
    super(message);
  }
}
