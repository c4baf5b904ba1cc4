// The workshop's data export (issue 37, GDPR Art. 15 and 20): how often it can be asked for and
// how the archive is named. Used by the hook (pb_hooks/lib/data-export.js) and the profile page.

export const DATA_EXPORT = {
  /** A workshop gets one archive every so many minutes (each one reads all its invoices). */
  minutesBetween: 10,
  /** Wrong passwords at this route per address and minute (PocketBase's rate limiter, migration 040). */
  attemptsPerMinute: 5,
  /** The archive's name: meine-daten-2026-11-26.zip. */
  fileName: (isoDay: string) => `meine-daten-${isoDay}.zip`,
} as const;

/**
 * How long the portal keeps what the law requires after a workshop deleted its account
 * (docs/decisions/038-account-deletion.md). A paid payout with the invoice that justified it is a
 * booking voucher: kept 8 years from the end of the calendar year of the payment (§ 147 Abs. 1
 * Nr. 4, Abs. 3 AO and § 257 Abs. 1 Nr. 4, Abs. 4 HGB as amended by the Bürokratieentlastungsgesetz
 * IV, in force since 1 January 2025). The Datenschutz page names the same period.
 */
export const RETENTION = {
  bookingVoucherYears: 8,
  bookingVoucherBasis: '§ 147 Abs. 1 Nr. 4, Abs. 3 AO; § 257 Abs. 1 Nr. 4, Abs. 4 HGB (Buchungsbeleg)',
  /** A sign-up whose address was never confirmed and that did nothing else is removed after this. */
  unverifiedAccountDays: 30,
  /** A mail's content (names, codes, links) is emptied this long after it was made; the log line stays. */
  mailContentDays: 90,
  /** Generated staff CSVs with personal data (registrations file, user data file); the newest of each stays. */
  generatedFileDays: 30,
  /** A redemption that was not accepted, with its invoice, this long after the verdict (a new one replaced it). */
  rejectedSubmissionDays: 180,
  /** A record of a choice in the cookie banner. */
  consentYears: 3,
  /** PocketBase's request log (settings, migration 001) and its nightly backups (14 kept). */
  requestLogDays: 14,
  backupDays: 14,
} as const;

/** The last day a booking voucher of a payment made on `paidOn` (YYYY-MM-DD) is kept. */
export function keepBookingVoucherUntil(paidOn: string): string {
  const year = Number(String(paidOn).slice(0, 4));
  return `${year + RETENTION.bookingVoucherYears}-12-31`;
}

export const ACCOUNT_DELETION = {
  /** Password tries per address and minute at the deletion route (migration 041). */
  attemptsPerMinute: 5,
} as const;
