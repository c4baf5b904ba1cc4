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
