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
