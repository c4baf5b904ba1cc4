/**
 * An IBAN as the portal shows it where the whole number is not needed: 'DE89 **** **** 3000'.
 * The SPA, the hooks (payout mails) and the profile page's SQL (pb_hooks/lib/profile-page.js,
 * compared in tests/api/profile-page.test.ts) show the same.
 */
export function maskIban(iban: string | null | undefined): string {
  const v = String(iban ?? '');
  return v.length > 8 ? `${v.slice(0, 4)} **** **** ${v.slice(-4)}` : v;
}
