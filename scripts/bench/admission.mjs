#!/usr/bin/env node
// @ts-check
// `npm run bench:admission [-- --rate 2880 --seconds 30 --slow 1 --runs 3 --against REV]`
// (issue 32): phase 3 of bench:burst on a simulated clock. The front's own admission
// (createAdmission of scripts/lib/front.mjs, or of another checkout's with --against) and the
// app's own repeat logic (src/lib/repeat.ts) decide every refusal, wait and place in line; only
// the machine is a model: two cores shared by PocketBase, the front and the visitors' process,
// each request costing them the CPU bench:burst measured, the writes' password hashes taking half
// a core from the 2nd to the 25th second. Runs take seconds and the same seed gives the same run,
// so two admissions can be compared without the hour's noise (the same code's phase 3 spread
// over 18 points in real runs, docs/performance.md round 11). A model, not a measurement: what it
// shows is checked with bench:burst before anything is taken.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ROOT } from '../lib/pocketbase.mjs';
import { mulberry32 } from '../lib/random.mjs';
import { loadRepeat } from './lib/repeat-module.mjs';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '2880' },
    seconds: { type: 'string', default: '30' },
    // The machine's slowness: every cost times this (1.2: a fifth slower than the calibration).
    slow: { type: 'string', default: '1' },
    runs: { type: 'string', default: '3' },
    // Another revision's admission beside this checkout's, same seeds.
    against: { type: 'string' },
    // The front's numbers, as bench:burst's --front.
    front: { type: 'string', default: '{}' },
    addresses: { type: 'string', default: '200' },
    // Print the steps of 5 s of each run.
    steps: { type: 'boolean', default: false },
  },
});

// CPU milliseconds at --slow 1, from phase 3 of bench:burst (docs/performance.md rounds 10-11):
// PocketBase's page when it is not hashing passwords (0.41-0.50 ms in the steps after the
// writes), the front's page let through and refusal (bench:front: 89 and 69 µs, with the rest
// of its work in phase 3: the writes' bodies, the flood, timers), the visitors' process per
// request (18-22 core-s for 150,000-170,000 requests).
const COST = { page: 0.48, frontPage: 0.11, frontRefusal: 0.09, visitor: 0.1, writesCores: 0.45, floodCores: 0.05 };
const CORES = 2;

/** @typedef {{ t: number, n: number, fn: () => void, cancelled: boolean }} TimedEvent */

/** A min-heap of timed events. */
function eventQueue() {
  /** @type {TimedEvent[]} */
  const heap = [];
  let order = 0;
  /** @param {TimedEvent} a @param {TimedEvent} b */
  const less = (a, b) => a.t < b.t || (a.t === b.t && a.n < b.n);
  return {
    /** @param {number} t @param {() => void} fn */
    push(t, fn) {
      const e = { t, n: order++, fn, cancelled: false };
      heap.push(e);
      let i = heap.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        const child = /** @type {TimedEvent} */ (heap[i]);
        const parent = /** @type {TimedEvent} */ (heap[p]);
        if (!less(child, parent)) break;
        [heap[i], heap[p]] = [parent, child];
        i = p;
      }
      return e;
    },
    peek: () => heap[0],
    pop() {
      const top = heap[0];
      const last = /** @type {TimedEvent} */ (heap.pop());
      /** @param {number} k */
      const at = (k) => /** @type {TimedEvent} */ (heap[k]);
      if (heap.length > 0) {
        heap[0] = last;
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          const r = l + 1;
          let m = i;
          if (l < heap.length && less(at(l), at(m))) m = l;
          if (r < heap.length && less(at(r), at(m))) m = r;
          if (m === i) break;
          [heap[i], heap[m]] = [at(m), at(i)];
          i = m;
        }
      }
      return top;
    },
  };
}

const drain = () => new Promise((resolve) => setImmediate(resolve));

/**
 * One simulated phase 3 with `createAdmission`; returns its figures.
 * @param {typeof import('../lib/front.mjs').createAdmission} createAdmission
 * @param {import('./lib/repeat-module.mjs').Repeat} repeat
 * @param {{ rate: number, seconds: number, slow: number, seed: number, limits: typeof import('../lib/front.mjs').FRONT_DEFAULTS, addresses: number }} options
 */
