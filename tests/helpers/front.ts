import http from 'node:http';
import net from 'node:net';

import { startFront } from '../../scripts/lib/front.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { startPocketBase, type StartOptions, type TestServer } from './pocketbase';

export interface Stack {
  pb: TestServer;
  front: Awaited<ReturnType<typeof startFront>>;
  url: string;
  stop(): Promise<void>;
}

/**
 * PocketBase behind the front, as `npm start` runs them (decision 030), with the given limits;
 * `trustedProxies` as PORTAL_TRUSTED_PROXIES names them.
 */
export async function startStack(
  limits: Record<string, number | string> = {},
  options: StartOptions = {},
  trustedProxies: string[] = [],
): Promise<Stack> {
  const pb = await startPocketBase({
    ...options,
    env: { PORTAL_BEHIND_FRONT: 'true', PORTAL_RATE_LIMIT_EXCLUDED_IPS: '', ...options.env },
  });
  const port = await freePort();
  const front = await startFront({ host: '127.0.0.1', port, upstream: pb.url, limits, trustedProxies });
  return {
    pb,
    front,
    url: front.url,
    async stop() {
      await front.close();
      await pb.stop();
    },
  };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: any;
}

/** An answer's body as JSON, or its text when it is none. */
function jsonOr(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * One request from a given loopback address (127.0.0.x: Linux routes the whole block to the
 * loopback device), so tests can be several visitors on one machine.
 */
export function from(
  address: string,
  url: string,
  method: string,
  path: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const target = new URL(url);
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method,
        localAddress: address,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: jsonOr(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A raw connection from a given loopback address that sends `first` (nothing when empty) and then
 * waits: `closed` resolves with what the server answered once it ends the connection.
 */
export function rawConnection(url: string, address: string, first = '') {
  const target = new URL(url);
  const socket = net.connect({ host: target.hostname, port: Number(target.port), localAddress: address });
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (d) => (answer += d));
  socket.on('error', () => {});
  if (first) socket.on('connect', () => socket.write(first));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  return { closed, destroy: () => socket.destroy() };
}

/**
 * A client that announces a body and then sends only `sent` bytes of it (or trickles them): the
 * socket stays open until the server ends it. Resolves with what the server answered, if anything.
 */
export function stalledUpload(url: string, address: string, path: string, declared: number, sent = 0, authorization = '') {
  const host = new URL(url).host;
  const auth = authorization ? `Authorization: ${authorization}\r\n` : '';
  return rawConnection(
    url,
    address,
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\n${auth}Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n${'x'.repeat(sent)}`,
  );
}

/**
 * A realtime connection (GET /api/realtime, or the `path` and `method` given: another spelling, HEAD)
 * from a given loopback address. Resolves once the front has answered: with 200 when PocketBase
 * has sent its first event, or for HEAD its event-stream headers (the connection stays open until
 * `close`), else with the refusal's status and body.
 */
export function realtimeFrom(url: string, address: string, path = '/api/realtime', method = 'GET'): Promise<Answer & { close(): void }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path, method, localAddress: address, agent: false }, (res) => {
      const close = () => req.destroy();
      let text = '';
      const stream = res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/event-stream');
      if (method === 'HEAD' && stream) resolve({ status: 200, headers: res.headers, json: null, close });
      res.setEncoding('utf8');
      res.on('data', (d) => {
        text += d;
        if (res.statusCode === 200 && text.includes('PB_CONNECT')) resolve({ status: 200, headers: res.headers, json: null, close });
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: jsonOr(text), close }));
    });
    req.end();
    req.on('error', reject);
  });
}
