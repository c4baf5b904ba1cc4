/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />
// Closes the client inputs that reach PocketBase 0.38.2's unrecovered worker goroutines
// (CVE-2026-82410, GHSA-84vh-m24q-wjjx; decision 028). A panic there ends the process, unlike a
// panic in a request handler, which PocketBase's own middleware recovers.
//
// - Realtime: a record event is filtered, expanded and reduced to the subscription's `fields` in
//   one goroutine per chunk of clients. `fields=name:excerpt(-1)` in a subscription's options
//   slices a string at -1 there (fixed upstream in 3c880378 and f1618ee5). The SPA subscribes to
//   `collection/*` and `collection/<id>` without options, so every other topic is refused.
// - Batch: `/api/batch` runs its sub-requests in a goroutine of its own. Batch requests are off in
//   the settings; the SPA never sends one, so the route is refused even if someone turns them on.
// - `fields` modifiers on any other request panic inside the handler, which PocketBase recovers,
//   but the answer is an empty 200. The SPA only ever names fields, so a modifier is refused too.
// - Thumbnails: PocketBase decodes an image to make one, and an invoice whose header lies about its
//   size would take the server down with it (DECISIONS section 5). No screen of the portal uses
//   thumbnails, so a file download loses every `thumb` parameter, however it is spelled.

const MESSAGES = require(`${__hooks}/vendor/rules-light.js`).REQUEST_MESSAGES;

/** A collection name and either the wildcard or a record id; nothing after it (no `?options=`). */
const TOPIC = /^[A-Za-z0-9_]{1,100}\/(?:\*|[A-Za-z0-9_]{1,100})$/;

/** Field names and dots (nested, expand.x), commas and spaces; `:excerpt(...)` and other modifiers are not. */
const FIELDS = /^[A-Za-z0-9_.*, ]*$/;

/**
 * The reason a set of subscription topics is refused, or '' when every topic is plain.
 * @param {ArrayLike<unknown>} topics
 */
function subscriptionProblem(topics) {
  for (let i = 0; i < topics.length; i++) {
    if (!TOPIC.test(String(topics[i]))) return MESSAGES.topic;
  }
  return '';
}

/**
 * Decodes a query part as Go's url.ParseQuery does (+ as space); null when it does not decode.
 * @param {string} text
 */
function decodePart(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch (_) {
    return null;
  }
}

/**
 * The reason a request's query is refused, or ''. Every `fields` parameter counts (Go reads the
 * first), however its name is spelled in percent-encoding. A pair that does not decode is one Go
 * would skip; it is refused all the same, since the SPA never sends one.
 * @param {string} rawQuery
 */
function queryProblem(rawQuery) {
  if (!rawQuery) return '';
  const pairs = rawQuery.split('&');
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i];
    const at = pair.indexOf('=');
    const key = decodePart(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? '' : decodePart(pair.slice(at + 1));
    if (key === null || value === null) return MESSAGES.query;
    if (key === 'fields' && !FIELDS.test(value)) return MESSAGES.fields;
  }
  return '';
}

/**
 * Answers 400 in PocketBase's error shape.
 * @param {core.RequestEvent} e
 * @param {string} message
 */
function refuse(e, message) {
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(400, { status: 400, message, data: {} });
}

/**
 * Removes every `thumb` parameter, however it is spelled, from a file request's query.
 * @param {url.URL} url
 */
function dropThumb(url) {
  if (url.rawQuery === '') return;
  url.rawQuery = url.rawQuery
    .split('&')
    .filter((pair) => decodePart(pair.split('=')[0]) !== 'thumb')
    .join('&');
}

/**
 * Router middleware: refuses batch requests and `fields` modifiers before anything else runs, drops thumbnails.
 * @param {core.RequestEvent} e
 */
function guardRequest(e) {
  const url = e.request.url;
  if (url.path === '/api/batch' || url.path.indexOf('/api/batch/') === 0) return refuse(e, MESSAGES.batch);
  if (url.path.indexOf('/api/files/') === 0) dropThumb(url);
  const problem = queryProblem(url.rawQuery);
  if (problem) return refuse(e, problem);
  return e.next();
}

/** Where the guard sits: before load shedding (-1045), so a refused request never takes a slot. */
const GUARD_PRIORITY = -1050;

module.exports = { subscriptionProblem, queryProblem, guardRequest, GUARD_PRIORITY, MESSAGES };