async function simulate(createAdmission, repeat, { rate, seconds, slow, seed, limits, addresses }) {
  // Both admissions see the same visitors and the same jitter.
  const rng = mulberry32(seed);
  const events = eventQueue();
  const START = 1_800_000_000_000;
  let now = START;
  const real = { setTimeout, clearTimeout, setInterval };
  // The admission's own timers (its lines' waits, its sweep) run on the simulated clock.
  const clock = /** @type {any} */ (globalThis);
  clock.setTimeout = (/** @type {(...args: unknown[]) => void} */ fn, ms = 0, /** @type {unknown[]} */ ...args) =>
    events.push(now + Math.max(1, ms), () => fn(...args));
  clock.clearTimeout = (/** @type {TimedEvent | undefined} */ e) => {
    if (e && typeof e === 'object') e.cancelled = true;
  };
  clock.setInterval = () => ({ unref() {} });
  const admission = createAdmission(limits, () => now);
  const cost = /** @type {typeof COST} */ (Object.fromEntries(Object.entries(COST).map(([k, v]) => [k, v * slow])));
  const total = Math.round(rate * seconds);
  /** @type {Map<string, number>} */
  const open = new Map();
  /** @type {(() => void)[]} */
  const inFlight = [];
  let spent = 0; // the front's and the visitors' CPU ms in the current ms
  let credit = 0; // PocketBase's CPU ms not used yet
  let finished = 0;
  let answered = 0;
  /** @type {{ through: number, refused: number, idleMs: number }[]} */
  const steps = [];
  const step = (/** @type {number} */ t) => {
    const i = Math.floor((t - START) / 5000);
    while (steps.length <= i) steps.push({ through: 0, refused: 0, idleMs: 0 });
    return /** @type {(typeof steps)[number]} */ (steps[i]);
  };
  // Refusals the front makes before admission (an address over its open requests).
  let overShare = 0;

  const visitor = (/** @type {number} */ i) => {
    const address = `a${i % addresses}`;
    const started = now;
    let since = 0;
    let ticketed = false;
    const end = (/** @type {boolean} */ ok) => {
      finished += 1;
      if (ok) answered += 1;
    };
    /** @param {{ statusCode: number, retryAfter: number, tarpit?: boolean, since?: number }} err */
    const refused = (err) => {
      step(now).refused += 1;
      spent += cost.frontRefusal;
      const answer = () => {
        // The refusal's wait as the app reads it from the front's body (src/lib/repeat.ts).
        const { retryAfterMs } = /** @type {{ retryAfterMs: number }} */ (
          repeat.notProcessed({
            status: err.statusCode,
            response: { notProcessed: true, retryAfter: err.retryAfter },
          })
        );
        const wait = repeat.nextRepeat(retryAfterMs, now - started, undefined, rng);
        if (wait === null) return end(false);
        if (err.since !== undefined) {
          since = err.since;
          ticketed = true;
        }
        events.push(now + Math.max(1, Math.round(wait)), send);
      };
      if (err.tarpit && limits.tarpitMs > 0) events.push(now + limits.tarpitMs, answer);
      else answer();
    };
    const send = () => {
      spent += cost.visitor;
      if ((open.get(address) ?? 0) >= limits.perAddressOpen) {
        overShare += 1;
        return refused({ statusCode: 429, retryAfter: 1, tarpit: true });
      }
      // The ticket of the last refusal of a full portal (decision 047), as the front reads it back.
      const visitSince = ticketed ? since : now;
      const refusal = admission.refusalNow(address, 'read', visitSince, ticketed);
      if (refusal) return refused(refusal);
      open.set(address, (open.get(address) ?? 0) + 1);
      admission.acquire(address, 'read', visitSince, ticketed).then(
        (/** @type {() => void} */ release) => {
          spent += cost.frontPage / 2;
          inFlight.push(() => {
            spent += cost.frontPage / 2;
            step(now).through += 1;
            open.set(address, (open.get(address) ?? 1) - 1);
            release();
            end(true);
          });
        },
        (/** @type {any} */ err) => {
          open.set(address, (open.get(address) ?? 1) - 1);
          refused(err);
        },
      );
    };
    send();
  };
  for (let i = 0; i < total; i += 1) events.push(START + Math.floor((i / rate) * 1000), () => visitor(i));
  let cpuPb = 0;
  let cpuOther = 0;
  while (finished < total) {
    now += 1;
    for (let e = events.peek(); e && e.t <= now; e = events.peek()) {
      events.pop();
      if (!e.cancelled) e.fn();
    }
    await drain();
    // This millisecond's CPU: the writes' hashes and the flood first, then the front's and the
    // visitors' work, and what is left goes to PocketBase's pages in flight.
    const t = (now - START) / 1000;
    const background = cost.floodCores + (t >= 2 && t < 25 ? cost.writesCores : 0);
    cpuOther += spent;
    credit += CORES - background - spent;
    spent = 0;
    if (inFlight.length === 0) {
      if (credit > 0) step(now).idleMs += credit / CORES;
      credit = Math.min(credit, 0);
    }
    while (inFlight.length > 0 && credit >= cost.page) {
      credit -= cost.page;
      cpuPb += cost.page;
      inFlight.shift()?.();
    }
    credit = Math.min(credit, CORES);
    await drain();
    if (now - START > (seconds + 120) * 1000) break;
  }
  Object.assign(globalThis, real);
  return {
    answered: (100 * answered) / total,
    lastSecond: (now - START) / 1000,
    overShare,
    stats: admission.stats,
    cpuPb: cpuPb / 1000,
    cpuOther: cpuOther / 1000,
    steps,
  };
}

