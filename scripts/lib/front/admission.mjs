// @ts-check
// The front (decision 030): admission — the capacity PocketBase's slots are shared by (reads,
// writes, per address, per minute), its lines and its refusals of a full portal.
import { FRONT_DEFAULTS, OVERLOAD } from './limits.mjs';
import { Refusal } from './refusals.mjs';
import { createFullPortalRefusals } from './full-portal.mjs';
import { createTickets } from './tickets.mjs';

/** @typedef {'read' | 'write'} Kind what a request asks a slot for */
/** @typedef {() => void} Release hands a slot back (once, however often it is called) */
/**
 * A request waiting in a line for a slot.
 * @typedef {{ address: string, since: number, ticketed: boolean, timer: NodeJS.Timeout | undefined,
 *   resolve: (release: Release) => void, reject: (refusal: Refusal) => void }} Waiter
 */
/**
 * A request waiting behind its own address's requests.
 * @typedef {{ kind: Kind, since: number, ticketed: boolean, timer: NodeJS.Timeout | undefined,
 *   resolve: (release: Release) => void, reject: (refusal: Refusal) => void }} AddressWaiter
 */
/** @typedef {typeof FRONT_DEFAULTS & { ticketSecret?: import('node:crypto').BinaryLike }} Limits */

/** The admission's counters as they start (the front's `stats`; bench:burst reads them). */
export const ADMISSION_STATS = Object.freeze({
  admitted: 0,
  refusedBusy: 0,
  refusedAddress: 0,
  refusedConnections: 0,
  refusedRealtime: 0,
  refusedRate: 0,
  /** Targets PocketBase could read otherwise than the front (issue 59). */
  refusedTarget: 0,
  waited: 0,
  timedOut: 0,
  readsWaited: 0,
  readsTimedOut: 0,
  readsDisplaced: 0,
  refusalsHeld: 0,
  peakInFlight: 0,
  peakLine: 0,
  peakReadLine: 0,
  peakPerAddress: 0,
});

/**
 * Capacity for the requests PocketBase works on, in two shares: reads may hold at most
 * `maxInFlight - writeReserve` slots, writes at most `maxWrites`, both together `maxInFlight`.
 * A read that finds no slot waits in a short line (`readQueueLength`, `readWaitMs`: it rides out
 * a spike without a repeat); beyond that it is refused at once, with a Retry-After that grows
 * with the overload (decision 045). A write that finds none waits in line, first come first
 * served, for up to `writeWaitMs`; a freed slot goes to the writes' line first, then the reads'.
 * So a flood of reads cannot take the writes' reserve, and a burst of costly writes (a password
 * hash each) cannot starve reads.
 * Per address, at most `perAddress` are in flight; an address's further requests wait behind its
 * own (a browser opens up to six at once) for up to `writeWaitMs`, and the front's
 * `perAddressOpen` bound refuses the rest before their bodies are read.
 * @param {Partial<Limits> & { maxInFlight: number, writeReserve: number, perAddress: number, writeWaitMs: number, readWaitMs: number }} limits
 * @param {() => number} [now]
 */
