/**
 * Load shedding (issue 21): past this many API requests at once, the server answers 503 at
 * once instead of letting requests queue for seconds, and the SPA says so in German. An
 * admitted request holds up to two of PocketBase's JS runtimes (the middleware and a JS
 * route); the launcher starts 128, so 24 in flight leave runtimes for the refusals. When the
 * pool is empty PocketBase makes a one-off runtime per call, which is where its memory and
 * CPU went under overload.
 * PORTAL_MAX_IN_FLIGHT overrides the number (docs/performance.md has the runs behind it).
 */
export const OVERLOAD = {
  maxInFlight: 24,
  retryAfterSeconds: 2,
  message: 'Das Portal ist gerade stark ausgelastet. Bitte versuchen Sie es später erneut.',
} as const;
