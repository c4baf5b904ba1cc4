import { pb } from './pocketbase';

export const VERIFICATION_MESSAGES = {
  title: 'E-Mail-Adresse nicht bestätigt',
  pending: (email: string) =>
    `Wir haben Ihnen einen Bestätigungslink an ${email} gesendet. Bitte öffnen Sie ihn: Erst danach können Sie Cashback-Codes einlösen.`,
  resend: 'Bestätigungs-E-Mail erneut senden',
  sending: 'Wird gesendet...',
  sent: (email: string) => `Wir haben Ihnen eine neue Bestätigungs-E-Mail an ${email} gesendet.`,
  failed: 'Die Bestätigungs-E-Mail konnte nicht gesendet werden. Bitte versuchen Sie es in einer Minute erneut.',
  registered: (email: string) =>
    `Willkommen! Wir haben Ihnen eine E-Mail an ${email} gesendet. Bitte bestätigen Sie darin Ihre E-Mail-Adresse.`,
} as const;

/**
 * Asks PocketBase for a new verification mail. It answers alike for known and unknown
 * addresses, so nobody learns who is registered; at most 3 a minute per address (rate limit).
 */
export async function requestVerificationMail(email: string): Promise<void> {
  await pb.collection('users').requestVerification(email.trim().toLowerCase(), { requestKey: null });
}
