// @ts-check
// The front (decision 030): tickets — a refused visitor's place in the reads' line (decision 047).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { OVERLOAD } from './limits.mjs';

/**
 * Tickets (decision 047). A refusal of a full portal carries the time the visitor was first
 * refused, signed for its address with a secret of this process; the app sends it back with its
 * repeat (TICKET_HEADER), and the reads' line takes the visitor by that time, ahead of whoever was
 * refused later. A ticket that is forged, another address's, older than twice the app's bound or
 * malformed counts as none: the request is as new as it is.
 * @param {() => number} [now]
 * @param {import('node:crypto').BinaryLike} [secret]
 */
export function createTickets(now = Date.now, secret = randomBytes(32)) {
  const maxAgeMs = 2 * OVERLOAD.retryForMs;
  /** @type {(address: string, since: number) => string} */
  const mac = (address, since) => createHmac('sha256', secret).update(`${address}|${since}`).digest('base64url').slice(0, 22);
  return {
    issue: (/** @type {string} */ address, /** @type {number} */ since) => `${since.toString(36)}.${mac(address, since)}`,
    /**
     * The time the ticket stands for, or null.
     * @param {string} address
     * @param {unknown} ticket
     */
    sinceOf(address, ticket) {
      if (typeof ticket !== 'string' || ticket.length > 64) return null;
      const [time, given, ...rest] = ticket.split('.');
      if (!time || !given || rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(time)) return null;
      const since = parseInt(time, 36);
      const age = now() - since;
      if (!Number.isSafeInteger(since) || age < 0 || age > maxAgeMs) return null;
      const expected = Buffer.from(mac(address, since));
      const offered = Buffer.from(given);
      return offered.length === expected.length && timingSafeEqual(offered, expected) ? since : null;
    },
  };
}
