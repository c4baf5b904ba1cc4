/**
 * Load shedding (issue 21): past this many API requests at once, the server answers 503 at
 * once instead of letting requests queue for seconds, and the SPA says so in German. An
 * admitted request holds up to two of PocketBase's JS runtimes (the middleware and a JS
 * route); the launcher starts 128, so 16 in flight leave runtimes for the refusals. When the
 * pool is empty PocketBase makes a one-off runtime per call, which is where its memory and
 * CPU went under overload. 16 rather than 24: both answer 1,000 profile pages a second, but at
 * 2,000 PocketBase grew to 489–568 MB with 24 and stayed at 337–340 MB with 16.
 * PORTAL_MAX_IN_FLIGHT overrides the number (docs/performance.md has the runs behind it).
 */
export const OVERLOAD = {
  maxInFlight: 16,
  retryAfterSeconds: 2,
  message: 'Das Portal ist gerade stark ausgelastet. Bitte versuchen Sie es später erneut.',
} as const;