export function createAdmission(limits, now = Date.now) {
  let inFlight = 0;
  let reads = 0;
  let writes = 0;
  /** @type {Map<string, { inFlight: number, waiting: AddressWaiter[] }>} */
  const addresses = new Map();
  /** @type {Waiter[]} */
  const line = [];
  /** @type {Waiter[]} */
  const readLine = [];
  /** @type {{ -readonly [K in keyof typeof ADMISSION_STATS]: number }} */
  const stats = { ...ADMISSION_STATS };
  const readCap = Math.max(1, limits.maxInFlight - limits.writeReserve);
  const writeCap = Math.max(1, Math.min(limits.maxInFlight, limits.maxWrites ?? limits.maxInFlight));
  const queueLength = limits.queueLength ?? FRONT_DEFAULTS.queueLength;
  const readQueueLength = limits.readQueueLength ?? FRONT_DEFAULTS.readQueueLength;
  // The refusals of a full portal and the waits they ask for (front/full-portal.mjs).
  const fullPortal = createFullPortalRefusals({ limits, now, stats });
  const busy = fullPortal.refuse;

  // Requests forwarded per address in its current minute (PocketBase's rate rule for '/api/', a
  // window that starts with the address's first request): beyond it, 429 before any slot.
  /** @type {Map<string, { start: number, count: number }>} */
  const rates = new Map();
  const perMinute = limits.perAddressPerMinute ?? OVERLOAD.apiRequestsPerMinute;
  /** @type {Set<string>} */
  const rateExcluded = new Set(limits.rateExcluded ?? []);
  const rateOf = (/** @type {string} */ address) => {
    const t = now();
    let r = rates.get(address);
    if (!r || t - r.start >= 60_000) {
      r = { start: t, count: 0 };
      rates.set(address, r);
    }
    return r;
  };
  // Windows that ended are forgotten once a minute, so the map holds the last minute's addresses.
  const sweep = setInterval(() => {
    const t = now();
    for (const [address, r] of rates) if (t - r.start >= 60_000) rates.delete(address);
  }, 60_000);
  sweep.unref?.();

  const addressOf = (/** @type {string} */ address) => {
    let a = addresses.get(address);
    if (!a) {
      a = { inFlight: 0, waiting: [] };
      addresses.set(address, a);
    }
    return a;
  };
  /** @type {(address: string, a: { inFlight: number, waiting: AddressWaiter[] }) => void} */
  const forget = (address, a) => {
    if (a.inFlight === 0 && a.waiting.length === 0) addresses.delete(address);
  };
  const writeFits = () => writes < writeCap && inFlight < limits.maxInFlight;
  const readFits = () => reads < readCap && inFlight < limits.maxInFlight;

  /**
   * Gives a slot to `address` and returns the function that hands it back (once, however often it is called).
   * @type {(address: string, kind: Kind, since: number, ticketed: boolean) => Release}
   */
  const take = (address, kind, since, ticketed) => {
    const a = addressOf(address);
    if (ticketed && kind === 'read') fullPortal.served(since);
    inFlight += 1;
    if (kind === 'read') reads += 1;
    else writes += 1;
    a.inFlight += 1;
    stats.admitted += 1;
    if (!rateExcluded.has(address)) rateOf(address).count += 1;
    stats.peakInFlight = Math.max(stats.peakInFlight, inFlight);
    stats.peakPerAddress = Math.max(stats.peakPerAddress, a.inFlight);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      fullPortal.answered();
      inFlight -= 1;
      if (kind === 'read') reads -= 1;
      else writes -= 1;
      a.inFlight -= 1;
      while (line.length > 0 && writeFits()) {
        const next = /** @type {Waiter} */ (line.shift());
        clearTimeout(next.timer);
        next.resolve(take(next.address, 'write', next.since, false));
      }
      while (readLine.length > 0 && readFits()) {
        const next = /** @type {Waiter} */ (readLine.shift());
        clearTimeout(next.timer);
        next.resolve(take(next.address, 'read', next.since, next.ticketed));
      }
      if (a.waiting.length > 0 && a.inFlight < limits.perAddress) {
        const next = /** @type {AddressWaiter} */ (a.waiting.shift());
        clearTimeout(next.timer);
        admit(address, next.kind, next.since, next.ticketed).then(next.resolve, next.reject);
      }
      forget(address, a);
    };
  };

  // A request takes a slot now when its kind's line is empty and a slot is free; it is refused
  // when it would have to wait and its kind's line is full.
  const slotNow = (/** @type {boolean} */ read) => (read ? readLine.length === 0 && readFits() : line.length === 0 && writeFits());
  const lineFull = (/** @type {boolean} */ read) => (read ? readLine.length >= readQueueLength : line.length >= queueLength);

  /** Whether a read first refused at `since` goes before the youngest read in the full line. */
  const olderThanYoungest = (/** @type {number} */ since) => {
    const youngest = readLine[readLine.length - 1];
    return youngest !== undefined && since < youngest.since;
  };

  /**
   * The address's turn has come: a slot now, a place in its kind's line, or a refusal. The writes'
   * line is first come, first served; the reads' line is ordered by `since` (decision 047), and
   * when it is full an older read takes the place of the youngest, which is refused instead.
   * @param {string} address
   * @param {Kind} kind
   * @param {number} since
   * @param {boolean} ticketed
   * @returns {Promise<Release>}
   */
  function admit(address, kind, since, ticketed) {
    const read = kind === 'read';
    const queue = read ? readLine : line;
    if (slotNow(read)) return Promise.resolve(take(address, kind, since, ticketed));
    if (lineFull(read)) {
      if (!read || !olderThanYoungest(since)) {
        stats.refusedBusy += 1;
        forget(address, addressOf(address));
        return Promise.reject(busy(address, since, kind, ticketed));
      }
      const youngest = /** @type {Waiter} */ (readLine.pop());
      clearTimeout(youngest.timer);
      stats.readsDisplaced += 1;
      forget(youngest.address, addressOf(youngest.address));
      youngest.reject(busy(youngest.address, youngest.since, 'read', youngest.ticketed));
    }
    stats[read ? 'readsWaited' : 'waited'] += 1;
    return new Promise((resolve, reject) => {
      /** @type {Waiter} */
      const waiter = { address, resolve, reject, since, ticketed, timer: undefined };
      waiter.timer = setTimeout(
        () => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          stats[read ? 'readsTimedOut' : 'timedOut'] += 1;
          forget(address, addressOf(address));
          reject(busy(address, since, kind, ticketed));
        },
        read ? limits.readWaitMs : limits.writeWaitMs,
      );
      if (read) {
        // Behind every read first refused no later than this one (mostly: at the end).
        let at = queue.length;
        while (at > 0 && /** @type {Waiter} */ (queue[at - 1]).since > since) at -= 1;
        queue.splice(at, 0, waiter);
      } else queue.push(waiter);
      if (read) stats.peakReadLine = Math.max(stats.peakReadLine, queue.length);
      else stats.peakLine = Math.max(stats.peakLine, queue.length);
    });
  }

  /** The refusal for an address that has had its minute's requests; null while it has not. */
  const overRate = (/** @type {string} */ address) => {
    if (rateExcluded.has(address)) return null;
    const r = rateOf(address);
    if (r.count < perMinute) return null;
    stats.refusedRate += 1;
    return new Refusal(429, OVERLOAD.perAddressRateMessage, Math.max(1, Math.ceil((r.start + 60_000 - now()) / 1000)), true);
  };

  /**
   * Resolves with a release function, or rejects with a Refusal (nothing was done). `since`: when
   * the visitor was first refused (its ticket, then `ticketed`), else now.
   * @param {string} address
   * @param {Kind} kind
   * @param {number} [since]
   * @param {boolean} [ticketed]
   * @returns {Promise<Release>}
   */
  function acquire(address, kind, since = now(), ticketed = false) {
    const limited = overRate(address);
    if (limited) return Promise.reject(limited);
    const a = addressOf(address);
    if (a.inFlight < limits.perAddress && a.waiting.length === 0) return admit(address, kind, since, ticketed);
    // Behind the address's own requests, for a bounded time.
    return new Promise((resolve, reject) => {
      /** @type {AddressWaiter} */
      const waiter = { kind, resolve, reject, since, ticketed, timer: undefined };
      waiter.timer = setTimeout(() => {
        const at = a.waiting.indexOf(waiter);
        if (at >= 0) a.waiting.splice(at, 1);
        stats.refusedAddress += 1;
        forget(address, a);
        reject(new Refusal(429, OVERLOAD.perAddressMessage, 1));
      }, limits.writeWaitMs);
      a.waiting.push(waiter);
    });
  }

  /**
   * The refusal a read gets at once (its address has had its minute's requests, or it has room,
   * no slot is free and the reads' line is full), counted as acquire would count it; null when
   * acquire would admit it or let it wait.
   * The front asks before the request goes further: at a rush most requests are refused, and
   * this way a refusal costs a fraction of the whole request path.
   * @param {string} address
   * @param {Kind | 'pass'} kind
   * @param {number} [since]
   * @param {boolean} [ticketed]
   * @returns {Refusal | null}
   */
  function refusalNow(address, kind, since = now(), ticketed = false) {
    // Writes are checked once their bodies are read (acquire): refused before, a body would be
    // left on the connection.
    if (kind !== 'read') return null;
    const limited = overRate(address);
    if (limited) return limited;
    const a = addresses.get(address);
    if (a && (a.inFlight >= limits.perAddress || a.waiting.length > 0)) return null;
    if (slotNow(true) || !lineFull(true) || olderThanYoungest(since)) return null;
    stats.refusedBusy += 1;
    return busy(address, since, kind, ticketed);
  }

  const tickets = createTickets(now, limits.ticketSecret);
  return {
    acquire,
    refusalNow,
    /** The visitor by its ticket: when it was first refused (now when it sent none that holds), and whether its ticket held. */
    /**
     * @param {string} address
     * @param {unknown} ticket
     */
    visitor(address, ticket) {
      const since = tickets.sinceOf(address, ticket);
      return since === null ? { since: now(), ticketed: false } : { since, ticketed: true };
    },
    ticket: tickets.issue,
    stats,
    inFlight: () => inFlight,
    waiting: () => line.length,
    close: () => clearInterval(sweep),
  };
}
