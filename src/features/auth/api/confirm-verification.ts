import { pb } from '@/lib/pocketbase';

// One request per token, also when React runs the effect twice in development.
const inFlight = new Map<string, Promise<boolean>>();

/** True when PocketBase accepted the token; a failure returns false (SPEC section 7). */
export function confirmVerification(token: string): Promise<boolean> {
  let pending = inFlight.get(token);
  if (!pending) {
    pending = pb
      .collection('users')
      .confirmVerification(token, { requestKey: null })
      .then(() => true)
      .catch((err: unknown) => {
        console.error('Bestätigung fehlgeschlagen', err);
        return false;
      });
    inFlight.set(token, pending);
  }
  return pending;
}
