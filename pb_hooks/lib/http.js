/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />
// Response headers for the SPA and the protected files (issue 8, decision 011).

const GTM = 'https://www.googletagmanager.com';
const ANALYTICS = 'https://*.google-analytics.com https://*.analytics.google.com';

/** The tag manager the build was configured with (same variable as the SPA build). */
function gtmId() {
  return $os.getenv('PORTAL_GTM_ID') || $os.getenv('VITE_GTM_ID') || '';
}

/**
 * Content-Security-Policy for the SPA's pages. The tag manager's hosts are
 * allowed only when a tag manager is configured; React and Radix set inline
 * style attributes, hence 'unsafe-inline' for styles (never for scripts). The one
 * inline script, a registration step's stand-in (lib/stand-in.js), is allowed by its hash.
 * @param {boolean} withGtm
 */
function contentSecurityPolicy(withGtm) {
  /** @param {string} value */
  const extra = (value) => (withGtm ? ` ${value}` : '');
  return [
    "default-src 'self'",
    `script-src 'self' ${require(`${__hooks}/lib/stand-in.js`).standInScriptSource()}${extra(GTM)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(`${GTM} ${ANALYTICS}`)}`,
    `connect-src 'self'${extra(`${GTM} ${ANALYTICS}`)}`,
    "font-src 'self'",
    `frame-src 'self'${extra(GTM)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

// Built once per JS runtime (require caches this module): the environment does not
// change while PocketBase runs, and the middleware runs on every request.
/** @type {Record<string, string>} */
const PAGE_HEADERS = {
  'Content-Security-Policy': contentSecurityPolicy(gtmId() !== ''),
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
const gzip = $apis.gzip();

/**
 * The prerendered file of a public page (decision 021): '/' → 'prerendered/index.html',
 * '/login' or '/login/' → 'prerendered/login.html'. Only lower-case words, digits, '-' and
 * '/' qualify, so no request can name a file outside that folder; paths with a dot are files.
 * When the build has no such file, PocketBase's static handler falls back to the empty
 * index.html, which the browser draws alone, as before.
 * @param {string} path
 */
function prerenderedPage(path) {
  if (!/^(?:\/[a-z0-9-]+)*\/?$/.test(path)) return null;
  const page = path.replace(/\/$/, '');
  if (page === '/index') return null; // the landing page's file, but not its path
  return `prerendered/${page === '' ? 'index' : page.slice(1)}.html`;
}

/**
 * Sets the page headers on a non-API response and serves it compressed (a public page prerendered).
 * @param {core.RequestEvent} e
 * @param {string} path
 */
function servePage(e, path) {
  const page = prerenderedPage(path);
  const headers = e.response.header();
  for (const name of Object.keys(PAGE_HEADERS)) headers.set(name, PAGE_HEADERS[name]);
  // Vite's hashed assets never change; the HTML must be revalidated.
  headers.set('Cache-Control', path.indexOf('/assets/') === 0 ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (page) {
    // Rendered with the campaign in force by `npm start`'s page renderer (decision 061), else the build's.
    if (require(`${__hooks}/lib/rendered-pages.js`).serveRendered(e, page)) return;
    e.request.setPathValue('path', page);
  }
  return gzip.func(e);
}

let maxInFlight = 0;
const IN_FLIGHT = 'portal:inFlight';
const SHED = 'portal:shed';
/**
 * Where the admission middleware sits among PocketBase's own: before its request log (-1040)
 * and its token check (-1020), after nothing but the www redirect (decision 020).
 */
const ADMIT_PRIORITY = -1045;
const light = require(`${__hooks}/vendor/rules-light.js`);
const overload = light.OVERLOAD;

/** The in-flight limit: PORTAL_MAX_IN_FLIGHT, else the rulebook's (read once per JS runtime). */
function inFlightLimit() {
  if (!maxInFlight) maxInFlight = Number($os.getenv('PORTAL_MAX_IN_FLIGHT')) || overload.maxInFlight;
  return maxInFlight;
}

/**
 * Passes the request on if fewer than the limit of API requests are being answered, else answers 503
 * with the rulebook's German message and Retry-After (load shedding, issue 21) and counts the
 * refusal for the minute's report. The counts live in the app store, shared by every JS
 * runtime; setFunc changes them under its lock.
 * @param {core.RequestEvent} e
 */
function admit(e) {
  const limit = inFlightLimit();
  const store = $app.store();
  let admitted = false;
  store.setFunc(IN_FLIGHT, (n) => {
    const current = n || 0;
    if (current >= limit) return current;
    admitted = true;
    return current + 1;
  });
  if (!admitted) {
    store.setFunc(SHED, (n) => (n || 0) + 1);
    // The front's refusal exactly (decision 062): the app repeats it as it repeats the front's.
    e.response.header().set('Retry-After', String(overload.retryAfterSeconds));
    e.response.header().set('Cache-Control', 'no-store');
    e.response.header().set(light.NOT_PROCESSED_HEADER, '1');
    return e.json(503, light.notProcessedBody(503, overload.message, overload.retryAfterSeconds));
  }
  try {
    return e.next();
  } finally {
    store.setFunc(IN_FLIGHT, (n) => Math.max(0, (n || 1) - 1));
  }
}

/**
 * Logs, as one warning, how many API requests were refused since the last report (cron, once a minute).
 * @param {CoreApp} app
 */
function reportShed(app) {
  let refused = 0;
  app.store().setFunc(SHED, (n) => {
    refused = n || 0;
    return 0;
  });
  if (refused > 0) app.logger().warn('load shedding: API requests refused', 'refused', refused, 'limit', inFlightLimit());
}

/**
 * An error answer in PocketBase's shape ({ status, message, data }).
 * @param {core.RequestEvent} e
 * @param {number} status
 * @param {string} message
 * @param {Record<string, any> | null} [data]
 */
function jsonError(e, status, message, data) {
  return e.json(status, { status, message, data: data || {} });
}

module.exports = { contentSecurityPolicy, servePage, admit, reportShed, ADMIT_PRIORITY, jsonError };
