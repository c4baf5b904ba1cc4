// @ts-check
// The front in a child process of its own, as `npm start` runs it beside PocketBase: the
// benchmarks measure its CPU apart from their own. Used by bench:burst and bench:front.
import { spawn } from 'node:child_process';
import path from 'node:path';

import { ADMISSION_STATS, FRONT_DEFAULTS } from '../../lib/front.mjs';
import { ROOT } from '../../lib/pocketbase.mjs';
import { freePort } from '../../lib/ports.mjs';

/** @typedef {{ -readonly [K in keyof typeof ADMISSION_STATS]: number }} AdmissionStats */
/** @typedef {Awaited<ReturnType<typeof spawnFront>>} FrontProcess */

/**
 * A Node child running `code` as an ES module (with `args` after it, `execArgv` before it).
 * `ready` resolves once it prints the line `ready`; every other line it prints goes to
 * `onLine`. An exit that `close` did not ask for is reported on stderr under `name` (and rejects
 * `ready` when it comes first).
 * @param {string} code
 * @param {{ name: string, args?: string[], execArgv?: string[], onLine?: (line: string) => void }} options
 */
export function startModule(code, { name, args = [], execArgv = [], onLine = () => {} }) {
  const child = spawn(process.execPath, [...execArgv, '--input-type=module', '-e', code, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let closing = false;
  let buffer = '';
  /** @type {Promise<void>} */
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (/** @type {Buffer} */ d) => {
      buffer += d;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') resolve();
        else onLine(line);
      }
    });
    child.once('error', reject);
    child.once('exit', (c, signal) => {
      if (!closing) console.error(`[${name}] a child process exited (code ${c}, signal ${signal})`);
      reject(new Error(`child exited ${c}`));
    });
  });
  return {
    child,
    ready,
    close: async () => {
      closing = true;
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
    },
  };
}

/**
 * Starts `file`'s startFront (this checkout's front unless another is named) in front of
 * `upstream` with `limits`; resolves once it listens. Its admission stats are the last it printed
 * (every 250 ms). BENCH_FRONT_PROFILE=dir writes its CPU profile there (node --cpu-prof).
 * @param {{ upstream: string, limits?: Record<string, number>, file?: string, name?: string }} options
 */
export async function spawnFront({ upstream, limits = {}, file = path.join(ROOT, 'scripts', 'lib', 'front.mjs'), name = 'front' }) {
  const port = await freePort();
  const code = `
    import { startFront } from ${JSON.stringify(file)};
    const front = await startFront({ host: '127.0.0.1', port: ${port}, upstream: ${JSON.stringify(upstream)}, limits: ${JSON.stringify(limits)} });
    console.log('ready');
    setInterval(() => console.log(JSON.stringify(front.stats)), 250);
    process.on('SIGTERM', () => process.exit(0));
  `;
  const profile = process.env.BENCH_FRONT_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_FRONT_PROFILE}`] : [];
  /** @type {AdmissionStats} */
  let stats = { ...ADMISSION_STATS };
  const front = startModule(code, {
    name,
    execArgv: profile,
    onLine: (/** @type {string} */ line) => {
      if (line.startsWith('{')) stats = JSON.parse(line);
    },
  });
  await front.ready;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: front.child.pid,
    /** The limits in effect: the defaults with `limits` over them. */
    limits: { ...FRONT_DEFAULTS, ...limits },
    get stats() {
      return stats;
    },
    close: front.close,
  };
}
