import type { ClientResponseError } from 'pocketbase';

/**
 * What to show when the server refused: its German message for a 400 (with `fieldFirst`, a
 * field's message where the answer names one), and `fallback` for anything else. Errors
 * are told apart by status, never by their words.
 */
export function serverRefusal(err: unknown, fallback: string, { fieldFirst = false } = {}): string {
  const e = err as ClientResponseError | undefined;
  if (e?.status !== 400) return fallback;
  if (fieldFirst) {
    const fields = Object.values((e.response?.data ?? {}) as Record<string, { message?: unknown }>);
    const field = fields.find((f) => typeof f?.message === 'string');
    if (field) return field.message as string;
  }
  return typeof e.response?.message === 'string' ? e.response.message : fallback;
}
