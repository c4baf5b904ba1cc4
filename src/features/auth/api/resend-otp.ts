import { pb } from '@/lib/pocketbase';

import type { OtpChallenge } from './model';

/** Sends a new code; the previous one stays valid until it expires. */
export async function resendOtp(challenge: OtpChallenge): Promise<OtpChallenge> {
  const { otpId } = await pb.collection(challenge.collection).requestOTP(challenge.email, { requestKey: null });
  return { ...challenge, otpId };
}
