/**
 * Polls `probe` until it returns a truthy value and returns that value; fails with `what`
 * after `timeoutMs`. The one way the tests wait for the server (never a fixed sleep).
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  { timeoutMs = 30_000, everyMs = 50 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() >= deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * A deliberate pause between the steps of a scenario the test acts out (a body sent in slow
 * pieces, writes spaced out during an upload), never a wait for the server: for that, `until`.
 */
export function pace(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
