/**
 * Load shedding (issue 21): past this many API requests at once, the server answers 503 at
 * once instead of letting requests queue for seconds, and the SPA says so in German. Without
 * a limit every waiting request held a JS runtime of its own (PocketBase makes one-off
 * runtimes when its pool is empty), which is where its memory went under overload.
 * PORTAL_MAX_IN_FLIGHT overrides the number (docs/performance.md has the runs behind it).
 */
export const OVERLOAD = {
  maxInFlight: 64,
  retryAfterSeconds: 2,
  message: 'Das Portal ist gerade stark ausgelastet. Bitte versuchen Sie es später erneut.',
} as const;
