#!/usr/bin/env node
// @ts-check
// `npm run bench:burst [-- --workshops 40000 --rows 2400000 --rate auto --seconds 30]` (issue 32,
// decision 030). The portal as `npm start` runs it: PocketBase behind the front, the campaign at
// its size. Every visitor is a loopback address of its own (127.x.y.z), so the front's fairness
// sees them as the different people they stand for. Clients that write use the app's own repeat
// logic (src/lib/repeat.ts, compiled for Node at start).
//
// 1. The rush: 200 sign-ups at the same instant, each as the app registers (the account, the
//    login, a centre link, the verification mail). Accounts created, errors shown, seconds until
//    the last account exists and until the last registration is through.
// 2. Reads at twice capacity for --seconds: the capacity is measured first, in the same run, as
//    bench:load measures it (the highest arrival rate at which PocketBase answers with p95 <= 50
//    ms, nothing shed, no error), so that "twice" holds on the machine at hand (--rate N sets a
//    fixed rate instead; 3,000 was twice the 1,500/s bench:load measured on an earlier machine).
//    At the end PocketBase's CPU a page is measured again at three quarters of that rate, to show
//    whether the machine's speed changed during the run.
//    During it 50 sign-ups, 50 logins and 50 redemptions
//    with a 1 MB PDF, spread over the run: their successes and p50/p95, and peak memory.
// 3. The same with 32 uploads that announce a body and never send it (kept up for the whole run)
//    and one address flooding from the start: the other visitors' success rate.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import PocketBase from 'pocketbase';
import { FormData } from 'undici';

import { memoryOf, openCodes, PASSWORD, pdfOf, percentile, redemptionForm, seededPortal } from './lib/campaign.mjs';
import { spawnFront } from './lib/front-process.mjs';
import { loadRepeat } from './lib/repeat-module.mjs';
import { keptUp, measureRate, warmUp } from './lib/open-loop.mjs';
import { flood, repeatedReads, stalledUploads } from './lib/burst-loads.mjs';
import { dist, fmt, rush, settle, signUpData, timed } from './lib/burst-rush.mjs';
import { phaseMeters } from './lib/phase-meters.mjs';
import { addressOf, clientFrom, closeVisitors } from './lib/visitors.mjs';

const { values } = parseArgs({
  options: {
    workshops: { type: 'string', default: '40000' },
    rows: { type: 'string', default: '2400000' },
    rate: { type: 'string', default: 'auto' },
    seconds: { type: 'string', default: '30' },
    signups: { type: 'string', default: '200' },
    // 0 alone: measure the capacity and stop (to compare measurements on the machine at hand).
    only: { type: 'string', default: '1,2,3' },
    // Seconds each rate of the capacity measurement is held: bench:load's own default (10), so
    // that a fast or slow few seconds of this machine do not decide the rate phases 2 and 3 read at.
    'capacity-seconds': { type: 'string', default: '10' },
    // Whether refused page loads are repeated as the app repeats them (default) or counted as refused.
    'read-repeats': { type: 'string', default: 'true' },
    // Diagnosis: the front's numbers (decision 030), e.g. --front '{"maxWrites":4}'.
    front: { type: 'string', default: '{}' },
    // Writes of each kind during the reads (sign-ups, logins, redemptions).
    writes: { type: 'string', default: '50' },
    // Connections each visitor address opens at most (the front's perAddressConnections).
    'visitor-connections': { type: 'string', default: '64' },
  },
});
// The read rate of phases 2 and 3: twice the capacity measured at the start, or --rate.
let RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const CAPACITY_SECONDS = Number(values['capacity-seconds']);
const ONLY = values.only.split(',').map(Number);
const log = (/** @type {string} */ msg) => console.log(`[bench:burst] ${msg}`);

/**
 * A visitor's client, sending through the app's repeat logic.
 * @param {string} url @param {string} address @param {import('./lib/repeat-module.mjs').Repeat} repeat @param {{ waited: number }} counters
 */
const visitor = (url, address, repeat, counters) =>
  clientFrom(url, address, (send) => repeat.withRepeats(send, { onWait: () => (counters.waited += 1) }));

