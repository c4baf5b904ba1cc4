// @ts-check
// A throwaway portal for scripts (Lighthouse, the budget check, benchmarks): the built SPA
// served by PocketBase alone from a temporary data dir on a free port, with the 2025 demo data,
// the campaign clock pinned inside its redeem window as the tests pin it (DEMO_NOW) and no mail
// server. `npm run screenshots` shows the portal as `npm start` runs it instead (lib/launcher.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { seedDemo } from '../demo/seed.mjs';
import { startPageRenderer } from './page-renderer.mjs';
import { ensureBinary, spawnServe, upsertSuperuser, waitForHealth } from './pocketbase.mjs';
import { freePort } from './ports.mjs';

export const DEMO_NOW = '2025-09-15T10:00:00+02:00';

/**
 * With a build (`publicDir`), its public pages are rendered with the campaign in force, as
 * `npm start` does (decision 061), before the portal is handed out.
 * @param {{ publicDir?: string, seed?: boolean, env?: Record<string, string>, dataDir?: string, renderPages?: boolean }} [options]
 */
export async function startPortal({ publicDir, seed = true, env = {}, dataDir, renderPages = publicDir !== undefined } = {}) {
  const bin = ensureBinary();
  const ownDir = !dataDir;
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const superuser = { email: 'root@portal.local', password: 'portal-script-superuser' };
  const fullEnv = { ...process.env, PORTAL_URL: url, SMTP_HOST: '', PORTAL_NOW: DEMO_NOW, ...env };
  upsertSuperuser(bin, { dataDir: dir, ...superuser, env: fullEnv });
  const child = spawnServe(bin, { dataDir: dir, http: `127.0.0.1:${port}`, publicDir, env: fullEnv });
  let stderr = '';
  child.stdout?.resume(); // nothing to read, but a full pipe would stall PocketBase
  child.stderr?.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  // PocketBase ending on its own (a panic, a signal from outside) is said at once, with the end of
  // what it wrote: a benchmark would otherwise go on against a closed port.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[portal] PocketBase exited on its own (code ${code}, signal ${signal}):\n${stderr}`);
  });
  try {
    await waitForHealth(url, { child });
  } catch (err) {
    throw new Error(`${/** @type {Error} */ (err).message}\n${stderr}`);
  }
  if (seed) await seedDemo({ url, superuser });
  const renderer =
    renderPages && publicDir
      ? startPageRenderer({ apiUrl: url, dataDir: dir, publicDir, log: (/** @type {string} */ msg) => console.log(`[portal] ${msg}`) })
      : null;
  await renderer?.first;
  return {
    url,
    dataDir: dir,
    superuser,
    child,
    async stop() {
      stopping = true;
      renderer?.stop();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (ownDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
