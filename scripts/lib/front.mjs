// The front: a small HTTP server (Fastify, with @fastify/reply-from) that `npm start` puts in
// front of PocketBase (decision 030, superseding the admission part of 020). It decides who
// gets PocketBase's capacity and when:
//
// - A request's body is read in full by the front before the request asks for capacity, under
//   a time bound (a body that stalls or trickles gets a German 408): slow uploads hold a
//   connection, never a slot.
// - Capacity counts requests PocketBase is working on (PORTAL_MAX_IN_FLIGHT, 16). Reads (GET)
//   may take all but a reserve; writes (sign-up, login and its code, redemption, bank details,
//   staff actions, imports: everything not GET) take any free slot and, when none is free, wait
//   in line for a short, bounded time.
// - No single address holds more than a small share: at most PORTAL_PER_ADDRESS requests in
//   flight or waiting, at most PORTAL_PER_ADDRESS_OPEN open at all (bodies still arriving
//   included); its excess gets 429 before it costs anything.
// - Every refusal before any work says so: `Retry-After`, `X-Portal-Not-Processed: 1` and
//   `notProcessed: true` in PocketBase's error shape, so a client may repeat it safely. A refusal
//   of a full portal also carries a ticket (decision 047): sent back, it puts the visitor into the
//   reads' line by the time it was first refused, ahead of whoever came later.
// Realtime connections, file downloads and the SPA's pages pass through without a slot.
// Page reads (GET under /api/ without a body: the profile page, most of a rush) take a short path
// of their own past Fastify to PocketBase (decision 048); everything else goes through Fastify.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream, createReadStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import proxyAddr from '@fastify/proxy-addr';
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';
import { Pool } from 'undici';

import { ROOT } from './pocketbase.mjs';
import { canonicalTarget, isRealtimeStream } from './request-target.mjs';

const require = createRequire(import.meta.url);
/** The rulebook's load figures and German texts (the same bundle the hooks read), and the ticket's header. */
export const { OVERLOAD, TICKET_HEADER } = require(path.join(ROOT, 'pb_hooks', 'lib', 'vendor', 'rules-light.js'));

const MB = 1024 * 1024;
const TICKET_HEADER_LOWER = TICKET_HEADER.toLowerCase();

/** Defaults; every number can be changed through the environment (README). */
export const FRONT_DEFAULTS = {
  maxInFlight: OVERLOAD.maxInFlight,
  writeReserve: OVERLOAD.writeReserve,
  maxWrites: OVERLOAD.maxWrites,
  perAddress: OVERLOAD.perAddress,
  perAddressOpen: OVERLOAD.perAddressOpen,
  perAddressPerMinute: OVERLOAD.apiRequestsPerMinute,
  // Addresses the rate per minute leaves alone (PORTAL_RATE_LIMIT_EXCLUDED_IPS, as PocketBase's).
  rateExcluded: [],
  writeWaitMs: OVERLOAD.writeWaitMs,
  readWaitMs: OVERLOAD.readWaitMs,
  // The longest wait a refusal of a full portal asks for (decision 051).
  retryAfterMaxSeconds: OVERLOAD.retryAfterMaxSeconds,
  readQueueLength: OVERLOAD.readQueueLength,
  queueLength: 2000,
  queueBytes: 256 * MB,
  // Connections one address may hold open at all (idle ones included). A browser opens up to six;
  // a workshop's office behind one router a few dozen. Without a bound, one address opening
  // idle connections takes every file descriptor and nobody else gets in.
  perAddressConnections: 64,
  // Realtime connections (GET /api/realtime, open for as long as a page listens), in all and per
  // address. PocketBase holds two JS runtimes for each for its whole life (the crash guard's and
  // the pages' middleware); 40 idle ones had taken its pool, and every request then built
  // runtimes of its own: 1,925 pages a second became 248 (decision 050, bench:realtime). Staff
  // pages listen (imports; one connection a browser tab), a workshop's never do; an office's
  // staff behind one router share an address. HOOKS_POOL_BEHIND_FRONT leaves room for these.
  maxRealtime: 8,
  perAddressRealtime: 4,
  // An address over its bounds (too many open, its minute's requests used) gets its 429 after this
  // long: a client that repeats at once on each connection (most flood tools do) is slowed to a
  // request per connection and second, instead of taking the front's CPU with instant answers.
  tarpitMs: 1000,
  bodyStallMs: 15_000,
  bodyGraceMs: 15_000,
  bodyMinBytesPerSecond: 32 * 1024,
  memoryBodyBytes: 8 * MB,
  bodyLimit: 12 * MB,
  staffUploadLimit: 256 * MB,
  // Bodies larger than memoryBodyBytes go to a temporary file until PocketBase has them: at most
  // this many at once from one address, and in all (issue 59).
  perAddressBodyFiles: 2,
  maxBodyFiles: 8,
  // PocketBase's dashboard (/_/) and superuser sign-in: 'loopback' (from the server itself only, the
  // default) or 'public' (then superusers need a mailed code as well; issue 59).
  adminDashboard: 'loopback',
};

