// @ts-check
// The front (decision 030): the server — the two forwarding paths (page reads past Fastify, the rest through
// Fastify with @fastify/reply-from), the connection and realtime bounds, and the answers.
import { rmSync } from 'node:fs';
import http from 'node:http';

import proxyAddr from '@fastify/proxy-addr';
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';
import { Pool } from 'undici';

import { canonicalTarget, isRealtimeStream } from '../request-target.mjs';
import { createAdmission } from './admission.mjs';
import { readBody } from './body.mjs';
import { createPageReads } from './page-reads.mjs';
import { perAddressCount } from './per-address.mjs';
import { downstreamHeaders, upstreamHeaders } from './headers.mjs';
import {
  classify,
  FRONT_DEFAULTS,
  isDashboard,
  isInternal,
  isLoopback,
  notProcessedBody,
  OVERLOAD,
  REQUEST_MESSAGES,
  STAFF_UPLOADS,
  TICKET_HEADER_LOWER,
} from './limits.mjs';
import {
  Refusal,
  refusalHeaders,
  refusalResponse,
  refuseDashboard,
  refuseInternal,
  UPSTREAM_FAILED,
  upstreamCode,
  upstreamRefusal,
} from './refusals.mjs';

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
  /** @type {(req: http.IncomingMessage) => string} */
  const addressOf = (req) => {
    if (!trust) return String(req.socket.remoteAddress);
    const all = proxyAddr.all(req, trust);
    return String(all[all.length - 1]);
  };
  const app = Fastify({
    logger: false,
    // Page reads are answered before Fastify (fastRead, below); the rest goes to Fastify.
    serverFactory: (handler, options) => {
      const server = http.createServer(/** @type {http.ServerOptions} */ (options.http), (req, res) => {
        // One reading of the target for the front and PocketBase (issue 59): what PocketBase could
        // read otherwise is refused before anything is counted or read.
        req.frontResponse = res;
        const target = canonicalTarget(String(req.url));
        if (!target) return void refuseTarget(req, res);
        req.frontTarget = target;
        // HEAD on the realtime route: PocketBase runs the stream's handler (Go serves HEAD with
        // GET's) while the answer has no body to end it; the connection it holds is never given
        // back. Nothing the portal uses, so it is refused here.
        if (req.method === 'HEAD' && isRealtimeStream('GET', target.path)) return void refuseTarget(req, res);
        if (limits.adminDashboard !== 'public' && isDashboard(target.path) && !isLoopback(addressOf(req))) return void refuseDashboard(res);
        if (isInternal(target.path)) return void refuseInternal(res);
        if (!fastRead(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = Number(options.keepAliveTimeout);
      server.requestTimeout = Number(options.requestTimeout);
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

  /**
   * Calls `send` with a refusal's status, headers and body: at once, or after the tarpit.
   * @param {string} address
   * @param {Refusal} err
   * @param {(status: number, headers: Record<string, string>, body: string) => unknown} send
   */
  const answerRefusal = (address, err, send) => {
    const status = err.statusCode ?? 503;
    const ticket = err.since === undefined ? undefined : admission.ticket(address, err.since);
    const answer = () =>
      send(
        status,
        // A refusal in the middle of a body closes the connection: the rest of it is never read.
        err.closes ? { ...refusalHeaders(status, err.retryAfter), Connection: 'close' } : refusalHeaders(status, err.retryAfter),
        JSON.stringify(notProcessedBody(status, err.message, err.retryAfter ?? 0, ticket)),
      );
    if (!err.tarpit || !(limits.tarpitMs > 0)) return answer();
    // Held, not counted as open; the address's connections stay bounded (perAddressConnections).
    return new Promise((resolve) => setTimeout(() => resolve(answer()), limits.tarpitMs));
  };
  /** @type {(reply: import('fastify').FastifyReply, err: Refusal) => unknown} */
  const refuse = (reply, err) =>
    answerRefusal(addressOf(reply.request.raw), err, (status, headers, body) => reply.code(status).headers(headers).send(body));
  /** @type {(res: http.ServerResponse, address: string, err: Refusal) => unknown} */
  const refuseRaw = (res, address, err) =>
    answerRefusal(address, err, (status, headers, body) => {
      if (res.destroyed) return;
      res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    });

  // Logs name a request by its canonical path, never its query: a file token travels there
  // (issue 59: no password or token is ever logged).
  const badTarget = Object.assign(new Refusal(400, OVERLOAD.badTargetMessage, 0), { closes: true });
  /**
   * A target the front will not forward: 400 and the connection closed (nothing more is read from it).
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  function refuseTarget(req, res) {
    admission.stats.refusedTarget += 1;
    refuseRaw(res, addressOf(req), badTarget);
  }

  /** An address over its share (requests open, realtime connections): 429, after the tarpit. */
  const overShare = () => new Refusal(429, OVERLOAD.perAddressMessage, 1, true);

  // Realtime connections open, per address and in all (decision 050).
  const realtime = perAddressCount();
  /** The refusal of one more realtime connection from `address`; null while there is room. */
  const realtimeRefusal = (/** @type {string} */ address) => {
    const ownFull = realtime.of(address) >= limits.perAddressRealtime;
    if (!ownFull && realtime.total() < limits.maxRealtime) return null;
    admission.stats.refusedRealtime += 1;
    return ownFull ? overShare() : new Refusal(503, OVERLOAD.message, OVERLOAD.retryAfterSeconds);
  };

  /**
   * The checks before a request's body is read, the same on both paths: the address's requests
   * open at all, its ticket, a read that admission would refuse anyway. Returns the refusal, or
   * the visitor (by its ticket); the request then counts as open until it closes.
   * @param {string} address
   * @param {'pass' | 'read' | 'write'} kind
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   * @returns {{ refusal: Refusal, visitor?: undefined } | { refusal?: undefined, visitor: { since: number, ticketed: boolean } }}
   */
  const beforeBody = (address, kind, req, res) => {
    // Every stream counts, HEAD included (Go's router serves it with the GET handler; issue 59).
    if (kind === 'pass' && isRealtimeStream(String(req.method), req.frontTarget.path)) {
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

  const fastRead = createPageReads({ pool, upstreamHost, admission, addressOf, beforeBody, refuseRaw, log });

  // Per address, connections open at all: beyond the bound a connection is answered 429 at once
  // and closed, before any request is read from it. Behind nginx or Caddy every connection comes
  // from the proxy, which bounds them itself (docs/operations-front.md).
  const connections = perAddressCount();
  if (trustedProxies.length === 0) {
    const tooMany = refusalResponse(429, OVERLOAD.perAddressMessage, 1);
    app.server.on('connection', (socket) => {
      const address = String(socket.remoteAddress);
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

  /**
   * Whether `authorization` is an administrator's or an auditor's token (PocketBase's answer).
   * @param {string | undefined} authorization
   */
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

  app.setErrorHandler((/** @type {any} */ err, request, reply) => {
    if (err instanceof Refusal) return refuse(reply, err);
    if (err.statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return refuse(reply, new Refusal(413, OVERLOAD.tooLargeMessage, 0));
    log(`front: ${request.method} ${request.raw.frontTarget?.path ?? '(target refused)'}: ${err.message}`);
    return reply
      .code(err.statusCode && err.statusCode >= 400 ? err.statusCode : 500)
      .send({ status: 500, message: REQUEST_MESSAGES.failed, data: {} });
  });

  /**
   * @param {import('fastify').FastifyRequest} request
   * @param {import('fastify').FastifyReply} reply
   * @param {(() => void) | null} release
   */
  const forward = (request, reply, release) => {
    /** @type {any} the body as read (a Buffer, or a stream from its file) */
    const body = request.body;
    let cleaned = false;
    const cleanup = () => {
      if (cleaned) return;
      cleaned = true;
      release?.();
      if (request.frontBodyDir) rmSync(request.frontBodyDir, { recursive: true, force: true });
    };
    reply.raw.once('close', cleanup);
    // reply-from's options (its hook types are generic over every server kind; these are HTTP/1.1's).
    /** @type {Record<string, any>} */
    const options = {
      // Never repeated by the proxy: a repeat is the client's to decide (it knows what is safe).
      retryDelay: () => null,
      rewriteHeaders: downstreamHeaders,
      rewriteRequestHeaders: (/** @type {unknown} */ _req, /** @type {import('node:http').IncomingHttpHeaders} */ headers) => {
        const h = upstreamHeaders(headers, request.address, upstreamHost);
        if (body && typeof body.pipe === 'function') {
          h['content-length'] = String(body.frontLength);
          delete h['transfer-encoding'];
        }
        return h;
      },
      onResponse: (
        /** @type {unknown} */ _request,
        /** @type {import('fastify').FastifyReply} */ res,
        /** @type {{ stream: import('node:stream').Readable }} */ upstream,
      ) => {
        // The slot is given back when PocketBase has answered, not when a slow client has read it.
        upstream.stream.once('end', () => release?.());
        upstream.stream.once('error', () => release?.());
        upstream.stream.once('close', () => release?.());
        res.send(upstream.stream);
      },
      onError: (/** @type {import('fastify').FastifyReply} */ res, /** @type {{ error: any }} */ { error }) => {
        cleanup();
        // PocketBase is not there (a restart): nothing reached it.
        const refusal = upstreamRefusal(error);
        if (refusal) return refuse(res, refusal);
        log(`front: upstream error for ${request.method} ${request.raw.frontTarget.path}: ${upstreamCode(error)}`);
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
