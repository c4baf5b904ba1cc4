#!/usr/bin/env node
// @ts-check
// The invoice reader (issue 61, decision 063): a process beside PocketBase, started and restarted
// by `npm start` (and by the tests) like PocketBase itself. It claims the oldest invoice waiting
// through PocketBase's internal routes (lib/invoice-reading.js), reads it in a thread of its own
// (bounded memory, a time limit per page) at low priority, and posts what it read. A reader that
// dies loses nothing: at its next start PocketBase hands out again what it was reading.
//
//   PORTAL_READER_API   PocketBase's own address (http://127.0.0.1:port), never the front
//   PORTAL_DATA_DIR     where the secret file is (or PORTAL_READER_SECRET)
//   PORTAL_READER_POLL_MS  how often an idle reader asks for work (1000)
//   PORTAL_READER_IDLE_MS  how long without an invoice before the reading thread ends (30000)
import path from 'node:path';

import { lowerPriority, readInThread, stopReading } from './read-thread.mjs';
import { readerSecret, SECRET_HEADER } from './secret.mjs';

const env = process.env;
const api = String(env.PORTAL_READER_API || 'http://127.0.0.1:8090').replace(/\/$/, '');
const dataDir = path.resolve(env.PORTAL_DATA_DIR || 'pb_data');
const pollMs = Number(env.PORTAL_READER_POLL_MS) || 1000;
const memoryMb = Number(env.PORTAL_READER_MEMORY_MB) || 256;
const headers = { [SECRET_HEADER]: readerSecret(dataDir, env) };
const log = (/** @type {string} */ msg) => console.log(`[reader] ${msg}`);
/**
 * After this long without an invoice the reading thread is ended: an idle reader holds about
 * 130 MB instead of 400-470 (recognition's memory, the decoded pages' arenas), and the next
 * invoice pays about half a second of CPU to start a thread again (bench:reading, 2026-11-29).
 */
const idleMs = Number(env.PORTAL_READER_IDLE_MS) || 30_000;

lowerPriority(log);

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {string} route
 * @param {RequestInit} [init]
 */
async function call(route, init = {}) {
  return fetch(`${api}${route}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) }, signal: AbortSignal.timeout(60_000) });
}

/** One job: fetched, read, answered. */
async function readOne(/** @type {{ id: string, attempt: number, workshop: unknown }} */ job) {
  const started = Date.now();
  const file = await call(`/api/internal/reader/file/${encodeURIComponent(job.id)}`);
  if (!file.ok) throw new Error(`file of ${job.id}: HTTP ${file.status}`);
  const bytes = Buffer.from(await file.arrayBuffer());
  const outcome = await readInThread(bytes, job.workshop, { memoryMb, log });
  const result = outcome.failed ? { failed: outcome.failed } : outcome.result;
  const answer = await call(`/api/internal/reader/result/${encodeURIComponent(job.id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ attempt: job.attempt, result }),
  });
  const what = outcome.failed
    ? `failed (${outcome.failed})`
    : `read (${/** @type {any} */ (result).kind}, ${/** @type {any} */ (result).pages.length} page(s))`;
  log(`${job.id} ${what} in ${Date.now() - started} ms${answer.ok ? '' : `; not stored (HTTP ${answer.status})`}`);
}

async function main() {
  // PocketBase hands out again whatever an earlier run of the reader was reading.
  for (;;) {
    try {
      const res = await call('/api/internal/reader/start', { method: 'POST' });
      if (res.ok) break;
      log(`PocketBase does not know the reader (HTTP ${res.status}); trying again.`);
    } catch {
      // PocketBase is not up yet.
    }
    await sleep(pollMs);
  }
  log(`reading invoices from ${api}`);
  let lastRead = Date.now();
  for (;;) {
    try {
      const res = await call('/api/internal/reader/claim', { method: 'POST' });
      if (res.status === 204) {
        if (Date.now() - lastRead > idleMs && (await stopReading())) log(`reading thread ended: no invoice for ${idleMs / 1000} s`);
        await sleep(pollMs);
        continue;
      }
      if (!res.ok) throw new Error(`claim: HTTP ${res.status}`);
      await readOne(await res.json());
      lastRead = Date.now();
    } catch (err) {
      log(String(/** @type {Error} */ (err).message));
      await sleep(pollMs);
    }
  }
}

process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
main();
