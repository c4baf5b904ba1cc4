// @ts-check
// The front (decision 030): its refusals: PocketBase's error shape, marked as not processed, and their headers,
// the same whichever path answers.
import http from 'node:http';

import { NOT_PROCESSED_HEADER, notProcessedBody, OVERLOAD } from './limits.mjs';

/** A request the front answers itself, before PocketBase does any work for it. */
export class Refusal extends Error {
  /**
   * `since`: for a refusal of a full portal, when the visitor was first refused (its ticket).
   * @param {number} status
   * @param {string} message
   * @param {number} retryAfter seconds; 0 for none
   * @param {boolean} [tarpit] answered after the tarpit's pause
   * @param {number} [since]
   */
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
    /** A refusal in the middle of a body closes the connection (set by the body's reader). */
    this.closes = false;
  }
}

/**
 * A refusal's headers, whichever path answers it.
 * @param {number} status
 * @param {number} [retryAfter]
 * @returns {Record<string, string>}
 */
export function refusalHeaders(status, retryAfter) {
  /** @type {Record<string, string>} */
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    // A refusal whose body was not read closes the connection (the rest is never read).
    Connection: status === 408 || status === 413 || status === 401 ? 'close' : 'keep-alive',
  };
  if (retryAfter) headers['Retry-After'] = String(retryAfter);
  if (status === 503 || status === 429) headers[NOT_PROCESSED_HEADER] = '1';
  return headers;
}

/**
 * The refusal for a failure to reach PocketBase, when nothing reached it (a restart); else null.
 * @param {any} error what undici or reply-from reported
 */
export function upstreamRefusal(error) {
  const code = error?.cause?.code ?? error?.code;
  if (code === 'ECONNREFUSED' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'FST_REPLY_FROM_CONNECT_TIMEOUT') {
    return new Refusal(503, OVERLOAD.message, OVERLOAD.retryAfterSeconds);
  }
  return null;
}

/**
 * What PocketBase's failure was, for the log: a code, else a message.
 * @param {any} error
 */
export function upstreamCode(error) {
  return error?.cause?.code ?? error?.code ?? error?.message;
}

/** The answer when PocketBase failed otherwise (PocketBase's error shape). */
export const UPSTREAM_FAILED = { status: 502, message: OVERLOAD.message, data: {} };

/**
 * A whole HTTP/1.1 refusal, written to a connection before any request was read from it.
 * @param {number} status
 * @param {string} message
 * @param {number} retryAfter
 */
export function refusalResponse(status, message, retryAfter) {
  const body = JSON.stringify(notProcessedBody(status, message, retryAfter));
  const headers = { ...refusalHeaders(status, retryAfter), 'Content-Length': Buffer.byteLength(body), Connection: 'close' };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`;
}

/** PocketBase's answer to a route that is not there. */
export const NOT_FOUND = JSON.stringify({ status: 404, message: "The requested resource wasn't found.", data: {} });

/**
 * A JSON answer the front gives itself, never stored by a cache.
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {string} body
 */
export function answerJson(res, status, body) {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

const dashboardClosed = JSON.stringify({ status: 403, message: OVERLOAD.dashboardClosedMessage, data: {} });
/** The dashboard or superuser sign-in asked for from elsewhere than the server itself. */
export const refuseDashboard = (/** @type {http.ServerResponse} */ res) => answerJson(res, 403, dashboardClosed);
/** An internal route asked for through the front: PocketBase's own 404, as if it were not there. */
export const refuseInternal = (/** @type {http.ServerResponse} */ res) => answerJson(res, 404, NOT_FOUND);
