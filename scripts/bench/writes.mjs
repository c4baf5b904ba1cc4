#!/usr/bin/env node
// @ts-check
// `npm run bench:writes [-- --workshops 40000 --rows 2400000 --count 20]` (decision 052).
// PocketBase's CPU for each kind of write a workshop makes, one after another, straight to
// PocketBase on the seeded campaign: a sign-up as the app sends it (the password under its own
// key) against one that sends `password` (PocketBase hashes that twice), a login, and a
// redemption with a 1 MB PDF invoice. The figures say what the writes take from the reads in
// `bench:burst`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import PocketBase from 'pocketbase';

import { cpu, openCodes, PASSWORD, pdfOf, redemptionForm, seededPortal, SIGN_UP_PASSWORD, signUpBody } from './lib/campaign.mjs';

const { values } = parseArgs({
  options: {
    workshops: { type: 'string', default: '40000' },
    rows: { type: 'string', default: '2400000' },
    count: { type: 'string', default: '20' },
  },
});
const COUNT = Number(values.count);
const log = (/** @type {string} */ msg) => console.log(`[bench:writes] ${msg}`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-writes-'));
// One address asks for everything here; PocketBase's rate limits per address are not measured.
const { server } = await seededPortal({
  dataDir,
  workshops: Number(values.workshops),
  rows: Number(values.rows),
  env: { PORTAL_RATE_LIMIT_EXCLUDED_IPS: '127.0.0.1' },
  log,
});
try {
  const open = openCodes(dataDir, { limit: 2 * COUNT + 4 });

  const client = () => {
    const pb = new PocketBase(server.url);
    pb.autoCancellation(false);
    return pb;
  };
  /**
   * Runs `write(i)` once to warm up, then COUNT times; PocketBase's CPU and the time, each.
   * @param {(i: number) => Promise<unknown>} write
   */
  const measure = async (write) => {
    await write(-1);
    const cpu0 = cpu(server.child.pid);
    const t0 = performance.now();
    for (let i = 0; i < COUNT; i += 1) await write(i);
    return { cpuMs: ((cpu(server.child.pid) - cpu0) / COUNT) * 1000, wallMs: (performance.now() - t0) / COUNT };
  };
  const signUp = (/** @type {string} */ key, /** @type {string} */ tag) => (/** @type {number} */ i) =>
    client()
      .collection('users')
      .create(signUpBody(`${tag}-${i + 1}@bench.test`, { key }));
  /** @type {[string, { cpuMs: number, wallMs: number }][]} */
  const results = [];
  /** The `i`th open code and its workshop. @param {number} i */
  const code = (i) => {
    const c = open[i];
    if (!c) throw new Error(`only ${open.length} open codes seeded`);
    return c;
  };
  log(`${COUNT} of each kind, one after another...`);
  results.push(['sign-up with `password`', await measure(signUp('password', 'doppelt'))]);
  results.push(['sign-up as the app sends it', await measure(signUp(SIGN_UP_PASSWORD, 'einmal'))]);
  results.push([
    'login',
    await measure((i) =>
      client()
        .collection('users')
        .authWithPassword(code(i + 1).email, PASSWORD),
    ),
  ]);
  // Logged in before, as in bench:burst, so the redemption alone is measured.
  /** @type {{ pb: PocketBase, code: { voucher: string, campaign: string } }[]} */
  const owners = [];
  for (let i = 0; i <= COUNT; i += 1) {
    const pb = client();
    await pb.collection('users').authWithPassword(code(COUNT + 2 + i).email, PASSWORD);
    owners.push({ pb, code: code(COUNT + 2 + i) });
  }
  const pdf = pdfOf(1024 * 1024);
  results.push([
    'redemption with a 1 MB PDF',
    await measure((i) => {
      const owner = owners[i + 1];
      if (!owner) throw new Error('no workshop for this redemption');
      return owner.pb.collection('submissions').create(redemptionForm(String(owner.pb.authStore.record?.id), owner.code, pdf));
    }),
  ]);
  const baseline = results[0]?.[1].cpuMs ?? NaN;
  console.log(`\nPocketBase's CPU for each write (${COUNT} of each, one after another):`);
  for (const [name, r] of results) {
    console.log(
      `  ${name}: ${r.cpuMs.toFixed(0)} ms of CPU, ${r.wallMs.toFixed(0)} ms each (${(r.cpuMs / baseline).toFixed(2)} × a sign-up with \`password\`)`,
    );
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
