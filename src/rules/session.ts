/**
 * How long a session's token lasts, per account collection (the migrations set PocketBase's
 * auth token durations to these). The SPA renews a stored token on page load only once half
 * of it has passed.
 */
export const SESSION_SECONDS = { users: 24 * 60 * 60, administrators: 8 * 60 * 60, auditors: 8 * 60 * 60 } as const;

/** On /login when a page behind the login sent the visitor there (a link from a mail, issue 35). */
export const RETURN_NOTICE = 'Bitte melden Sie sich an. Danach öffnet sich die gewünschte Seite.';
