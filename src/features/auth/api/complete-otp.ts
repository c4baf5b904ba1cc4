import type { RecordAuthResponse, RecordModel } from 'pocketbase';

import { pb } from '@/lib/pocketbase';

import type { OtpChallenge } from './model';

/** Second step for staff: the code from the mail completes the session. */
export function completeOtp(challenge: OtpChallenge, code: string): Promise<RecordAuthResponse<RecordModel>> {
  return pb.collection(challenge.collection).authWithOTP(challenge.otpId, code.trim(), { mfaId: challenge.mfaId, requestKey: null });
}
