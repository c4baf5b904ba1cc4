#!/usr/bin/env node
// @ts-check
// `npm run bench:realtime [-- --workshops 40000 --rows 2400000 --seconds 5 --connections 40]`
// (decision 050). Connections that hold PocketBase, against the portal as `npm start` runs it
// (PocketBase behind the front): profile pages from 16 visitors (each its own address, one
// request at a time) for --seconds with no realtime connection open, then with --connections
// opened from one address, then from 20 addresses, then with none again, and last with
// --connections downloads of a workshop's own 5 MB invoice from its address that are never
// read. For each: pages a second, PocketBase's CPU a page, its memory, and what the attacker's
// connections were answered. PocketBase holds two JS runtimes for each request as long as it
// lasts; once its pool is taken it builds runtimes per request, and the pages a second show it.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import PocketBase from 'pocketbase';

import { frontLimitsFromEnv, startFront } from '../lib/front.mjs';
import { freePort } from '../lib/ports.mjs';
import { rules } from '../lib/rules.mjs';
import { cpu, memoryOf, openCodes, PAGE_TOKEN_HEADER, PASSWORD, pdfOf, redemptionForm, seededPortal, tally } from './lib/campaign.mjs';
import { pageLoads } from './lib/open-loop.mjs';

const { values } = parseArgs({
  options: {
    workshops: { type: 'string', default: '40000' },
    rows: { type: 'string', default: '2400000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '40' },
  },
});
const SECONDS = Number(values.seconds);
/** The largest invoice a workshop may upload, in MB (the rulebook's limit). */
const INVOICE_MB = rules.INVOICE.maxBytes / 1024 / 1024;
const CONNECTIONS = Number(values.connections);
const log = (/** @type {string} */ msg) => console.log(`[bench:realtime] ${msg}`);

const readers = Array.from({ length: 16 }, (_, i) => `127.30.0.${i + 1}`);
const attacker = (/** @type {number} */ i, /** @type {number} */ spread) => (spread > 1 ? `127.40.0.${(i % spread) + 1}` : '127.40.0.1');
// The readers are real visitors to PocketBase's own rate limiter too: left alone, as the set-up.
const excluded = ['127.0.0.1', ...readers];

/**
 * A workshop's redemption with a 5 MB invoice (the most it may upload); the invoice's URL with a file token.
 * @param {{ url: string }} server @param {string} dataDir
 */
async function invoiceOf(server, dataDir) {
  const [code] = openCodes(dataDir, { limit: 1 });
  if (!code) throw new Error('no open code seeded');
  const pb = new PocketBase(server.url);
  const auth = await pb.collection('users').authWithPassword(code.email, PASSWORD);
  const record = await pb.collection('submissions').create(redemptionForm(auth.record.id, code, pdfOf(rules.INVOICE.maxBytes - 4096)));
  const token = await pb.files.getToken();
  return `/api/files/submissions/${record.id}/${record.file}?token=${token}`;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-realtime-'));
  /** @type {Awaited<ReturnType<typeof seededPortal>>['server'] | null} */
  let server = null;
  /** @type {Awaited<ReturnType<typeof startFront>> | null} */
  let front = null;
  /** @type {http.ClientRequest[]} */
  const open = [];
  try {
    const seeded = await seededPortal({
      dataDir,
      workshops: Number(values.workshops),
      rows: Number(values.rows),
      env: { PORTAL_BEHIND_FRONT: 'true', PORTAL_RATE_LIMIT_EXCLUDED_IPS: excluded.join(',') },
      log,
    });
    const portal = seeded.server;
    server = portal;
    const port = await freePort();
    const started = await startFront({
      host: '127.0.0.1',
      port,
      upstream: portal.url,
      limits: { ...frontLimitsFromEnv(), rateExcluded: excluded },
    });
    front = started;
    const url = started.url;
    log(
      `front ${url} (realtime: ${started.limits.maxRealtime} in all, ${started.limits.perAddressRealtime} per address), PocketBase ${portal.url}`,
    );
    /** @type {string[]} */
    const tokens = [];
    const workshops = Number(values.workshops);
    for (let i = 0; i < readers.length; i += 1) {
      const pb = new PocketBase(portal.url);
      const email = `werkstatt${Math.floor((i * workshops) / readers.length)}@bench.test`;
      tokens.push((await pb.collection('users').authWithPassword(email, PASSWORD)).token);
    }

    /** Pages for `seconds` from the 16 readers, one request at a time each. @param {number} seconds */
    const pages = async (seconds) => {
      const loads = readers.map((address) => pageLoads(url, { connections: 1, localAddress: address, timeoutMs: 30_000 }));
      const cpu0 = cpu(portal.child.pid);
      const t0 = performance.now();
      /** @type {Map<number | 'network', number>} */
      const statuses = new Map();
      let n = 0;
      await Promise.all(
        tokens.map(async (token, i) => {
          while (performance.now() - t0 < seconds * 1000) {
            const { status } = await /** @type {ReturnType<typeof pageLoads>} */ (loads[i]).get({ [PAGE_TOKEN_HEADER]: token });
            tally(statuses, status);
            n += 1;
          }
        }),
      );
      const elapsed = (performance.now() - t0) / 1000;
      for (const l of loads) l.close();
      const ms = ((cpu(portal.child.pid) - cpu0) * 1000) / Math.max(1, n);
      return `${(n / elapsed).toFixed(0)} pages/s, PocketBase ${ms.toFixed(2)} ms a page, RSS ${memoryOf(portal.child.pid).rss.toFixed(0)} MB, answers ${JSON.stringify(Object.fromEntries(statuses))}`;
    };

    /**
     * Opens `n` requests for `target` from `spread` addresses, kept open until hangUp; resolves
     * with their statuses once `answered(res, done)` has called done for each.
     * @param {number} n @param {string} target @param {number} spread
     * @param {(res: http.IncomingMessage, done: () => void) => void} answered
     */
    const openMany = async (n, target, spread, answered) => {
      /** @type {Map<number | 'network', number>} */
      const statuses = new Map();
      await Promise.all(
        Array.from(
          { length: n },
          (_, i) =>
            /** @type {Promise<void>} */ (
              new Promise((resolve) => {
                const req = http.get(`${url}${target}`, { localAddress: attacker(i, spread) }, (res) => {
                  tally(statuses, res.statusCode ?? 0);
                  answered(res, () => resolve());
                });
                req.on('error', () => {
                  tally(statuses, 'network');
                  resolve();
                });
                open.push(req);
              })
            ),
        ),
      );
      return JSON.stringify(Object.fromEntries(statuses));
    };
    /** Realtime connections: answered once the first event (or a refusal) has come. @param {number} n @param {number} spread */
    const listen = (n, spread) =>
      openMany(n, '/api/realtime', spread, (res, done) => {
        res.once('data', done);
        res.once('end', done);
      });
    /** Downloads of `file` that never read their answer. @param {number} n @param {string} file @param {number} spread */
    const stall = async (n, file, spread) => {
      const statuses = await openMany(n, file, spread, (res, done) => {
        res.pause();
        done();
      });
      // What fits goes into the buffers on the way; PocketBase then waits for the reader.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return statuses;
    };
    const hangUp = async () => {
      for (const req of open.splice(0)) req.destroy();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    };

    log('warming up...');
    await pages(3);
    console.log(`\nno realtime connection: ${await pages(SECONDS)}`);
    const fromOne = await listen(CONNECTIONS, 1);
    console.log(`${CONNECTIONS} realtime connections from one address (answered ${fromOne}): ${await pages(SECONDS)}`);
    await hangUp();
    const fromMany = await listen(CONNECTIONS, 20);
    console.log(`${CONNECTIONS} realtime connections from 20 addresses (answered ${fromMany}): ${await pages(SECONDS)}`);
    await hangUp();
    console.log(`closed again: ${await pages(SECONDS)}`);
    const invoice = await invoiceOf(portal, dataDir);
    const stalled = await stall(CONNECTIONS, invoice, 1);
    console.log(
      `${CONNECTIONS} downloads of a workshop's ${INVOICE_MB} MB invoice, never read, from one address (answered ${stalled}): ${await pages(SECONDS)}`,
    );
    await hangUp();
    console.log(`and closed: ${await pages(SECONDS)}`);
    console.log(`front: ${started.stats.refusedRealtime} realtime connections refused`);
  } finally {
    for (const req of open) req.destroy();
    await front?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
