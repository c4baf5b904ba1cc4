// @ts-check
// The open loop both benchmarks load profile pages with (bench:load, and bench:burst for the
// capacity it doubles), and the capacity it finds: the highest arrival rate with p95 <= 50 ms,
// nothing shed and no error.
import { Pool } from 'undici';

import { cpu, memoryOf, PAGE_TOKEN_HEADER, percentile, tally } from './campaign.mjs';

// The profile page's one request (decision record 019), with the token where the SPA sends it
// (decision 047).
export const PAGE_PATH = '/api/portal/profile-page';

/**
 * The page loads of a benchmark's visitors: undici's pool, not Node's http client. The load
 * generator shares the machine's cores with PocketBase and the front, and every CPU second it
 * takes is one the server does not get: undici's request took 32-42 µs of the generator's CPU
 * against 56-92 µs for http.request (40,000 requests, 64 at a time, two runs each, 2026-11-27),
 * and its dispatch less again (docs/performance.md, round 10).
 * `get(headers)` resolves with the status and, for anything but 200, the parsed JSON body (null
 * when there is none); a failed connection or no answer within `timeoutMs` is `network`.
 * @param {string} url
 * @param {{ connections: number, localAddress?: string, timeoutMs: number }} options
 */
export function pageLoads(url, { connections, localAddress, timeoutMs }) {
  const pool = new Pool(url, {
    connections,
    localAddress,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 10_000,
  });
  // Through the pool's dispatch with a handler of its own, as the front relays a page (decision
  // 054): no response stream for an answer of a chunk or two.
  /** @typedef {{ status: number | 'network', body: any }} Answer */
  /** @param {Record<string, string>} headers @returns {Promise<Answer>} */
  const get = (headers) =>
    new Promise((resolve) => {
      let status = 0;
      /** @type {Buffer[]} */
      const chunks = [];
      pool.dispatch(
        { path: PAGE_PATH, method: 'GET', headers },
        {
          onConnect() {},
          onHeaders(/** @type {number} */ code) {
            status = code;
            return true;
          },
          onData(/** @type {Buffer} */ chunk) {
            if (status !== 200) chunks.push(chunk);
            return true;
          },
          onComplete() {
            if (status === 200) return resolve({ status: 200, body: null });
            let body = null;
            try {
              body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
            } catch {
              body = null;
            }
            resolve({ status, body });
          },
          onError() {
            resolve({ status: 'network', body: null });
          },
        },
      );
    });
  return { get, close: () => pool.destroy() };
}

/**
 * Calls `fire(due, i)` `total` times, `rate` a second from now, whether or not earlier calls have
 * finished (as independent visitors arrive); `due` is the moment call `i` was due. Returns the start.
 * @param {number} rate
 * @param {number} total
 * @param {(due: number, i: number) => void} fire
 */
export function atRate(rate, total, fire) {
  const t0 = performance.now();
  let started = 0;
  const tick = () => {
    const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate) + 1);
    for (; started < due; started += 1) fire(t0 + (started / rate) * 1000, started);
    if (started < total) setTimeout(tick, 1);
  };
  tick();
  return t0;
}

/**
 * Open loop: requests start at a constant arrival rate whether or not earlier ones have
 * answered (as independent visitors do), for `seconds`. Each latency is measured from the
 * moment the request was due, so a server that falls behind shows its queueing instead of
 * slowing the generator down (no coordinated omission).
 * @param {{ url: string, clients: { token: string }[], rate: number, seconds: number, pid: number | undefined }} options
 * @returns {Promise<{ latencies: number[], statuses: Map<number, number>, network: number, elapsed: number, maxRss: number }>}
 */
export function openLoop({ url, clients, rate, seconds, pid }) {
  const loads = pageLoads(url, { connections: 1024, timeoutMs: 30_000 });
  const total = Math.round(rate * seconds);
  /** @type {number[]} */
  const latencies = [];
  /** @type {Map<number, number>} */
  const statuses = new Map();
  let network = 0;
  let finished = 0;
  let maxRss = 0;
  return new Promise((resolve) => {
    const done = () => {
      if (finished < total) return;
      clearInterval(sampler);
      loads.close();
      resolve({ latencies, statuses, network, elapsed: (performance.now() - t0) / 1000, maxRss });
    };
    const sampler = setInterval(() => {
      maxRss = Math.max(maxRss, memoryOf(pid).rss);
    }, 200);
    const fire = (/** @type {number} */ due, /** @type {number} */ i) => {
      const { token } = /** @type {{ token: string }} */ (clients[i % clients.length]);
      loads.get({ [PAGE_TOKEN_HEADER]: token }).then(({ status }) => {
        latencies.push(performance.now() - due);
        if (status === 'network') network += 1;
        else tally(statuses, status);
        finished += 1;
        done();
      });
    };
    const t0 = atRate(rate, total, fire);
  });
}

