#!/usr/bin/env node
// @ts-check
// `npm run bench:front [-- --count 50000 --runs 3 --against REV]` (decisions 048, 054).
// The front's own CPU for a page read it lets through and for one it refuses, without PocketBase:
// the front in a process of its own, a plain Node server behind it that answers a page of the
// profile's size, 16 clients on keep-alive connections. With `--against REV`, the front of that
// git revision (its scripts/lib written into a folder inside this checkout for the run, so that its imports resolve, and
// removed again) runs in turn with this one, alternating, for an A/B.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { Pool } from 'undici';

import { ROOT } from '../lib/pocketbase.mjs';
import { freePort } from '../lib/ports.mjs';
import { cpu, PAGE_TOKEN_HEADER, percentile, tally } from './lib/campaign.mjs';
import { spawnFront, startModule } from './lib/front-process.mjs';
import { PAGE_PATH } from './lib/open-loop.mjs';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '3' },
    against: { type: 'string' },
  },
});
const COUNT = Number(values.count);
const CLIENTS = 16;
const log = (/** @type {string} */ msg) => console.log(`[bench:front] ${msg}`);

// A page of about the size the profile page answers for a workshop with a few codes (~1 KB).
const UPSTREAM = `
import http from 'node:http';
const page = JSON.stringify({ profile: { id: 'u'.repeat(15), email: 'werkstatt1@bench.test', shopName: 'Kfz-Betrieb Messung',
  connections: [{ id: 'c'.repeat(15), noraLz: 'l'.repeat(15), customerNumber: 'AN1', partnerName: 'Teile Nord GmbH' }] },
  stats: { totalSales: 1234.5, totalCashback: 100, toNextCashback: 265.5 },
  vouchers: [1, 2, 3].map((i) => ({ id: 'v' + i, code: 'NORA-ABCD-' + i, status: 'open', created: '2026-11-20 10:00:00.000Z', campaignLabel: 'Herbstaktion 2026', paidOn: null })),
  submissions: [], returned: [], padding: 'p'.repeat(300) });
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(page) });
  res.end(page);
});
server.keepAliveTimeout = 60000;
server.listen(Number(process.argv[1]), '127.0.0.1', () => console.log('ready'));
`;

// The bounds per address lifted (all clients share one address); for refusals one slot and no line.
const OPEN = { perAddress: 1e6, perAddressOpen: 1e6, perAddressPerMinute: 1e9, perAddressConnections: 1e6, tarpitMs: 0 };
const MODES = {
  page: { ...OPEN },
  refusal: { ...OPEN, maxInFlight: 1, writeReserve: 0, readQueueLength: 0 },
};

/**
 * The front's CPU a request over `COUNT` requests of one mode, after a warm-up.
 * @param {string} frontFile @param {keyof typeof MODES} mode @param {number} upstreamPort
 */
async function measure(frontFile, mode, upstreamPort) {
  const front = await spawnFront({
    upstream: `http://127.0.0.1:${upstreamPort}`,
    limits: MODES[mode],
    file: frontFile,
    name: 'bench:front',
  });
  const pool = new Pool(front.url, { connections: CLIENTS });
  /** @type {Map<number, number>} */
  const statuses = new Map();
  const send = async (/** @type {number} */ total) => {
    let sent = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (sent++ < total) {
          const res = await pool.request({ path: PAGE_PATH, method: 'GET', headers: { [PAGE_TOKEN_HEADER]: 'a.b.c' } });
          await res.body.dump();
          tally(statuses, res.statusCode);
        }
      }),
    );
  };
  try {
    await send(5000);
    statuses.clear();
    const before = cpu(front.pid);
    const t0 = performance.now();
    await send(COUNT);
    const seconds = (performance.now() - t0) / 1000;
    const used = cpu(front.pid) - before;
    return { usPerRequest: (used * 1e6) / COUNT, perSecond: COUNT / seconds, statuses: Object.fromEntries(statuses) };
  } finally {
    await pool.close();
    await front.close();
  }
}

async function main() {
  const upstreamPort = await freePort();
  const upstream = startModule(UPSTREAM, { name: 'bench:front', args: [String(upstreamPort)] });
  await upstream.ready;
  /** @type {[string, string][]} */
  const fronts = [['this checkout', path.join(ROOT, 'scripts', 'lib', 'front.mjs')]];
  let other = null;
  if (values.against) {
    // The revision's whole scripts/lib (the front is a folder of modules since issue 62) and the
    // rulebook bundle it reads, in a folder inside this checkout laid out as the repository: its
    // imports resolve to its own modules, packages to this checkout's node_modules.
    other = path.join(ROOT, `.front-bench-${process.pid}`);
    mkdirSync(other, { recursive: true });
    // The rulebook bundle lay in pb_hooks/lib/vendor before issue 62 moved it to pb_hooks/vendor.
    const inRevision = (/** @type {string} */ file) =>
      spawnSync('git', ['cat-file', '-e', `${values.against}:${file}`], { cwd: ROOT }).status === 0;
    const bundle =
      ['pb_hooks/vendor/rules-light.js', 'pb_hooks/lib/vendor/rules-light.js'].find(inRevision) ?? 'pb_hooks/vendor/rules-light.js';
    const files = ['scripts/lib', 'scripts/pocketbase-pin.json', 'pb_hooks/package.json', bundle];
    const archive = execFileSync('git', ['archive', String(values.against), ...files], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', other], { input: archive });
    fronts.push([values.against, path.join(other, 'scripts', 'lib', 'front.mjs')]);
  }
  /** @type {Map<string, Record<keyof typeof MODES, number[]>>} */
  const results = new Map(fronts.map(([name]) => [name, { page: [], refusal: [] }]));
  try {
    for (let run = 0; run < Number(values.runs); run += 1) {
      // ABBA: the order turns each run, so a machine that speeds up or slows down favours neither.
      const order = run % 2 === 0 ? fronts : [...fronts].reverse();
      for (const [name, file] of order) {
        for (const mode of /** @type {(keyof typeof MODES)[]} */ (['page', 'refusal'])) {
          const r = await measure(file, mode, upstreamPort);
          results.get(name)?.[mode].push(r.usPerRequest);
          log(
            `run ${run + 1}, ${name}, ${mode}: ${r.usPerRequest.toFixed(0)} µs of the front's CPU a request, ${r.perSecond.toFixed(0)} a second, answers ${JSON.stringify(r.statuses)}`,
          );
        }
      }
    }
  } finally {
    await upstream.close();
    if (other) rmSync(other, { recursive: true, force: true });
  }
  const median = (/** @type {number[]} */ list) =>
    percentile(
      [...list].sort((a, b) => a - b),
      50,
    );
  console.log(
    `\nthe front's CPU a request (${COUNT.toLocaleString('en')} requests a run, ${CLIENTS} clients, median of ${values.runs} runs):`,
  );
  for (const [name, r] of results) {
    console.log(`  ${name}: a page let through ${median(r.page).toFixed(0)} µs, a refusal ${median(r.refusal).toFixed(0)} µs`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
