// @ts-check
// The front (decision 030): the refusal of a full portal and the wait it asks for. Its wait grows
// with the overload (decision 045) and, for a read, is at least the visitor's place in line among
// the reads refused before it and not served yet (decision 049), within 2 s and 25 s (decision
// 051); an address refused too often in a second gets its refusals after the tarpit.
import { FRONT_DEFAULTS, OVERLOAD } from './limits.mjs';
import { Refusal } from './refusals.mjs';

/**
 * @param {{
 *   limits: { retryAfterMaxSeconds?: number, perAddressOpen?: number },
 *   now: () => number,
 *   stats: { refusalsHeld: number },
 * }} deps
 */
export function createFullPortalRefusals({ limits, now, stats }) {
  const retryAfterMax = limits.retryAfterMaxSeconds ?? FRONT_DEFAULTS.retryAfterMaxSeconds;
  // Refusals and answers over the last whole second: the deeper the overload, the later a refused
  // visitor is asked to come back (Retry-After from retryAfterSeconds up to retryAfterMaxSeconds),
  // so that repeats do not become a storm that takes the CPU the answers need.
  /** @type {{ second: number, refused: number, answered: number, lastRefused: number, lastAnswered: number, refusedFrom: Map<string, number> }} */
  const recent = { second: 0, refused: 0, answered: 0, lastRefused: 0, lastAnswered: 0, refusedFrom: new Map() };
  // Reads refused and not served yet, by the second of their first refusal (decision 049): a
  // read refused without a ticket adds one, a read admitted with its ticket takes its one away,
  // and a second older than the app's bound is forgotten (its visitors have given up). One
  // address adds at most `perAddressOpen` a second, so a flood from it cannot make everybody
  // else wait longer; beyond that many refusals in a second its refusals are held (busy).
  /** @type {Map<number, { count: number, from: Map<string, number> }>} */
  const backlog = new Map();
  const sharePerSecond = limits.perAddressOpen ?? FRONT_DEFAULTS.perAddressOpen;
  const backlogSeconds = Math.ceil(OVERLOAD.retryForMs / 1000);
  const roll = () => {
    const second = Math.floor(now() / 1000);
    if (second === recent.second) return;
    const previous = second === recent.second + 1;
    recent.lastRefused = previous ? recent.refused : 0;
    recent.lastAnswered = previous ? recent.answered : 0;
    recent.second = second;
    recent.refused = 0;
    recent.answered = 0;
    recent.refusedFrom.clear();
    for (const first of backlog.keys()) if (first < second - backlogSeconds) backlog.delete(first);
  };
  /** Refused reads first refused in an earlier second than `since`: ahead of that visitor in line. */
  const ahead = (/** @type {number} */ since) => {
    const own = Math.floor(since / 1000);
    let count = 0;
    for (const [first, bucket] of backlog) if (first < own) count += bucket.count;
    return count;
  };
  /**
   * A refusal of a full portal. Its wait grows with the overload (decision 045) and, for a read,
   * is at least the visitor's place in line: the reads refused before it and not served yet,
   * at the pace answers went out in the last second (decision 049). Both within 2 s and
   * `retryAfterMaxSeconds` (25 s, decision 051). An
   * address refused more than `perAddressOpen` times in a second gets each further refusal after
   * the tarpit (decision 049): a client that asks again at once, as flood tools do, is slowed to
   * a request per connection and second instead of taking the front's CPU.
   * @type {(address: string, since: number, kind: 'read' | 'write', ticketed: boolean) => Refusal}
   */
  const busy = (address, since, kind, ticketed) => {
    roll();
    recent.refused += 1;
    const refusedFromAddress = (recent.refusedFrom.get(address) ?? 0) + 1;
    recent.refusedFrom.set(address, refusedFromAddress);
    const hold = refusedFromAddress > sharePerSecond;
    if (hold) stats.refusalsHeld += 1;
    const ratio = recent.lastRefused / Math.max(1, recent.lastAnswered);
    let seconds = OVERLOAD.retryAfterSeconds * (1 + ratio);
    if (kind === 'read' && recent.lastAnswered > 0) seconds = Math.max(seconds, ahead(since) / recent.lastAnswered);
    if (kind === 'read' && !ticketed) joined(address, since);
    return new Refusal(503, OVERLOAD.message, Math.min(retryAfterMax, Math.ceil(seconds)), hold, since);
  };
  /** A read refused for the first time joins the backlog, within its address's share. */
  const joined = (/** @type {string} */ address, /** @type {number} */ since) => {
    const first = Math.floor(since / 1000);
    let bucket = backlog.get(first);
    if (!bucket) backlog.set(first, (bucket = { count: 0, from: new Map() }));
    const added = bucket.from.get(address) ?? 0;
    if (added >= sharePerSecond) return;
    bucket.count += 1;
    bucket.from.set(address, added + 1);
  };
  /** A read admitted with its ticket is no longer in the backlog. */
  const served = (/** @type {number} */ since) => {
    const bucket = backlog.get(Math.floor(since / 1000));
    if (bucket && bucket.count > 0) bucket.count -= 1;
  };

  return {
    refuse: busy,
    served,
    /** One more answer in this second (the pace a refused read's place in line is served at). */
    answered() {
      roll();
      recent.answered += 1;
    },
  };
}
