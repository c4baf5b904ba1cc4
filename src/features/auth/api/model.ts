import type { RecordAuthResponse, RecordModel } from 'pocketbase';

import type { LOGIN_CHAIN } from '@/lib/auth';

/** Staff passed the password step; the session needs the one-time code sent by mail. */
export interface OtpChallenge {
  collection: (typeof LOGIN_CHAIN)[number];
  email: string;
  mfaId: string;
  otpId: string;
}

export type LoginResult = { kind: 'session'; auth: RecordAuthResponse<RecordModel> } | { kind: 'otp'; challenge: OtpChallenge };
