// @ts-check
// bench:burst's first phase, the rush (scripts/bench/burst.mjs), and the timing helpers its
// phases share.
import PocketBase from 'pocketbase';

import { CENTRES, id15, PASSWORD, percentile, signUpBody } from './campaign.mjs';

export const settle = () => new Promise((r) => setTimeout(r, 600));

/** @param {() => Promise<unknown>} fn @returns {Promise<{ ok: boolean, ms: number, error?: string }>} */
export const timed = async (fn) => {
  const t0 = performance.now();
  try {
    await fn();
    return { ok: true, ms: performance.now() - t0 };
  } catch (caught) {
    const err = /** @type {{ status?: number, message?: string }} */ (caught);
    return { ok: false, ms: performance.now() - t0, error: `${err?.status ?? ''} ${err?.message ?? err}`.trim() };
  }
};

/** What the app's registration sends. */
export const signUpData = (/** @type {string} */ email) => signUpBody(email, { shopName: 'Kfz-Betrieb Ansturm' });

export const fmt = (/** @type {number | undefined} */ n) => (n !== undefined && Number.isFinite(n) ? n.toFixed(0) : '-');
export const dist = (/** @type {{ ms: number }[]} */ list) => {
  const ms = list.map((r) => r.ms).sort((a, b) => a - b);
  return `p50 ${fmt(percentile(ms, 50))} ms, p95 ${fmt(percentile(ms, 95))} ms, max ${fmt(ms.at(-1))} ms`;
};

/**
 * n sign-ups at the same instant, each as the app registers; prints what came of them.
 * @param {{ n: number, server: any, front: any, newVisitor: () => any, counters: { waited: number }, meters: { cpuNow: () => any, cpuSince: (cpu0: any) => string }, log: (msg: string) => void }} run
 */
export async function rush({ n, server, front, newVisitor, counters, meters, log }) {
  const { cpuNow, cpuSince } = meters;
  log(`1. ${n} sign-ups at the same instant...`);
  counters.waited = 0;
  const before = { ...front.stats };
  const cpu0 = cpuNow();
  const t0 = performance.now();
  // Each as the app registers (src/features/registration/api/register-workshop.ts): the
  // account, the login, a link to a centre, the verification mail. An error in the first two
  // is shown to the workshop; a failed link shows the notice to add the centre again, a failed
  // mail request only logs.
  let linksFailed = 0;
  let lastAccount = 0;
  const results = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      timed(async () => {
        const pb = newVisitor();
        const email = `ansturm-${i}@bench.test`;
        await pb.collection('users').create(signUpData(email));
        lastAccount = performance.now() - t0;
        const auth = await pb.collection('users').authWithPassword(email, PASSWORD);
        await pb
          .collection('user_lz_connections')
          .create({ user: auth.record.id, noraLz: id15('lz', i % CENTRES), customerNumber: `AN${i}` })
          .catch(() => (linksFailed += 1));
        await pb
          .collection('users')
          .requestVerification(email)
          .catch(() => {});
      }),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpuSpent = cpuSince(cpu0);
  await settle();
  const su = new PocketBase(server.url);
  await su.collection('_superusers').authWithPassword(server.superuser.email, server.superuser.password);
  const created = (await su.collection('users').getList(1, 1, { filter: 'email ~ "ansturm-%"' })).totalItems;
  const errors = results.filter((r) => !r.ok);
  console.log(
    `\n1. rush: ${n} sign-ups at once (each as the app registers: account, login, centre link, verification mail): ` +
      `${created} accounts created, ${errors.length} errors shown, ${linksFailed} centre links failed; the last account after ` +
      `${(lastAccount / 1000).toFixed(1)} s, the last registration through after ${seconds.toFixed(1)} s; ` +
      `${dist(results)}; ${counters.waited} visitors waited; front: ${front.stats.waited - before.waited} waited in line, ` +
      `${front.stats.refusedBusy - before.refusedBusy + front.stats.timedOut - before.timedOut} refused and repeated; ${cpuSpent}`,
  );
  for (const e of errors.slice(0, 5)) console.log(`   error: ${e.error}`);
}