/**
 * One rate held for `seconds`: what was achieved, the latencies, what was shed, memory and CPU.
 * @param {{ url: string, clients: { token: string }[], rate: number, seconds: number, pid: number | undefined }} options
 */
export async function measureRate({ url, clients, rate, seconds, pid }) {
  const pbBefore = cpu(pid);
  const selfBefore = process.cpuUsage();
  const r = await openLoop({ url, clients, rate, seconds, pid });
  const self = process.cpuUsage(selfBefore);
  r.latencies.sort((x, y) => x - y);
  const ok = r.statuses.get(200) ?? 0;
  const shed = (r.statuses.get(429) ?? 0) + (r.statuses.get(503) ?? 0);
  return {
    rate,
    achieved: Math.round(r.latencies.length / r.elapsed),
    ok,
    p50: percentile(r.latencies, 50),
    p95: percentile(r.latencies, 95),
    p99: percentile(r.latencies, 99),
    max: r.latencies.at(-1) ?? NaN,
    shed,
    errors: r.latencies.length - ok - shed,
    rssMb: r.maxRss,
    pbCpu: cpu(pid) - pbBefore,
    // PocketBase's CPU a page answered: the machine's speed at the time, to set against other runs'.
    pbMsPerPage: ((cpu(pid) - pbBefore) * 1000) / Math.max(1, ok),
    genCpu: (self.user + self.system) / 1e6,
  };
}

/** A rate the server keeps up with: p95 within 50 ms, nothing shed, no error. @param {{ p95: number, errors: number, shed: number }} row */
export const keptUp = (row) => row.p95 <= 50 && row.errors === 0 && row.shed === 0;

/** The warm-up bench:load starts with, a ramp as traffic after a deploy: each JS runtime loads its modules and prepares its statement. */
/** @param {{ url: string, clients: { token: string }[], pid: number | undefined }} options */
export async function warmUp({ url, clients, pid }) {
  for (const rate of [200, 400, 600, 800]) await openLoop({ url, clients, rate, seconds: 2, pid });
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

/**
 * Profile pages at `rate` a second from `clients` (each its own address) until `stop()`; latencies per phase.
 * @param {{ url: string, clients: { token: string, address?: string }[], rate: number, phaseOf: () => string }} options
 */
export function pageLoop({ url, clients, rate, phaseOf }) {
  const loads = clients.map((c) => pageLoads(url, { connections: 2, localAddress: c.address, timeoutMs: 60_000 }));
  /** @type {Map<string, { latencies: number[], errors: Map<number | 'network', number> }>} */
  const byPhase = new Map();
  let stopped = false;
  let pending = 0;
  /** @param {string} phase @param {{ ok: boolean, ms: number, status: number | 'network' }} entry */
  const record = (phase, entry) => {
    const p = byPhase.get(phase) ?? { latencies: /** @type {number[]} */ ([]), errors: new Map() };
    if (entry.ok) p.latencies.push(entry.ms);
    else p.errors.set(entry.status, (p.errors.get(entry.status) ?? 0) + 1);
    byPhase.set(phase, p);
  };
  const fire = async (/** @type {number} */ due, /** @type {number} */ i) => {
    if (stopped) return;
    pending += 1;
    const c = i % clients.length;
    const phase = phaseOf();
    const client = /** @type {{ token: string }} */ (clients[c]);
    const { status } = await /** @type {ReturnType<typeof pageLoads>} */ (loads[c]).get({ [PAGE_TOKEN_HEADER]: client.token });
    // From the moment the page was due: a late start is part of what the visitor waits.
    record(phase, { ok: status === 200, ms: performance.now() - due, status });
    pending -= 1;
  };
  atRate(rate, Number.MAX_SAFE_INTEGER, fire);
  return {
    byPhase,
    async stop() {
      stopped = true;
      while (pending > 0) await new Promise((r) => setTimeout(r, 50));
      for (const l of loads) await l.close();
    },
  };
}
