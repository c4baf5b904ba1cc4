// @ts-check
// How the launcher and the tests start the reader process (issue 61): the same command, the same
// environment; the caller supervises it (scripts/lib/supervisor.mjs in `npm start`).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const READER_MAIN = fileURLToPath(new URL('./main.mjs', import.meta.url));

/**
 * The reader's process environment beside the caller's: glibc keeps at most two malloc arenas
 * (each reading thread and recognition's thread would otherwise get arenas of their own, whose
 * freed memory stays with the process: 634 MB peak over 18 readings against 447 MB with two,
 * bench:reading). Blocks of 128 kB and more are mapped apart and given back when freed, and the
 * top of the heap is given back from 128 kB: glibc otherwise raises its mapping threshold to the
 * largest block freed (a decoded page, a canvas: 15-35 MB), after which such blocks come from the
 * arenas and their memory stays (8 scans and photos at 300 dpi: peak 446-468 MB against 494-500,
 * and 100-132 MB against 229 once the reading thread ends). An operator's own settings win.
 * @param {NodeJS.ProcessEnv} env
 */
export const readerEnv = (env) => ({
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
  ...env,
});

/**
 * @param {{ api: string, dataDir: string, env?: NodeJS.ProcessEnv }} options
 */
export function spawnReader({ api, dataDir, env = process.env }) {
  return spawn(process.execPath, [READER_MAIN], {
    env: { ...readerEnv(env), PORTAL_READER_API: api, PORTAL_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
