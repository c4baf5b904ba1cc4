// The front in a child process of its own, as `npm start` runs it beside PocketBase: the
// benchmarks measure its CPU apart from their own. Used by bench:burst and bench:front.
import { spawn } from 'node:child_process';
import path from 'node:path';

import { ADMISSION_STATS, FRONT_DEFAULTS } from '../../lib/front.mjs';
import { ROOT } from '../../lib/pocketbase.mjs';
import { freePort } from '../../lib/ports.mjs';

/**
 * Starts `file`'s startFront (this checkout's front unless another is named) in front of
 * `upstream` with `limits`; resolves once it listens. Its admission stats are the last it printed
 * (every 250 ms). BENCH_FRONT_PROFILE=dir writes its CPU profile there (node --cpu-prof).
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
  const child = spawn(process.execPath, [...profile, '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const state = { stats: { ...ADMISSION_STATS }, closing: false };
  let buffer = '';
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      buffer += d;
      const lines = buffer.split('\n');
      buffer = lines.pop();
      for (const line of lines) {
        if (line === 'ready') resolve();
        else if (line.startsWith('{')) state.stats = JSON.parse(line);
      }
    });
    child.once('exit', (c, signal) => {
      if (!state.closing) console.error(`[${name}] the front exited (code ${c}, signal ${signal})`);
      reject(new Error(`front exited ${c}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    /** The limits in effect: the defaults with `limits` over them. */
    limits: { ...FRONT_DEFAULTS, ...limits },
    get stats() {
      return state.stats;
    },
    close: async () => {
      state.closing = true;
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    },
  };
}
