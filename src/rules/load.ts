/**
 * Admission (issues 21 and 32, decisions 020 and 030): the front before PocketBase lets this many
 * API requests be worked on at once. An admitted request holds up to two of PocketBase's JS
 * runtimes (the launcher starts 128); when the pool is empty PocketBase makes a one-off runtime
 * per call, which is where its memory and CPU went under overload. 16 rather than 24: both
 * answer 1,000 profile pages a second, but at 2,000 PocketBase grew to 489–568 MB with 24 and
 * stayed at 337–340 MB with 16. PORTAL_MAX_IN_FLIGHT overrides the number.
 *
 * Reads may take all but `writeReserve` slots; writes (sign-up, login, redemption, bank details,
 * staff actions, imports) up to `maxWrites` (each costs far more: a password hash, a file) and wait
 * in line for up to `writeWaitMs` when none is free. One address holds at most `perAddress` requests in flight or waiting and
 * `perAddressOpen` open at all. A refusal before any work is safe to repeat: the SPA repeats it
 * after Retry-After, for up to `retryForMs`, showing `waitMessage`, and only then `message`.
 */
export const OVERLOAD = {
  maxInFlight: 16,
  writeReserve: 4,
  maxWrites: 8,
  perAddress: 4,
  perAddressOpen: 16,
  // API requests one address may have answered per minute: PocketBase's general rate rule for
  // '/api/' (set from here at every start, pb_hooks/lib/settings.js), which the front applies
  // first, so that an address's excess is refused before it takes a slot (decision 046).
  apiRequestsPerMinute: 600,
  writeWaitMs: 10_000,
  readWaitMs: 2_000,
  readQueueLength: 250,
  retryAfterSeconds: 2,
  // The longest wait a refusal asks for at a deep overload (decisions 045, 051): less than the
  // app's 30 s bound after a read has waited its 2 s in line (25 + 2 < 30), so the visitor always
  // asks once more, at the latest at its last try just before the bound, where the app cuts a
  // longer wait with jitter (decision 047). A visitor whose place in line lies further out than 15
  // s came back in between before and was refused once more for nothing: at 2.6 times what the
  // portal answered, 25 instead of 15 halved those repeats and answered 56-81 % instead of 29-37 %.
  retryAfterMaxSeconds: 25,
  retryForMs: 30_000,
  message: 'Das Portal ist gerade stark ausgelastet. Bitte versuchen Sie es später erneut.',
  waitMessage: 'Einen Moment bitte – gerade sind viele Werkstätten gleichzeitig im Portal.',
  perAddressMessage: 'Von Ihrer Adresse kommen gerade sehr viele Anfragen gleichzeitig. Bitte versuchen Sie es gleich noch einmal.',
  perAddressRateMessage:
    'Von Ihrer Adresse kamen in der letzten Minute sehr viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
  slowBodyMessage:
    'Die Daten kamen zu langsam an, die Verbindung wurde beendet. Bitte prüfen Sie Ihre Internetverbindung und senden Sie das Formular erneut.',
  tooLargeMessage: 'Die gesendeten Daten sind zu groß.',
  /** A staff upload without an administrator's or auditor's session, refused before its body is read (issue 59). */
  staffOnlyMessage: 'Dateien hochladen können nur angemeldete Administratoren und Prüfer. Bitte melden Sie sich an.',
  /** Too many large bodies being received at once (their temporary files are bounded). */
  bodyFilesMessage: 'Gerade werden viele große Dateien empfangen. Bitte versuchen Sie es gleich noch einmal.',
  /** The dashboard and superuser sign-in from elsewhere than the server itself (issue 59; PORTAL_ADMIN_DASHBOARD). */
  dashboardClosedMessage: 'Die Verwaltungsoberfläche ist nur vom Server selbst aus erreichbar.',
  /** A request target the front refuses because PocketBase could read it otherwise (issue 59). */
  badTargetMessage: 'Diese Adresse ist ungültig. Bitte prüfen Sie den Link.',
} as const;

/**
 * The header in which the SPA sends the workshop's token with its profile page (decision 047),
 * instead of `Authorization`: PocketBase reads the whole user record for every token in
 * `Authorization` before any route runs, which was a third of a page's CPU at a rush; the page's
 * own statement reads the token key with the page and checks the token as PocketBase does.
 */
export const PAGE_TOKEN_HEADER = 'X-Portal-Page-Token';

/**
 * The header in which the app sends back the ticket of the front's last refusal (decision 047): a
 * visitor refused at a rush keeps its place by the time it was first refused, so whoever has
 * waited longest gets the next free place in the line, not whoever happens to ask at that moment.
 */
export const TICKET_HEADER = 'X-Portal-Ticket';

/**
 * What a refusal made before any work says (decision 062), whoever makes it (the front, or
 * PocketBase's own admission when it runs without the front): PocketBase's error shape, marked
 * `notProcessed` so the app may repeat it after `retryAfter` seconds, with the visitor's ticket
 * when it has one. Its answer carries `NOT_PROCESSED_HEADER` too.
 */
export function notProcessedBody(status: number, message: string, retryAfter: number, ticket?: string) {
  const body: { status: number; message: string; data: Record<string, never>; notProcessed: true; retryAfter: number; ticket?: string } = {
    status,
    message,
    data: {},
    notProcessed: true,
    retryAfter,
  };
  if (ticket) body.ticket = ticket;
  return body;
}

/** The header that marks a refusal made before any work (read by proxies and the benchmarks). */
export const NOT_PROCESSED_HEADER = 'X-Portal-Not-Processed';
