/**
 * Runs one payout action with the block's busy state and its notice: true when it succeeded;
 * `onError` gets the refusal (or null) where a dialog shows it instead of the block.
 */
export type Run = (action: () => Promise<unknown>, success: string, onError?: (message: string | null) => void) => Promise<boolean>;
