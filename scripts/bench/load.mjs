#!/usr/bin/env node
// @ts-check
// `npm run bench:load [-- --workshops 40000 --rows 2400000 --rates 250,500,1000 --seconds 10]`
// Seeds a fresh PocketBase with 40,000 workshops (one centre link each), 2.4 million
// sales rows with their totals and the codes they earn, then loads the profile page's data
// (GET /api/portal/profile-page, one request a page, decision record 019) as 200 signed-in
// workshops at a constant arrival rate (open loop), one rate after another. Prints per rate
// the achieved rate, p50/p95/p99/max from the moment each request was due, requests shed
// (429/503), errors, PocketBase's memory and where the CPU went; then the highest rate with
// p95 <= 50 ms and no errors (target >= 1,000 pages/s) and PocketBase's memory at twice that
// rate (target < 400 MB). Then an administrator reads the back office's dashboard and
// workshop search 30 times each (target p95 <= 200 ms at this size).
//
// The rows go straight into SQLite (better-sqlite3, PocketBase stopped): the import
// path has its own benchmark (bench:import); this one measures reads. Every client
// is 127.0.0.1, so the rate limiter is told to leave that address out.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import PocketBase from 'pocketbase';

import { benchAdministrator, codeFor, memoryOf, PAGE_TOKEN_HEADER, PASSWORD, percentile, seededPortal } from './lib/campaign.mjs';
import { keptUp, measureRate, PAGE_PATH, warmUp } from './lib/open-loop.mjs';

const { values } = parseArgs({
  options: {
    workshops: { type: 'string', default: '40000' },
    rows: { type: 'string', default: '2400000' },
    clients: { type: 'string', default: '200' },
    // Arrival rates (page loads per second), each held for --seconds.
    rates: { type: 'string', default: '250,500,750,1000,1250,1500,2000,2500,3000' },
    seconds: { type: 'string', default: '10' },
    // Diagnosis: PocketBase's JS runtime pool and the in-flight limit (decision record 020).
    'hooks-pool': { type: 'string', default: '' },
    'max-in-flight': { type: 'string', default: '' },
    // Diagnosis: keep the seeded data dir (its path is printed) instead of removing it.
    keep: { type: 'boolean', default: false },
  },
});
const WORKSHOPS = Number(values.workshops);
const ROWS = Number(values.rows);
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const RATES = values.rates.split(',').map(Number);

const log = (/** @type {string} */ msg) => console.log(`[bench:load] ${msg}`);

async function main() {
  // One data dir for both starts: the seed goes in between, with PocketBase stopped.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  /** @type {Record<string, string>} */
  const env = { PORTAL_RATE_LIMIT_EXCLUDED_IPS: '127.0.0.1' };
  if (values['hooks-pool']) env.PORTAL_HOOKS_POOL = values['hooks-pool'];
  if (values['max-in-flight']) env.PORTAL_MAX_IN_FLIGHT = values['max-in-flight'];
  try {
    const { server } = await seededPortal({ dataDir, workshops: WORKSHOPS, rows: ROWS, env, log });
    log(`signing in ${CLIENTS} workshops (a page load picks the next one)...`);
    const clients = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      const w = Math.floor((i * WORKSHOPS) / CLIENTS);
      const pb = new PocketBase(server.url);
      const auth = await pb.collection('users').authWithPassword(`werkstatt${w}@bench.test`, PASSWORD);
      clients.push({ id: auth.record.id, token: auth.token });
    }
    // A short warm-up, as a page load after a deploy would see.
    const probe = await fetch(`${server.url}${PAGE_PATH}`, { headers: { [PAGE_TOKEN_HEADER]: String(clients[0]?.token) } }).then((r) =>
      r.json(),
    );
    log(`first workshop sees ${probe.vouchers.length} code(s); open loop at ${RATES.join(', ')} pages/s, ${SECONDS} s each...`);

    // Warm-up (not reported), a ramp as traffic after a deploy.
    await warmUp({ url: server.url, clients, pid: server.child.pid });
    const rows = [];
    for (const rate of RATES) {
      const row = await measureRate({ url: server.url, clients, rate, seconds: SECONDS, pid: server.child.pid });
      rows.push(row);
      console.log(
        `  ${String(rate).padStart(5)}/s  achieved ${String(row.achieved).padStart(5)}/s  p50 ${row.p50.toFixed(1).padStart(7)}  p95 ${row.p95
          .toFixed(1)
          .padStart(
            7,
          )}  p99 ${row.p99.toFixed(1).padStart(7)}  max ${row.max.toFixed(0).padStart(6)} ms  shed ${row.shed}  errors ${row.errors}  ` +
          `PocketBase RSS ${row.rssMb.toFixed(0)} MB  CPU s: PocketBase ${row.pbCpu.toFixed(1)}, generator ${row.genCpu.toFixed(1)}`,
      );
      // Let the server drain and settle between rates.
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    const good = rows.filter(keptUp);
    const capacity = good.length ? Math.max(...good.map((row) => row.rate)) : 0;
    console.log(
      `\nhighest rate with p95 <= 50 ms and no errors: ${capacity} pages/s (target >= 1,000): ${capacity >= 1000 ? 'met' : 'MISSED'}`,
    );
    const twice = rows.filter((row) => capacity && row.rate >= 2 * capacity);
    for (const row of twice)
      console.log(
        `at ${row.rate}/s (>= 2x capacity): PocketBase RSS ${row.rssMb.toFixed(0)} MB (target < 400 MB): ${row.rssMb < 400 ? 'met' : 'MISSED'}; ` +
          `${row.shed} shed, p99 ${row.p99.toFixed(0)} ms`,
      );
    console.log(`PocketBase peak RSS over the run: ${memoryOf(server.child.pid).peak.toFixed(0)} MB`);

    // The back office at this size (issue 19): the dashboard and the workshop search, read
    // one after another by an administrator (sales_weekly was filled at the start).
    const root = new PocketBase(server.url);
    root.autoCancellation(false);
    await root.collection('_superusers').authWithPassword(server.superuser.email, server.superuser.password);
    const boss = await benchAdministrator(root, 'chef@bench.test');
    const staff = await root.collection('administrators').impersonate(boss.id, 3600);
    const backOffice = {
      dashboard: '/api/portal/backoffice/dashboard',
      'search customer number': `/api/portal/backoffice/workshops?q=KD${Math.floor(WORKSHOPS / 2)}`,
      'search name part': '/api/portal/backoffice/workshops?q=Betrieb%2039',
      'search code': `/api/portal/backoffice/workshops?q=${codeFor(7)}`,
    };
    console.log('\nback office (sequential reads, ms)');
    let backOfficeMet = true;
    for (const [name, url] of Object.entries(backOffice)) {
      const times = [];
      for (let i = 0; i < 30; i += 1) {
        const t0 = process.hrtime.bigint();
        const res = await fetch(`${server.url}${url}`, { headers: { authorization: staff.authStore.token } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      const first = /** @type {number} */ (times[0]);
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      backOfficeMet &&= p95 <= 200;
      console.log(
        `  ${name.padEnd(24)} first ${first.toFixed(1)}  p50 ${percentile(times, 50).toFixed(1)}  p95 ${p95.toFixed(1)}  max ${(times.at(-1) ?? 0).toFixed(1)}`,
      );
    }
    console.log(`\ntarget back office p95 <= 200 ms: ${backOfficeMet ? 'met' : 'MISSED'}`);
    await server.stop();
  } finally {
    if (values.keep) log(`data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
