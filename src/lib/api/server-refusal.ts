import type { ClientResponseError } from 'pocketbase';

import { fieldAnswers, topAnswer } from '@/rules/server-answers';

/**
 * What to show when the server refused: its German message for a 400 (with `fieldFirst`, a
 * field's message where the answer names one), and `fallback` for anything else. Errors
 * are told apart by status, never by their words.
 */
export function serverRefusal(err: unknown, fallback: string, { fieldFirst = false } = {}): string {
  const e = err as ClientResponseError | undefined;
  if (e?.status !== 400) return fallback;
  if (fieldFirst) {
    const [field] = Object.values(fieldAnswers(e.response?.data));
    if (field) return field;
  }
  // PocketBase's own English answers are said in German (issue 58).
  return topAnswer(400, e.response?.message, fallback);
}
