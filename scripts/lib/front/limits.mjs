// @ts-check
// The front (decision 030): its numbers (defaults, the environment) and what a request is to it.
import { createRequire } from 'node:module';
import path from 'node:path';

import { ROOT } from '../pocketbase.mjs';

const require = createRequire(import.meta.url);
/** The rulebook's load figures and German texts (the same bundle the hooks read), and the ticket's header. */
export const { OVERLOAD, TICKET_HEADER, REQUEST_MESSAGES, NOT_PROCESSED_HEADER, notProcessedBody } = require(
  path.join(ROOT, 'pb_hooks', 'vendor', 'rules-light.js'),
);

export const MB = 1024 * 1024;
export const TICKET_HEADER_LOWER = TICKET_HEADER.toLowerCase();

/**
 * Defaults. The operating numbers are changed through the environment (frontLimitsFromEnv, README's
 * table, .env.example); the rest follow the rulebook (the per-minute rate PocketBase applies too,
 * the waits a refusal asks for, the body sizes the portal accepts) or the tests set them (the tarpit,
 * the writes' line), and change with it.
 */
export const FRONT_DEFAULTS = {
  maxInFlight: OVERLOAD.maxInFlight,
  writeReserve: OVERLOAD.writeReserve,
  maxWrites: OVERLOAD.maxWrites,
  perAddress: OVERLOAD.perAddress,
  perAddressOpen: OVERLOAD.perAddressOpen,
  perAddressPerMinute: OVERLOAD.apiRequestsPerMinute,
  // Addresses the rate per minute leaves alone (PORTAL_RATE_LIMIT_EXCLUDED_IPS, as PocketBase's).
  rateExcluded: /** @type {string[]} */ ([]),
  writeWaitMs: OVERLOAD.writeWaitMs,
  readWaitMs: OVERLOAD.readWaitMs,
  // The longest wait a refusal of a full portal asks for (decision 051).
  retryAfterMaxSeconds: OVERLOAD.retryAfterMaxSeconds,
  readQueueLength: OVERLOAD.readQueueLength,
  // Writes waiting in line at most (each for up to writeWaitMs): a bound, not a knob.
  queueLength: 2000,
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

/**
 * A comma-separated list of addresses from the environment (PORTAL_TRUSTED_PROXIES and the like).
 * @param {string | undefined} value
 */
export function addressList(value) {
  return (value || '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * The front's numbers from the environment, falling back to FRONT_DEFAULTS.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function frontLimitsFromEnv(env = process.env) {
  /** @type {(value: string | undefined, fallback: number) => number} */
  const count = (value, fallback) => {
    const v = Number(value);
    return value !== undefined && value.trim() !== '' && Number.isInteger(v) && v >= 0 ? v : fallback;
  };
  /** @type {(name: string, fallback: number) => number} */
  const num = (name, fallback) => {
    const v = Number(env[name]);
    return Number.isFinite(v) && v > 0 ? v : fallback;
  };
  return {
    maxInFlight: num('PORTAL_MAX_IN_FLIGHT', FRONT_DEFAULTS.maxInFlight),
    // 0 is a setting here (reads may take every slot); empty or not a number is the default.
    writeReserve: count(env.PORTAL_WRITE_RESERVE, FRONT_DEFAULTS.writeReserve),
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
export const STAFF_UPLOADS = /^\/api\/collections\/(sales_data_files|business_partner_number_files|audit_results)\/records\/?$/;

/**
 * PocketBase's dashboard and its superusers' routes (sign-in, OTP, password reset), by canonical path.
 * @param {string} path
 */
export function isDashboard(path) {
  return (
    path === '/_' || path.startsWith('/_/') || path === '/api/collections/_superusers' || path.startsWith('/api/collections/_superusers/')
  );
}

/**
 * PocketBase's internal routes (the invoice reader's, issue 61): the reader calls PocketBase on
 * its own port, so through the front nobody reaches them, whatever secret they bring.
 * @param {string} path
 */
export function isInternal(path) {
  return path === '/api/internal' || path.startsWith('/api/internal/');
}

/**
 * The server itself: 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6.
 * @param {string | undefined} address
 */
export function isLoopback(address) {
  const a = String(address || '').replace(/^::ffff:/, '');
  return a === '::1' || /^127\./.test(a);
}

/**
 * What a request is to the front: 'pass' (no slot), 'read' or 'write'. `path` is the canonical
 * path (request-target.mjs), the one that is forwarded: the front and PocketBase read one string.
 * @param {string} method
 * @param {string} path
 * @returns {'pass' | 'read' | 'write'}
 */
export function classify(method, path) {
  if (!path.startsWith('/api/')) return 'pass';
  if (path === '/api/realtime' || path === '/api/realtime/' || path.startsWith('/api/files/')) return 'pass';
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 'read' : 'write';
}