/** The admission of another revision, from a worktree with this checkout's node_modules. @param {string} rev */
function admissionOf(rev) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-admission-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, rev], { cwd: ROOT, stdio: 'ignore' });
  if (!existsSync(path.join(dir, 'node_modules'))) symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return {
    root: dir,
    file: path.join(dir, 'scripts', 'lib', 'front.mjs'),
    remove: () => {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const candidates = [{ name: 'this checkout', root: ROOT, file: path.join(ROOT, 'scripts', 'lib', 'front.mjs') }];
const other = values.against ? admissionOf(values.against) : null;
if (other) candidates.push({ name: String(values.against), root: other.root, file: other.file });
try {
  const loaded = [];
  for (const c of candidates) {
    const mod = await import(c.file);
    // Each admission with the app's repeat logic of its own revision (a refusal's body and the app's reading of it go together).
    loaded.push({
      ...c,
      repeat: await loadRepeat(c.root),
      createAdmission: mod.createAdmission,
      limits: { ...mod.FRONT_DEFAULTS, ...JSON.parse(values.front) },
    });
  }
  const params = {
    rate: Number(values.rate),
    seconds: Number(values.seconds),
    slow: Number(values.slow),
    addresses: Number(values.addresses),
  };
  console.log(
    `phase 3 simulated: ${params.rate} pages/s for ${params.seconds} s from ${params.addresses} addresses, the machine ${params.slow} times the calibration's cost`,
  );
  for (let run = 1; run <= Number(values.runs); run += 1) {
    for (const c of loaded) {
      const r = await simulate(c.createAdmission, c.repeat, { ...params, seed: run, limits: c.limits });
      console.log(
        `run ${run}, ${c.name}: ${r.answered.toFixed(2)} % answered, last at ${r.lastSecond.toFixed(1)} s; CPU s PocketBase ${r.cpuPb.toFixed(1)}, ` +
          `front and visitors ${r.cpuOther.toFixed(1)}; admitted ${r.stats.admitted}, refused ${r.stats.refusedBusy + r.stats.readsTimedOut} (portal full), ` +
          `${r.stats.readsDisplaced} displaced from the reads' line, ${r.overShare + r.stats.refusedAddress} (per address: open, or in flight too long)`,
      );
      if (values.steps) {
        console.log(`   through ${r.steps.map((s) => Math.round(s.through / 5)).join(' ')} a second`);
        console.log(`   refused ${r.steps.map((s) => Math.round(s.refused / 5)).join(' ')} a second`);
        console.log(`   idle    ${r.steps.map((s) => (s.idleMs / 5000).toFixed(2)).join(' ')} of the time`);
      }
    }
  }
} finally {
  other?.remove();
}
