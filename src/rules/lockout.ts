// The per-account lockout after repeated failed sign-ins (issue 8, decisions 011 and 012): the
// hook counts by it (pb_hooks/lib/lockout.js, through the small rulebook bundle) and the SPA
// says the same words when the server's answer cannot be read.

const LOCK_MINUTES = 15;

export const LOCKOUT = {
  /** Failed attempts within the window before the identity is locked. */
  maxAttempts: 5,
  windowMinutes: 15,
  lockMinutes: LOCK_MINUTES,
  message: `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in ${LOCK_MINUTES} Minuten erneut.`,
} as const;
