// @ts-check
// `npm start` as a child of a script (bench:busy-hour, npm run screenshots): the launcher itself,
// with the front, PocketBase, the outbox, the reader, the page renderer and whatever the
// environment adds (a replica).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';

import { ROOT } from './pocketbase.mjs';
import { freePort } from './ports.mjs';

/**
 * `npm start` (scripts/start.mjs) as a child on a free port, on `dataDir`, with `env` added to
 * this process's; resolves once it printed that it is ready (within 300 s). Its output is kept
 * (the last 20,000 characters) for a report.
 * @param {{ dataDir: string, env: Record<string, string> }} options
 */
export async function startLauncher({ dataDir, env }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORTAL_DATA_DIR: dataDir, PORTAL_HTTP: `127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // BENCH_LAUNCHER_LOG=file keeps all of it in that file too (to look into a run afterwards).
  const whole = process.env.BENCH_LAUNCHER_LOG ? createWriteStream(process.env.BENCH_LAUNCHER_LOG) : null;
  const keep = (/** @type {Buffer | string} */ d) => {
    whole?.write(d);
    output = (output + d).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const t0 = performance.now();
  while (!output.includes('Ctrl-C stops everything')) {
    if (child.exitCode !== null) throw new Error(`npm start ended:\n${output}`);
    if (performance.now() - t0 > 300_000) throw new Error(`npm start was not ready within 300 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
