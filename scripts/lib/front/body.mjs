// @ts-check
// The front (decision 030): reading a request's body under its time bound, before it asks for a slot.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { OVERLOAD, STAFF_UPLOADS } from './limits.mjs';
import { Refusal } from './refusals.mjs';

/**
 * Reads a request body under the time bound: the first byte within `bodyGraceMs`, then no gap
 * longer than `bodyStallMs`, and all of it within grace + size / minimum rate. Small bodies
 * stay in memory, large ones go to a temporary file.
 * @param {any} request Fastify's request (its raw request carries the front's reading of the target)
 * @param {import('node:stream').Readable} payload
 * @param {typeof import('./limits.mjs').FRONT_DEFAULTS} limits
 * @param {ReturnType<typeof import('./per-address.mjs').perAddressCount>} bodyFiles
 * @param {(err: Error | null, body?: Buffer | import('node:fs').ReadStream) => void} done
 */
export function readBody(request, payload, limits, bodyFiles, done) {
  const declared = Number(request.headers['content-length'] || 0);
  const max = STAFF_UPLOADS.test(request.raw.frontTarget.path) ? limits.staffUploadLimit : limits.bodyLimit;
  if (declared > max) return done(new Refusal(413, OVERLOAD.tooLargeMessage, 0));
  const budget = limits.bodyGraceMs + (Math.max(declared, 1) / limits.bodyMinBytesPerSecond) * 1000;
  let received = 0;
  /** @type {Buffer[]} */
  let chunks = [];
  /** @type {import('node:fs').WriteStream | null} */
  let file = null;
  /** @type {string | null} */
  let dir = null;
  let finished = false;
  /** @type {NodeJS.Timeout | undefined} */
  let stall;

  /** @type {(err: Error | null, body?: Buffer | import('node:fs').ReadStream) => void} */
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
  /** @param {number} ms */
  const arm = (ms) => {
    clearTimeout(stall);
    stall = setTimeout(timeout, ms);
  };
  arm(limits.bodyGraceMs);

  payload.on('data', (/** @type {Buffer} */ chunk) => {
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
    const bodyDir = String(dir);
    file.end(() => {
      // A large body is sent on from its file; the file goes when the request is done.
      request.frontBodyDir = bodyDir;
      const stream = Object.assign(createReadStream(path.join(bodyDir, 'body')), { frontLength: received });
      finish(null, stream);
    });
  });
}
