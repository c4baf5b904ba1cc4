// Timing and sizing constants of SPEC section 9 that the UI shares.
// offsetTopPx: below the sticky header (h-16 = 64 px), so a toast never covers the user menu.
export const TOAST = { durationMs: 4000, visible: 3, widthPx: 356, position: 'top-right', offsetTopPx: 80 } as const;
// The toaster loads with the first toast; a screen reader announces a live region's changes only
// once it knows the region, so the first toasts go in this long after the region appeared.
export const LIVE_REGION_SETTLE_MS = 500;
export const TOOLTIP_DELAY_MS = 700;
export const CONSENT_TIMEOUT_MS = 5000;
export const LOGOUT_CLEAR_MS = 10;
/**
 * A verdict given in the queue waits this long in the browser before it is sent (issue 58): until
 * then 'Rückgängig' takes it back and nothing is stored, mailed or paid.
 */
export const VERDICT_UNDO_SECONDS = 10;
