// @ts-check
// The front (decision 030): the short path of page reads (decision 048) — a GET under /api/ without
// a body, past Fastify's routing, hooks and reply, with the same checks and answers as the
// Fastify path (`beforeBody`, `refuseRaw` are the server's, shared by both paths).
import { downstreamRawHeaders, upstreamHeaders } from './headers.mjs';
import { classify } from './limits.mjs';
import { UPSTREAM_FAILED, upstreamCode, upstreamRefusal } from './refusals.mjs';

/** @typedef {import('node:http').IncomingMessage} Req */
/** @typedef {import('node:http').ServerResponse} Res */
/** @typedef {import('./refusals.mjs').Refusal} Refusal */
/** @typedef {{ refusal: Refusal, visitor?: undefined } | { refusal?: undefined, visitor: { since: number, ticketed: boolean } }} Checked */
/**
 * What the page reads' path takes from its server.
 * @typedef {object} PageReadDeps
 * @property {import('undici').Pool} pool the connections to PocketBase
 * @property {string} upstreamHost
 * @property {ReturnType<typeof import('./admission.mjs').createAdmission>} admission
 * @property {(req: Req) => string} addressOf
 * @property {(address: string, kind: 'pass' | 'read' | 'write', req: Req, res: Res) => Checked} beforeBody
 * @property {(res: Res, address: string, err: Refusal) => unknown} refuseRaw
 * @property {(msg: string) => void} log
 */

/**
 * The page reads' path for a front: `fastRead(req, res)` answers a page read and returns true, or
 * returns false for anything else (Fastify takes it).
 * @param {PageReadDeps} deps
 */
export function createPageReads({ pool, upstreamHost, admission, addressOf, beforeBody, refuseRaw, log }) {
  /**
   * A page read (GET under /api/, no body, not realtime or a file) on a short path: the same
   * checks as the onRequest hook and the route below, the same answers, without Fastify's
   * routing, hooks and reply (decision 048: about a tenth less of the front's CPU per request). Returns false
   * for anything else, which Fastify takes.
   * @param {Req} req
   * @param {Res} res
   */
  function fastRead(req, res) {
    if (req.method !== 'GET' || classify(req.method, req.frontTarget.path) !== 'read') return false;
    if (req.headers['transfer-encoding'] || Number(req.headers['content-length'] || 0) > 0) return false;
    const address = addressOf(req);
    const checked = beforeBody(address, 'read', req, res);
    if (checked.refusal) {
      refuseRaw(res, address, checked.refusal);
      return true;
    }
    admission.acquire(address, 'read', checked.visitor.since, checked.visitor.ticketed).then(
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
   * @param {Req} req
   * @param {Res} res
   * @param {string} address
   * @param {() => void} release gives the slot back once, however often it is called
   */
  function forwardRead(req, res, address, release) {
    /** @type {((err: Error) => void) | null} */
    let abort = null;
    /** @type {(() => void) | null} */
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
          log(`front: upstream error for GET ${req.frontTarget.path}: ${upstreamCode(error)}`);
          const failed = JSON.stringify(UPSTREAM_FAILED);
          res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(failed) });
          res.end(failed);
        },
      },
    );
  }

  return fastRead;
}
