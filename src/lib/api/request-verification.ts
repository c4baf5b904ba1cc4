import { pb } from '@/lib/pocketbase';

/**
 * Asks PocketBase for a new verification mail. It answers alike for known and unknown
 * addresses, so nobody learns who is registered; at most 3 a minute per address (rate limit).
 */
export async function requestVerificationMail(email: string): Promise<void> {
  await pb.collection('users').requestVerification(email.trim().toLowerCase(), { requestKey: null });
}
