// @ts-check
// One reading of a request's target for the front and PocketBase (issue 59). The front classified
// the raw target ('/api/%72ealtime' is not '/api/realtime' to a string compare) while the request
// it forwarded was read otherwise: @fastify/reply-from resolved it as a WHATWG URL (backslashes
// as slashes, dot segments resolved, the fragment dropped) and PocketBase's router (Go's ServeMux)
// decodes percent-escapes before it matches a route. So a spelling chose the front's class and
// another reading chose PocketBase's route: realtime streams that held read slots, reads and
// sign-ups the admission never counted.
//
// Here the target is made canonical once, and the front classifies and forwards that same string:
// - absolute form ('http://host:port/path?q') becomes its origin form ('/path?q');
// - backslashes are slashes (as WHATWG reads them for http);
// - percent-escapes of unreserved characters (ALPHA DIGIT - . _ ~) are decoded, every other
//   escape is kept with upper-case hex (so '%2F' stays inside its segment, as Go's router keeps it);
// - empty segments ('//') and '.' are dropped, '..' removes the segment before it (RFC 3986 5.2.4,
//   after the decoding, so '%2e%2e' is '..' as well);
// - the query is kept as it came.
// A target PocketBase could read differently still is refused (null): a fragment ('#' has no
// place in a request), a malformed escape, a character outside RFC 3986's path characters, '..'
// right after an empty segment, any form but origin and absolute ('*', 'host:port').

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** RFC 3986 pchar plus '/' and '%' (escapes are checked one by one below). */
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;
const HEX2 = /^[0-9A-Fa-f]{2}$/;
/** A path that has an escape, an empty segment or a dot segment (anything canonicalTarget changes). */
const NEEDS_WORK = /%|\/\/|\/\.\.?(?:\/|$)/;

/**
 * The canonical form of a request target, or null when it has to be refused.
 *
 * @param {string} raw the request target as it came (`req.url`)
 * @returns {{ path: string, query: string, target: string } | null}
 */
export function canonicalTarget(raw) {
  if (typeof raw !== 'string' || raw.length === 0) return null;
  let target = raw;
  if (!target.startsWith('/')) {
    const authority = ABSOLUTE_FORM.exec(target);
    if (!authority) return null;
    target = target.slice(authority[0].length);
    if (!target.startsWith('/')) target = `/${target}`;
  }
  if (target.includes('#')) return null;
  const mark = target.indexOf('?');
  const rawPath = (mark < 0 ? target : target.slice(0, mark)).replace(/\\/g, '/');
  const query = mark < 0 ? '' : target.slice(mark);
  if (!PATH_CHARACTERS.test(rawPath)) return null;
  // The common case, every target the SPA sends: nothing to decode or resolve.
  if (!NEEDS_WORK.test(rawPath)) return { path: rawPath, query, target: rawPath + query };

  let decoded = '';
  for (let i = 0; i < rawPath.length; i += 1) {
    const c = rawPath[i];
    if (c !== '%') {
      decoded += c;
      continue;
    }
    const hex = rawPath.slice(i + 1, i + 3);
    if (!HEX2.test(hex)) return null;
    const ch = String.fromCharCode(parseInt(hex, 16));
    decoded += UNRESERVED.test(ch) ? ch : `%${hex.toUpperCase()}`;
    i += 2;
  }

  const segments = [];
  const parts = decoded.split('/');
  // '..' with an empty segment before it ('/api//..') is '/api/' to a WHATWG reader and '/' to Go's
  // path cleaning, which drops empty segments first: a spelling two readers disagree on is refused.
  let emptyBefore = false;
  for (let i = 1; i < parts.length; i += 1) {
    const segment = parts[i];
    if (segment === '..' && emptyBefore) return null;
    if (segment === '') emptyBefore = true;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  // A trailing slash stays (PocketBase's '/api/collections/x/records/' is a route of its own spelling).
  const last = parts[parts.length - 1];
  const trailing = parts.length > 1 && (last === '' || last === '.' || last === '..') && segments.length > 0;
  const path = `/${segments.join('/')}${trailing ? '/' : ''}`;
  return { path, query, target: path + query };
}

/**
 * Whether a request on the canonical `path` is a realtime stream to PocketBase: GET, and HEAD,
 * which Go's router serves with the GET handler (the stream stays open without a body).
 *
 * @param {string} method
 * @param {string} path canonical (canonicalTarget)
 */
export function isRealtimeStream(method, path) {
  return (method === 'GET' || method === 'HEAD') && (path === '/api/realtime' || path === '/api/realtime/');
}