async function main() {
  const repeat = await loadRepeat();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-burst-'));
  /** @type {import('./lib/front-process.mjs').FrontProcess | null} */
  let front = null;
  /** @type {Awaited<ReturnType<typeof seededPortal>>['server'] | null} */
  let server = null;
  try {
    // PocketBase trusts the front's X-Forwarded-For; its own rate limiter sees each visitor (the
    // set-up, straight from 127.0.0.1, is left out).
    const seeded = await seededPortal({
      dataDir,
      workshops: Number(values.workshops),
      rows: Number(values.rows),
      env: { PORTAL_BEHIND_FRONT: 'true', PORTAL_RATE_LIMIT_EXCLUDED_IPS: '127.0.0.1' },
      log,
    });
    const { restart } = seeded;
    let portal = seeded.server;
    server = portal;
    /** @type {{ token: string, address: string }[]} */
    const readers = [];
    const workshops = Number(values.workshops);
    for (let i = 0; i < 200; i += 1) {
      const pb = new PocketBase(portal.url);
      const auth = await pb.collection('users').authWithPassword(`werkstatt${Math.floor((i * workshops) / 200)}@bench.test`, PASSWORD);
      readers.push({ token: auth.token, address: addressOf(1000 + i) });
    }
    const direct = readers.map((r) => ({ token: r.token }));
    // Every rate PocketBase kept up with, straight to it (rows of measureRate); the last is the
    // capacity.
    const keptUpRows = [];
    let capacity = null;
    if (values.rate === 'auto' && (ONLY.includes(0) || ONLY.includes(2) || ONLY.includes(3))) {
      // Capacity as bench:load measures it, straight to PocketBase (whose own limiter leaves
      // 127.0.0.1 alone): rates one after another, each held as long as bench:load holds it (10 s),
      // up to the first it cannot keep up with.
      log(`measuring the capacity as bench:load does (straight to PocketBase, ${CAPACITY_SECONDS} s a rate)...`);
      await warmUp({ url: portal.url, clients: direct, pid: portal.child.pid });
      // 250, 500, then a tenth more each time (550, 610, 670, ...): 2x a step too coarse would be far off.
      const rates = [250, 500];
      for (let last = 500; last < 4000; rates.push(last)) last = Math.round((last * 1.1) / 10) * 10;
      for (const rate of rates) {
        const row = await measureRate({ url: portal.url, clients: direct, rate, seconds: CAPACITY_SECONDS, pid: portal.child.pid });
        log(
          `  ${rate}/s: p95 ${row.p95.toFixed(1)} ms, ${row.shed} shed, ${row.errors} errors, CPU s PocketBase ${row.pbCpu.toFixed(1)} ` +
            `(${row.pbMsPerPage.toFixed(2)} ms a page)`,
        );
        if (!keptUp(row)) break;
        keptUpRows.push(row);
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      capacity = keptUpRows.at(-1) ?? null;
      if (!capacity) throw new Error('PocketBase kept up with no rate; is the machine busy?');
      RATE = 2 * capacity.rate;
      console.log(
        `\ncapacity: ${capacity.rate} pages/s (p95 <= 50 ms, nothing shed, no error); phases 2 and 3 read at twice that, ${RATE}/s`,
      );
      // The measurement ends past what PocketBase keeps up with, and Go keeps the memory that
      // took: the phases start on a fresh PocketBase on the same data, so their peaks are theirs.
      portal = await restart();
      server = portal;
    }
    if (!ONLY.some((n) => n > 0)) return;
    // The front in a process of its own (as under `npm start`, apart from this load generator);
    // it reports its counters on stdout once a second.
    const fr = await spawnFront({ upstream: portal.url, limits: JSON.parse(values.front), name: 'bench:burst' });
    front = fr;
    const url = fr.url;
    log(`front ${url} (limits ${JSON.stringify(fr.limits)}), PocketBase ${portal.url}`);
    const frontPid = fr.pid;
    let pbPeak = 0;
    let frontPeak = 0;
    let sampleFailed = false;
    const sampler = setInterval(() => {
      // A failed read (a process gone, no file descriptor left) must not end the run before its
      // clean-up: PocketBase and its data dir would stay behind.
      try {
        pbPeak = Math.max(pbPeak, memoryOf(portal.child.pid).rss);
        frontPeak = Math.max(frontPeak, memoryOf(frontPid).rss);
      } catch (err) {
        const failure = /** @type {NodeJS.ErrnoException} */ (err);
        if (!sampleFailed) log(`memory sample failed: ${failure.code ?? failure.message}`);
        sampleFailed = true;
      }
    }, 200);

    // Workshops for logins, reads and redemptions: seeded ones, with their open code.
    const open = openCodes(dataDir, { limit: 400, atLeast: 200 });
    const { cpuNow, cpuSince, stepsOf } = phaseMeters({ pbPid: portal.child.pid, front: fr });
    let visitorNo = 0;
    const counters = { waited: 0 };
    const newVisitor = () => visitor(url, addressOf(visitorNo++), repeat, counters);

    if (ONLY.includes(1))
      await rush({ n: Number(values.signups), server: portal, front: fr, newVisitor, counters, meters: { cpuNow, cpuSince }, log });

    /**
     * @param {'a' | 'b'} label
     * @param {{ end: () => Promise<{ stalledClosed: number, flooded: Map<number | 'network', number> }> }} [extra]
     */
    const writesDuringReads = async (label, extra) => {
      counters.waited = 0;
      pbPeak = 0;
      frontPeak = 0;
      const before = { ...fr.stats };
      const cpu0 = cpuNow();
      const pdf = pdfOf(1024 * 1024);
      const jobs = [];
      const at = (/** @type {number} */ i, /** @type {number} */ n) => 2000 + ((SECONDS - 7) * 1000 * i) / Math.max(1, n);
      const delay = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
      const perKind = Number(values.writes);
      for (let i = 0; i < perKind; i += 1) {
        const email = `${label}-neu-${i}@bench.test`;
        jobs.push(
          delay(at(i, 50))
            .then(() => timed(() => newVisitor().collection('users').create(signUpData(email))))
            .then((r) => ({ ...r, kind: 'sign-up' })),
        );
        const login = /** @type {(typeof open)[number]} */ (open[i + (label === 'b' ? 50 : 0)]);
        jobs.push(
          delay(at(i, perKind) + 300)
            .then(() => timed(() => newVisitor().collection('users').authWithPassword(login.email, PASSWORD)))
            .then((r) => ({ ...r, kind: 'login' })),
        );
        const redeem = /** @type {(typeof open)[number]} */ (open[100 + i + (label === 'b' ? 50 : 0)]);
        jobs.push(
          delay(at(i, perKind) + 600).then(async () => {
            const pb = newVisitor();
            // The workshop's login before it redeems: a failed one is a failed redemption (what
            // the workshop would see), not the end of the run.
            let user = '';
            const login = await timed(async () => {
              user = (await pb.collection('users').authWithPassword(redeem.email, PASSWORD)).record.id;
            });
            if (!login.ok) return { ...login, error: `login before redeeming: ${login.error}`, kind: 'redemption' };
            const form = redemptionForm(user, redeem, pdf, FormData);
            const r = await timed(() => pb.collection('submissions').create(form));
            return { ...r, kind: 'redemption' };
          }),
        );
      }
      const steps = stepsOf();
      // Each visitor address's page loads, up to --visitor-connections at a time (64: the front's
      // bound of connections per address).
      const reads = repeatedReads({
        url,
        clients: readers,
        rate: RATE,
        seconds: SECONDS,
        repeat,
        connections: Number(values['visitor-connections']),
        repeatReads: values['read-repeats'] !== 'false',
      });
      const [readResult, writes] = await Promise.all([reads, Promise.all(jobs)]);
      const stepsLine = steps();
      const extraResult = await extra?.end();
      const cpuSpent = cpuSince(cpu0, fr.stats.admitted - before.admitted);
      await settle();
      const readOk = readResult.final.get(200) ?? 0;
      const firstOk = readResult.first.get(200) ?? 0;
      const readTotal = readResult.latencies.length;
      readResult.latencies.sort((a, b) => a - b);
      console.log(
        `\n${label === 'a' ? '2' : '3'}. ${RATE} profile pages/s for ${SECONDS} s${extra ? ' with 32 stalled uploads and one flooding address' : ''}:`,
      );
      console.log(
        `   reads: ${firstOk} of ${readTotal} answered at once (${((100 * firstOk) / readTotal).toFixed(1)} %), ${readOk} in the end with the app's repeats ` +
          `(${((100 * readOk) / readTotal).toFixed(1)} %); first answers ${JSON.stringify(Object.fromEntries(readResult.first))}; ` +
          `until answered p50 ${fmt(percentile(readResult.latencies, 50))} ms, p95 ${fmt(percentile(readResult.latencies, 95))} ms; ` +
          `${readResult.elapsed.toFixed(1)} s until the last; ${cpuSpent}`,
      );
      // The margin the phase had: what went through the front a second until the last read was
      // answered, against the capacity measured straight to PocketBase. Twice the capacity for
      // --seconds, with the app's 30 s of repeats, needs about the capacity itself.
      const through = (fr.stats.admitted - before.admitted) / readResult.elapsed;
      console.log(
        `   through the front: ${fmt(through)} requests a second until the last read` +
          (capacity ? ` (${(through / capacity.rate).toFixed(2)} × the capacity)` : ''),
      );
      console.log(stepsLine);
      for (const kind of ['sign-up', 'login', 'redemption']) {
        const list = writes.filter((w) => w.kind === kind);
        console.log(`   ${kind}s: ${list.filter((w) => w.ok).length} of ${list.length} succeeded; ${dist(list)}`);
        for (const e of list.filter((w) => !w.ok).slice(0, 3)) console.log(`     error: ${e.error}`);
      }
      const writeOk = writes.filter((w) => w.ok).length;
      console.log(
        `   writes: ${writeOk} of ${writes.length} succeeded; ${counters.waited} repeated after a refusal; front: ${fr.stats.waited - before.waited} waited in line, ` +
          `peak in flight ${fr.stats.peakInFlight}; ` +
          `front over the phase: ${fr.stats.admitted - before.admitted} admitted, ${fr.stats.refusedBusy - before.refusedBusy + fr.stats.readsTimedOut - before.readsTimedOut} refused (portal full), ` +
          `${fr.stats.readsWaited - before.readsWaited} reads waited in line (the line's longest since the front started: ${fr.stats.peakReadLine}), ` +
          `${fr.stats.readsDisplaced - before.readsDisplaced} displaced from the reads' line by an older ticket, ` +
          `${fr.stats.refusedAddress - before.refusedAddress} (per address), ${fr.stats.refusedConnections - before.refusedConnections} connections refused`,
      );
      console.log(`   peak RSS: PocketBase ${fmt(pbPeak)} MB, front ${fmt(frontPeak)} MB`);
      if (extraResult) {
        const others = readOk + writeOk;
        const othersTotal = readTotal + writes.length;
        console.log(
          `   the other visitors (every read and write): ${others} of ${othersTotal} succeeded (${((100 * others) / othersTotal).toFixed(2)} %); writes alone ${writeOk} of ${writes.length}; flooding address: ${JSON.stringify(Object.fromEntries(extraResult.flooded))}; ` +
            `stalled uploads ended by the front: ${extraResult.stalledClosed}`,
        );
      }
      return { readOk, readTotal, writeOk, writes: writes.length };
    };

    if (ONLY.includes(2)) {
      log(`2. ${RATE} profile pages/s for ${SECONDS} s, with 150 writes...`);
      await writesDuringReads('a');
    }
    if (ONLY.includes(3)) {
      log(`3. the same with 32 stalled uploads and one flooding address...`);
      const stalled = stalledUploads(url, 32, SECONDS);
      const stopFlood = flood(url, 64);
      await writesDuringReads('b', {
        end: async () => ({ stalledClosed: stalled.end(), flooded: await stopFlood() }),
      });
    }
    clearInterval(sampler);
    console.log(`\nPocketBase peak RSS over the run (VmHWM): ${fmt(memoryOf(portal.child.pid).peak)} MB`);
    if (capacity) {
      // The machine's speed once more, as at the start (a fresh PocketBase, warmed up, straight
      // to it): it changes within minutes, and a run whose machine slowed under it says so here.
      // Not at the capacity's own rate: that is the last before PocketBase's JS runtimes ran out
      // (decision 050), where a slightly slower second tips it over; at about three quarters.
      await fr.close();
      front = null;
      portal = await restart();
      server = portal;
      await warmUp({ url: portal.url, clients: direct, pid: portal.child.pid });
      const before = keptUpRows.filter((row) => row.rate <= 0.75 * capacity.rate).at(-1) ?? capacity;
      const again = await measureRate({
        url: portal.url,
        clients: direct,
        rate: before.rate,
        seconds: CAPACITY_SECONDS,
        pid: portal.child.pid,
      });
      console.log(
        `the machine after the phases: at ${before.rate}/s PocketBase took ${again.pbMsPerPage.toFixed(2)} ms a page against ` +
          `${before.pbMsPerPage.toFixed(2)} at the start (p95 ${again.p95.toFixed(1)} ms, ${again.shed} shed, ${again.errors} errors)`,
      );
    }
  } finally {
    await front?.close();
    await server?.stop();
    await closeVisitors();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