/** A comma-separated list of addresses from the environment (PORTAL_TRUSTED_PROXIES and the like). */
export function addressList(value) {
  return (value || '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** The front's numbers from the environment, falling back to FRONT_DEFAULTS. */
export function frontLimitsFromEnv(env = process.env) {
  const num = (name, fallback) => {
    const v = Number(env[name]);
    return Number.isFinite(v) && v > 0 ? v : fallback;
  };
  return {
    maxInFlight: num('PORTAL_MAX_IN_FLIGHT', FRONT_DEFAULTS.maxInFlight),
    writeReserve: Math.max(0, Number(env.PORTAL_WRITE_RESERVE ?? FRONT_DEFAULTS.writeReserve)),
    maxWrites: num('PORTAL_MAX_WRITES', FRONT_DEFAULTS.maxWrites),
    perAddress: num('PORTAL_PER_ADDRESS', FRONT_DEFAULTS.perAddress),
    perAddressOpen: num('PORTAL_PER_ADDRESS_OPEN', FRONT_DEFAULTS.perAddressOpen),
    perAddressConnections: num('PORTAL_PER_ADDRESS_CONNECTIONS', FRONT_DEFAULTS.perAddressConnections),
    maxRealtime: num('PORTAL_MAX_REALTIME', FRONT_DEFAULTS.maxRealtime),
    perAddressRealtime: num('PORTAL_PER_ADDRESS_REALTIME', FRONT_DEFAULTS.perAddressRealtime),
    rateExcluded: addressList(env.PORTAL_RATE_LIMIT_EXCLUDED_IPS),
    writeWaitMs: num('PORTAL_WRITE_WAIT_MS', FRONT_DEFAULTS.writeWaitMs),
    readWaitMs: num('PORTAL_READ_WAIT_MS', FRONT_DEFAULTS.readWaitMs),
    readQueueLength: num('PORTAL_READ_QUEUE_LENGTH', FRONT_DEFAULTS.readQueueLength),
    bodyStallMs: num('PORTAL_BODY_STALL_MS', FRONT_DEFAULTS.bodyStallMs),
    bodyGraceMs: num('PORTAL_BODY_GRACE_MS', FRONT_DEFAULTS.bodyGraceMs),
    adminDashboard: env.PORTAL_ADMIN_DASHBOARD === 'public' ? 'public' : 'loopback',
    perAddressBodyFiles: num('PORTAL_PER_ADDRESS_BODY_FILES', FRONT_DEFAULTS.perAddressBodyFiles),
    maxBodyFiles: num('PORTAL_MAX_BODY_FILES', FRONT_DEFAULTS.maxBodyFiles),
  };
}

// Uploads of staff files may be large (sales data up to 200 MB in PocketBase's own limits).
const STAFF_UPLOADS = /^\/api\/collections\/(sales_data_files|business_partner_number_files|audit_results)\/records\/?$/;

/** PocketBase's dashboard and its superusers' routes (sign-in, OTP, password reset), by canonical path. */
function isDashboard(path) {
  return (
    path === '/_' || path.startsWith('/_/') || path === '/api/collections/_superusers' || path.startsWith('/api/collections/_superusers/')
  );
}

/** The server itself: 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
function isLoopback(address) {
  const a = String(address || '').replace(/^::ffff:/, '');
  return a === '::1' || /^127\./.test(a);
}

/**
 * What a request is to the front: 'pass' (no slot), 'read' or 'write'. `path` is the canonical
 * path (request-target.mjs), the one that is forwarded: the front and PocketBase read one string.
 */
export function classify(method, path) {
  if (!path.startsWith('/api/')) return 'pass';
  if (path === '/api/realtime' || path === '/api/realtime/' || path.startsWith('/api/files/')) return 'pass';
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 'read' : 'write';
}

class Refusal extends Error {
  /** `since`: for a refusal of a full portal, when the visitor was first refused (its ticket). */
  constructor(status, message, retryAfter, tarpit = false, since = undefined) {
    // No stack trace: at a rush refusals are made thousands of times a second, and capturing
    // one was a tenth of the front's CPU (its profile in bench:burst).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.statusCode = status;
    this.retryAfter = retryAfter;
    this.tarpit = tarpit;
    this.since = since;
  }
}

/**
 * Tickets (decision 047). A refusal of a full portal carries the time the visitor was first
 * refused, signed for its address with a secret of this process; the app sends it back with its
 * repeat (TICKET_HEADER), and the reads' line takes the visitor by that time, ahead of whoever was
 * refused later. A ticket that is forged, another address's, older than twice the app's bound or
 * malformed counts as none: the request is as new as it is.
 */
export function createTickets(now = Date.now, secret = randomBytes(32)) {
  const maxAgeMs = 2 * OVERLOAD.retryForMs;
  const mac = (address, since) => createHmac('sha256', secret).update(`${address}|${since}`).digest('base64url').slice(0, 22);
  return {
    issue: (address, since) => `${since.toString(36)}.${mac(address, since)}`,
    /** The time the ticket stands for, or null. */
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

/** Counts per address of things that end with a 'close' event (connections, open requests). */
function perAddressCount() {
  const counts = new Map();
  let total = 0;
  return {
    of: (address) => counts.get(address) ?? 0,
    /** All addresses together. */
    total: () => total,
    /** Counts one more for `address` until `emitter` closes (once, however often it says so). */
    hold(address, ...emitters) {
      counts.set(address, (counts.get(address) ?? 0) + 1);
      total += 1;
      let held = true;
      const drop = () => {
        if (!held) return;
        held = false;
        total -= 1;
        const left = (counts.get(address) ?? 1) - 1;
        if (left <= 0) counts.delete(address);
        else counts.set(address, left);
      };
      for (const e of emitters) e.once('close', drop);
    },
  };
}

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
 */
export function createAdmission(limits, now = Date.now) {
  let inFlight = 0;
  let reads = 0;
  let writes = 0;
  const addresses = new Map();
  const line = [];
  const readLine = [];
  const stats = { ...ADMISSION_STATS };
  const readCap = Math.max(1, limits.maxInFlight - limits.writeReserve);
  const writeCap = Math.max(1, Math.min(limits.maxInFlight, limits.maxWrites ?? limits.maxInFlight));
  const queueLength = limits.queueLength ?? FRONT_DEFAULTS.queueLength;
  const readQueueLength = limits.readQueueLength ?? FRONT_DEFAULTS.readQueueLength;
  const retryAfterMax = limits.retryAfterMaxSeconds ?? FRONT_DEFAULTS.retryAfterMaxSeconds;
  // Refusals and answers over the last whole second: the deeper the overload, the later a refused
  // visitor is asked to come back (Retry-After from retryAfterSeconds up to retryAfterMaxSeconds),
  // so that repeats do not become a storm that takes the CPU the answers need.
  const recent = { second: 0, refused: 0, answered: 0, lastRefused: 0, lastAnswered: 0, refusedFrom: new Map() };
  // Reads refused and not served yet, by the second of their first refusal (decision 049): a
  // read refused without a ticket adds one, a read admitted with its ticket takes its one away,
  // and a second older than the app's bound is forgotten (its visitors have given up). One
  // address adds at most `perAddressOpen` a second, so a flood from it cannot make everybody
  // else wait longer; beyond that many refusals in a second its refusals are held (busy).
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
  const ahead = (since) => {
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
  const joined = (address, since) => {
    const first = Math.floor(since / 1000);
    let bucket = backlog.get(first);
    if (!bucket) backlog.set(first, (bucket = { count: 0, from: new Map() }));
    const added = bucket.from.get(address) ?? 0;
    if (added >= sharePerSecond) return;
    bucket.count += 1;
    bucket.from.set(address, added + 1);
  };
  /** A read admitted with its ticket is no longer in the backlog. */
  const served = (since) => {
    const bucket = backlog.get(Math.floor(since / 1000));
    if (bucket && bucket.count > 0) bucket.count -= 1;
  };

  // Requests forwarded per address in its current minute (PocketBase's rate rule for '/api/', a
  // window that starts with the address's first request): beyond it, 429 before any slot.
  const rates = new Map();
  const perMinute = limits.perAddressPerMinute ?? OVERLOAD.apiRequestsPerMinute;
  const rateExcluded = new Set(limits.rateExcluded ?? []);
  const rateOf = (address) => {
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

  const addressOf = (address) => {
    let a = addresses.get(address);
    if (!a) {
      a = { inFlight: 0, waiting: [] };
      addresses.set(address, a);
    }
    return a;
  };
  const forget = (address, a) => {
    if (a.inFlight === 0 && a.waiting.length === 0) addresses.delete(address);
  };
  const writeFits = () => writes < writeCap && inFlight < limits.maxInFlight;
  const readFits = () => reads < readCap && inFlight < limits.maxInFlight;

  /** Gives a slot to `address` and returns the function that hands it back (once, however often it is called). */
  const take = (address, kind, since, ticketed) => {
    const a = addressOf(address);
    if (ticketed && kind === 'read') served(since);
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
      roll();
      recent.answered += 1;
      inFlight -= 1;
      if (kind === 'read') reads -= 1;
      else writes -= 1;
      a.inFlight -= 1;
      while (line.length > 0 && writeFits()) {
        const next = line.shift();
        clearTimeout(next.timer);
        next.resolve(take(next.address, 'write', next.since, false));
      }
      while (readLine.length > 0 && readFits()) {
        const next = readLine.shift();
        clearTimeout(next.timer);
        next.resolve(take(next.address, 'read', next.since, next.ticketed));
      }
      if (a.waiting.length > 0 && a.inFlight < limits.perAddress) {
        const next = a.waiting.shift();
        clearTimeout(next.timer);
        admit(address, next.kind, next.since, next.ticketed).then(next.resolve, next.reject);
      }
      forget(address, a);
    };
  };

  // A request takes a slot now when its kind's line is empty and a slot is free; it is refused
  // when it would have to wait and its kind's line is full.
  const slotNow = (read) => (read ? readLine.length === 0 && readFits() : line.length === 0 && writeFits());
  const lineFull = (read) => (read ? readLine.length >= readQueueLength : line.length >= queueLength);

  /** Whether a read first refused at `since` goes before the youngest read in the full line. */
  const olderThanYoungest = (since) => readLine.length > 0 && since < readLine[readLine.length - 1].since;

  /**
   * The address's turn has come: a slot now, a place in its kind's line, or a refusal. The writes'
   * line is first come, first served; the reads' line is ordered by `since` (decision 047), and
   * when it is full an older read takes the place of the youngest, which is refused instead.
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
      const youngest = readLine.pop();
      clearTimeout(youngest.timer);
      stats.readsDisplaced += 1;
      forget(youngest.address, addressOf(youngest.address));
      youngest.reject(busy(youngest.address, youngest.since, 'read', youngest.ticketed));
    }
    stats[read ? 'readsWaited' : 'waited'] += 1;
    return new Promise((resolve, reject) => {
      const waiter = { address, resolve, reject, since, ticketed, timer: null };
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
        while (at > 0 && queue[at - 1].since > since) at -= 1;
        queue.splice(at, 0, waiter);
      } else queue.push(waiter);
      if (read) stats.peakReadLine = Math.max(stats.peakReadLine, queue.length);
      else stats.peakLine = Math.max(stats.peakLine, queue.length);
    });
  }

  /** The refusal for an address that has had its minute's requests; null while it has not. */
  const overRate = (address) => {
    if (rateExcluded.has(address)) return null;
    const r = rateOf(address);
    if (r.count < perMinute) return null;
    stats.refusedRate += 1;
    return new Refusal(429, OVERLOAD.perAddressRateMessage, Math.max(1, Math.ceil((r.start + 60_000 - now()) / 1000)), true);
  };

  /**
   * Resolves with a release function, or rejects with a Refusal (nothing was done). `since`: when
   * the visitor was first refused (its ticket, then `ticketed`), else now.
   */
  function acquire(address, kind, since = now(), ticketed = false) {
    const limited = overRate(address);
    if (limited) return Promise.reject(limited);
    const a = addressOf(address);
    if (a.inFlight < limits.perAddress && a.waiting.length === 0) return admit(address, kind, since, ticketed);
    // Behind the address's own requests, for a bounded time.
    return new Promise((resolve, reject) => {
      const waiter = { kind, resolve, reject, since, ticketed, timer: null };
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

/** PocketBase's error shape, marked as not processed; with the visitor's ticket when it has one. */
function refusalBody(status, message, retryAfter, ticket) {
  const body = { status, message, data: {}, notProcessed: true, retryAfter };
  if (ticket) body.ticket = ticket;
  return body;
}

/** A refusal's headers, whichever path answers it. */
function refusalHeaders(status, retryAfter) {
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    // A refusal whose body was not read closes the connection (the rest is never read).
    Connection: status === 408 || status === 413 || status === 401 ? 'close' : 'keep-alive',
  };
  if (retryAfter) headers['Retry-After'] = String(retryAfter);
  if (status === 503 || status === 429) headers['X-Portal-Not-Processed'] = '1';
  return headers;
}

/** The refusal for a failure to reach PocketBase, when nothing reached it (a restart); else null. */
function upstreamRefusal(error) {
  const code = error?.cause?.code ?? error?.code;
  if (code === 'ECONNREFUSED' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'FST_REPLY_FROM_CONNECT_TIMEOUT') {
    return new Refusal(503, OVERLOAD.message, OVERLOAD.retryAfterSeconds);
  }
  return null;
}

/** The answer when PocketBase failed otherwise (PocketBase's error shape). */
const UPSTREAM_FAILED = { status: 502, message: OVERLOAD.message, data: {} };

/** A request's headers as PocketBase gets them: hop-by-hop ones dropped, the visitor's address set. */
function upstreamHeaders(given, address, host) {
  const headers = { ...given };
  const listed = typeof headers.connection === 'string' ? headers.connection.toLowerCase().split(',') : [];
  for (const name of listed) delete headers[name.trim()];
  delete headers.connection;
  delete headers['keep-alive'];
  headers.host = host;
  headers['x-forwarded-for'] = address;
  return headers;
}

/** Headers of PocketBase's answer that belong to the front's connection to it, not to the visitor's. */
const HOP_BY_HOP = ['connection', 'keep-alive'];

/** PocketBase's answer's headers as the visitor gets them (hop-by-hop ones dropped). */
function downstreamHeaders(given) {
  const headers = { ...given };
  for (const name of HOP_BY_HOP) delete headers[name];
  return headers;
}

/** PocketBase's raw answer headers (name, value, name, value as undici reads them) for writeHead, hop-by-hop ones dropped. */
function downstreamRawHeaders(raw) {
  const headers = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toString('latin1');
    if (HOP_BY_HOP.includes(name.toLowerCase())) continue;
    headers.push(name, raw[i + 1].toString('latin1'));
  }
  return headers;
}

/** A whole HTTP/1.1 refusal, written to a connection before any request was read from it. */
function refusalResponse(status, message, retryAfter) {
  const body = JSON.stringify(refusalBody(status, message, retryAfter));
  const headers = { ...refusalHeaders(status, retryAfter), 'Content-Length': Buffer.byteLength(body), Connection: 'close' };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`;
}

/**
 * Reads a request body under the time bound: the first byte within `bodyGraceMs`, then no gap
 * longer than `bodyStallMs`, and all of it within grace + size / minimum rate. Small bodies
 * stay in memory, large ones go to a temporary file.
 */
function readBody(request, payload, limits, bodyFiles, done) {
  const declared = Number(request.headers['content-length'] || 0);
  const max = STAFF_UPLOADS.test(request.raw.frontTarget.path) ? limits.staffUploadLimit : limits.bodyLimit;
  if (declared > max) return done(new Refusal(413, OVERLOAD.tooLargeMessage, 0));
  const budget = limits.bodyGraceMs + (Math.max(declared, 1) / limits.bodyMinBytesPerSecond) * 1000;
  let received = 0;
  let chunks = [];
  let file = null;
  let dir = null;
  let finished = false;
  let stall = null;

  const finish = (err, body) => {
    if (finished) return;
    finished = true;
    clearTimeout(stall);
    clearTimeout(total);
    payload.removeAllListeners('data');
    if (err) {
      if (file) file.destroy();
      if (dir) rmSync(dir, { recursive: true, force: true });
      payload.resume();
      return done(err);
    }
    done(null, body);
  };
  const timeout = () => finish(new Refusal(408, OVERLOAD.slowBodyMessage, 0));
  const total = setTimeout(timeout, budget);
  const arm = (ms) => {
    clearTimeout(stall);
    stall = setTimeout(timeout, ms);
  };
  arm(limits.bodyGraceMs);

  payload.on('data', (chunk) => {
    received += chunk.length;
    if (received > max) return finish(new Refusal(413, OVERLOAD.tooLargeMessage, 0));
    arm(limits.bodyStallMs);
    if (file) {
      if (!file.write(chunk)) {
        payload.pause();
        file.once('drain', () => payload.resume());
      }
      return;
    }
    chunks.push(chunk);
    if (received > limits.memoryBodyBytes) {
      // Temporary files are bounded per address and in all (issue 59); one is counted until the
      // request is answered (its file goes then).
      const full = bodyFiles.of(request.address) >= limits.perAddressBodyFiles ? 429 : bodyFiles.total() >= limits.maxBodyFiles ? 503 : 0;
      if (full) return finish(Object.assign(new Refusal(full, OVERLOAD.bodyFilesMessage, OVERLOAD.retryAfterSeconds), { closes: true }));
      bodyFiles.hold(request.address, request.raw.frontResponse);
      dir = mkdtempSync(path.join(tmpdir(), 'portal-front-'));
      file = createWriteStream(path.join(dir, 'body'));
      // A write still under way when a refusal destroyed the file reports 'write after destroy'
      // here; without a listener that error was uncaught and ended the process (seen once in
      // tests/api/front-spellings.test.ts under the full run). finish() is once only.
      file.on('error', (err) => finish(err));
      for (const c of chunks) file.write(c);
      chunks = [];
    }
  });
  payload.on('error', (err) => finish(err));
  payload.on('end', () => {
    if (!file) return finish(null, Buffer.concat(chunks));
    file.end(() => {
      // A large body is sent on from its file; the file goes when the request is done.
      request.frontBodyDir = dir;
      const stream = createReadStream(path.join(dir, 'body'));
      stream.frontLength = received;
      finish(null, stream);
    });
  });
}

/**
 * Starts the front on `host:port`, forwarding to `upstream` (PocketBase).
 * @param {{ host: string, port: number, upstream: string, trustedProxies?: string[], limits?: Partial<typeof FRONT_DEFAULTS>, log?: (msg: string) => void }} options
 */
export async function startFront({ host, port, upstream, trustedProxies = [], limits: given = {}, log = () => {} }) {
  const limits = { ...FRONT_DEFAULTS, ...given };
  const admission = createAdmission(limits);
  const open = perAddressCount();
  // One pool of connections to PocketBase for both paths.
  const pool = new Pool(upstream, { connections: 1024, pipelining: 1, bodyTimeout: 0, headersTimeout: 0, keepAliveTimeout: 60_000 });
  const upstreamHost = new URL(upstream).host;
  // The visitor's address, for both paths: behind a trusted proxy (nginx, Caddy) the forwarded one.
  const trust = trustedProxies.length > 0 ? proxyAddr.compile(trustedProxies) : null;
  const addressOf = (req) => {
    if (!trust) return req.socket.remoteAddress;
    const all = proxyAddr.all(req, trust);
    return all[all.length - 1];
  };
  const app = Fastify({
    logger: false,
    // Page reads are answered before Fastify (fastRead, below); the rest goes to Fastify.
    serverFactory: (handler, options) => {
      const server = http.createServer(options.http, (req, res) => {
        // One reading of the target for the front and PocketBase (issue 59): what PocketBase could
        // read otherwise is refused before anything is counted or read.
        req.frontResponse = res;
        req.frontTarget = canonicalTarget(req.url);
        if (!req.frontTarget) return void refuseTarget(req, res);
        // HEAD on the realtime route: PocketBase runs the stream's handler (Go serves HEAD with
        // GET's) while the answer has no body to end it; the connection it holds is never given
        // back. Nothing the portal uses, so it is refused here.
        if (req.method === 'HEAD' && isRealtimeStream('GET', req.frontTarget.path)) return void refuseTarget(req, res);
        if (limits.adminDashboard !== 'public' && isDashboard(req.frontTarget.path) && !isLoopback(addressOf(req)))
          return void refuseDashboard(res);
        if (!fastRead(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout;
      return server;
    },
    bodyLimit: limits.staffUploadLimit,
    // Node's own bounds stay as a backstop behind the front's German answers.
    requestTimeout: 0,
    // A request's headers within the body's grace time, checked every second. Without it (Node
    // derives it from requestTimeout, 0 here) a connection that sends half a header line, or
    // nothing, was kept for good (decision 046); Node answers it 408 and closes it.
    http: { headersTimeout: limits.bodyGraceMs, connectionsCheckingInterval: 1000 },
    keepAliveTimeout: 65_000,
  });
  await app.register(replyFrom, { base: upstream, undici: pool });

  // Everything is forwarded as it came: no body is parsed, only read (and timed).
  app.removeAllContentTypeParsers();
  const bodyFiles = perAddressCount();
  app.addContentTypeParser('*', (request, payload, done) => readBody(request, payload, limits, bodyFiles, done));

  /** Calls `send` with a refusal's status, headers and body: at once, or after the tarpit. */
  const answerRefusal = (address, err, send) => {
    const status = err.statusCode ?? 503;
    const ticket = err.since === undefined ? undefined : admission.ticket(address, err.since);
    const answer = () =>
      send(
        status,
        // A refusal in the middle of a body closes the connection: the rest of it is never read.
        err.closes ? { ...refusalHeaders(status, err.retryAfter), Connection: 'close' } : refusalHeaders(status, err.retryAfter),
        JSON.stringify(refusalBody(status, err.message, err.retryAfter ?? 0, ticket)),
      );
    if (!err.tarpit || !(limits.tarpitMs > 0)) return answer();
    // Held, not counted as open; the address's connections stay bounded (perAddressConnections).
    return new Promise((resolve) => setTimeout(() => resolve(answer()), limits.tarpitMs));
  };
  const refuse = (reply, err) =>
    answerRefusal(addressOf(reply.request.raw), err, (status, headers, body) => reply.code(status).headers(headers).send(body));
  const refuseRaw = (res, address, err) =>
    answerRefusal(address, err, (status, headers, body) => {
      if (res.destroyed) return;
      res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    });

  // Logs name a request by its canonical path, never its query: a file token travels there
  // (issue 59: no password or token is ever logged).
  const badTarget = Object.assign(new Refusal(400, OVERLOAD.badTargetMessage, 0), { closes: true });
  /** A target the front will not forward: 400 and the connection closed (nothing more is read from it). */
  function refuseTarget(req, res) {
    admission.stats.refusedTarget += 1;
    refuseRaw(res, addressOf(req), badTarget);
  }

  const dashboardClosed = JSON.stringify({ status: 403, message: OVERLOAD.dashboardClosedMessage, data: {} });
  /** The dashboard or superuser sign-in asked for from elsewhere than the server itself. */
  function refuseDashboard(res) {
    res.writeHead(403, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(dashboardClosed),
    });
    res.end(dashboardClosed);
  }

  /** An address over its share (requests open, realtime connections): 429, after the tarpit. */
  const overShare = () => new Refusal(429, OVERLOAD.perAddressMessage, 1, true);

  // Realtime connections open, per address and in all (decision 050).
  const realtime = perAddressCount();
  /** The refusal of one more realtime connection from `address`; null while there is room. */
  const realtimeRefusal = (address) => {
    const ownFull = realtime.of(address) >= limits.perAddressRealtime;
    if (!ownFull && realtime.total() < limits.maxRealtime) return null;
    admission.stats.refusedRealtime += 1;
    return ownFull ? overShare() : new Refusal(503, OVERLOAD.message, OVERLOAD.retryAfterSeconds);
  };

  /**
   * The checks before a request's body is read, the same on both paths: the address's requests
   * open at all, its ticket, a read that admission would refuse anyway. Returns the refusal, or
   * the visitor (by its ticket); the request then counts as open until it closes.
   */
  const beforeBody = (address, kind, req, res) => {
    // Every stream counts, HEAD included (Go's router serves it with the GET handler; issue 59).
    if (kind === 'pass' && isRealtimeStream(req.method, req.frontTarget.path)) {
      const refusal = realtimeRefusal(address);
      if (refusal) return { refusal };
      realtime.hold(address, res, req);
    }
    if (kind !== 'pass' && open.of(address) >= limits.perAddressOpen) {
      admission.stats.refusedAddress += 1;
      return { refusal: overShare() };
    }
    const visitor = admission.visitor(address, req.headers[TICKET_HEADER_LOWER]);
    const refusal = admission.refusalNow(address, kind, visitor.since, visitor.ticketed);
    if (refusal) return { refusal };
    open.hold(address, res, req);
    return { visitor };
  };

  /**
   * A page read (GET under /api/, no body, not realtime or a file) on a short path: the same
   * checks as the onRequest hook and the route below, the same answers, without Fastify's
   * routing, hooks and reply (decision 048: about a tenth less of the front's CPU per request). Returns false
   * for anything else, which Fastify takes.
   */
  function fastRead(req, res) {
    if (req.method !== 'GET' || classify(req.method, req.frontTarget.path) !== 'read') return false;
    if (req.headers['transfer-encoding'] || Number(req.headers['content-length'] || 0) > 0) return false;
    const address = addressOf(req);
    const { refusal, visitor } = beforeBody(address, 'read', req, res);
    if (refusal) {
      refuseRaw(res, address, refusal);
      return true;
    }
    admission.acquire(address, 'read', visitor.since, visitor.ticketed).then(
      (release) => {
        // A visitor who left while the request waited in line costs PocketBase nothing.
        if (req.socket?.destroyed) return release();
        forwardRead(req, res, address, release);
      },
      (err) => refuseRaw(res, address, err),
    );
    return true;
  }

  /**
   * Sends a page read on to PocketBase and its answer back; the slot is given back when PocketBase
   * has answered. Through undici's dispatch with a handler of its own, not a response stream piped
   * into the visitor's: about a sixth less of the front's CPU a page (decision 054).
   */
  function forwardRead(req, res, address, release) {
    // `release` gives the slot back once, however often it is called.
    let abort = null;
    let resume = null;
    let ended = false;
    const leave = () => {
      release();
      // The visitor left before the answer was through: PocketBase's answer is dropped.
      if (!ended && abort) abort(new Error('the visitor left'));
    };
    res.once('close', leave);
    pool.dispatch(
      { path: req.frontTarget.target, method: 'GET', headers: upstreamHeaders(req.headers, address, upstreamHost) },
      {
        onConnect(a) {
          abort = a;
          if (res.destroyed) a(new Error('the visitor left'));
        },
        onHeaders(status, raw, go) {
          resume = go;
          if (res.destroyed) return true;
          res.writeHead(status, downstreamRawHeaders(raw));
          return true;
        },
        onData(chunk) {
          if (res.destroyed || res.write(chunk)) return true;
          res.once('drain', () => resume?.());
          return false;
        },
        onComplete() {
          ended = true;
          release();
          res.end();
        },
        onError(error) {
          ended = true;
          release();
          if (res.destroyed) return;
          if (res.headersSent) return void res.destroy();
          const refusal = upstreamRefusal(error);
          if (refusal) return refuseRaw(res, address, refusal);
          log(`front: upstream error for GET ${req.frontTarget.path}: ${error?.cause?.code ?? error?.code ?? error?.message}`);
          const failed = JSON.stringify(UPSTREAM_FAILED);
          res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(failed) });
          res.end(failed);
        },
      },
    );
  }

  // Per address, connections open at all: beyond the bound a connection is answered 429 at once
  // and closed, before any request is read from it. Behind nginx or Caddy every connection comes
  // from the proxy, which bounds them itself (docs/operations-front.md).
  const connections = perAddressCount();
  if (trustedProxies.length === 0) {
    const tooMany = refusalResponse(429, OVERLOAD.perAddressMessage, 1);
    app.server.on('connection', (socket) => {
      const address = socket.remoteAddress;
      if (connections.of(address) >= limits.perAddressConnections) {
        admission.stats.refusedConnections += 1;
        socket.on('error', () => {});
        socket.end(tooMany);
        return;
      }
      connections.hold(address, socket);
    });
  }

  // Per address, requests open at all (bodies still arriving included), before any body is read.
  app.addHook('onRequest', (request, reply, next) => {
    request.address = addressOf(request.raw);
    const { refusal, visitor } = beforeBody(
      request.address,
      classify(request.method, request.raw.frontTarget.path),
      request.raw,
      reply.raw,
    );
    // Answered here (now or after the tarpit), and the request goes no further: no next().
    if (refusal) return void refuse(reply, refusal);
    // When the visitor was first refused (its ticket), for its place in the reads' line.
    request.visitor = visitor;
    // A staff upload (up to staffUploadLimit) is read only for a staff session: PocketBase is
    // asked first, before any byte of the body (issue 59).
    if (request.method !== 'GET' && STAFF_UPLOADS.test(request.raw.frontTarget.path)) {
      return void staffSession(request.headers.authorization).then(
        (staff) => (staff ? next() : refuse(reply, new Refusal(401, OVERLOAD.staffOnlyMessage, 0))),
        () => refuse(reply, new Refusal(503, OVERLOAD.message, OVERLOAD.retryAfterSeconds)),
      );
    }
    next();
  });

  /** Whether `authorization` is an administrator's or an auditor's token (PocketBase's answer). */
  async function staffSession(authorization) {
    if (!authorization) return false;
    const answer = await pool.request({
      path: '/api/portal/staff-token',
      method: 'GET',
      headers: { authorization, host: upstreamHost },
    });
    await answer.body.dump();
    return answer.statusCode === 204;
  }

  app.setErrorHandler((err, request, reply) => {
    if (err instanceof Refusal) return refuse(reply, err);
    if (err.statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return refuse(reply, new Refusal(413, OVERLOAD.tooLargeMessage, 0));
    log(`front: ${request.method} ${request.raw.frontTarget?.path ?? '(target refused)'}: ${err.message}`);
    return reply
      .code(err.statusCode && err.statusCode >= 400 ? err.statusCode : 500)
      .send({ status: 500, message: 'Etwas ist schiefgelaufen.', data: {} });
  });

  const forward = (request, reply, release) => {
    const body = request.body;
    let cleaned = false;
    const cleanup = () => {
      if (cleaned) return;
      cleaned = true;
      release?.();
      if (request.frontBodyDir) rmSync(request.frontBodyDir, { recursive: true, force: true });
    };
    reply.raw.once('close', cleanup);
    const options = {
      // Never repeated by the proxy: a repeat is the client's to decide (it knows what is safe).
      retryDelay: () => null,
      rewriteHeaders: downstreamHeaders,
      rewriteRequestHeaders: (_req, headers) => {
        const h = upstreamHeaders(headers, request.address, upstreamHost);
        if (body && typeof body.pipe === 'function') {
          h['content-length'] = String(body.frontLength);
          delete h['transfer-encoding'];
        }
        return h;
      },
      onResponse: (_request, res, upstream) => {
        // The slot is given back when PocketBase has answered, not when a slow client has read it.
        upstream.stream.once('end', () => release?.());
        upstream.stream.once('error', () => release?.());
        upstream.stream.once('close', () => release?.());
        res.send(upstream.stream);
      },
      onError: (res, { error }) => {
        cleanup();
        // PocketBase is not there (a restart): nothing reached it.
        const refusal = upstreamRefusal(error);
        if (refusal) return refuse(res, refusal);
        log(
          `front: upstream error for ${request.method} ${request.raw.frontTarget.path}: ${error?.cause?.code ?? error?.code ?? error?.message}`,
        );
        return res.code(502).send(UPSTREAM_FAILED);
      },
    };
    // A body in memory is sent as it came (reply-from would re-encode a parsed JSON body).
    if (Buffer.isBuffer(body)) {
      options.body = body;
      options.contentType = request.headers['content-type'] || 'application/octet-stream';
    }
    // The canonical target, the one the front classified (issue 59), never the raw one.
    return reply.from(request.raw.frontTarget.target, options);
  };

  app.all('/*', async (request, reply) => {
    const kind = classify(request.method, request.raw.frontTarget.path);
    if (kind === 'pass') return forward(request, reply, null);
    // The release gives the slot back once, however often it is called.
    const release = await admission.acquire(request.address, kind, request.visitor.since, request.visitor.ticketed);
    // A visitor who left while the request waited in line costs PocketBase nothing.
    // (The connection, not the request stream: that one ends once its body has been read.)
    if (request.raw.socket?.destroyed) {
      release();
      return reply.hijack();
    }
    return forward(request, reply, release);
  });

  await app.listen({ host, port });
  return {
    url: `http://${host}:${port}`,
    limits,
    stats: admission.stats,
    inFlight: admission.inFlight,
    waiting: admission.waiting,
    /** Requests open from one address (bodies arriving, waiting, in flight). */
    openFrom: open.of,
    /** Connections open from one address (idle ones included). */
    connectionsFrom: connections.of,
    /** Realtime connections open, in all. */
    realtimeOpen: realtime.total,
    close: async () => {
      admission.close();
      await app.close();
      await pool.close();
    },
  };
}
