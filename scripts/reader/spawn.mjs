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
 * bench:reading). An operator's own MALLOC_ARENA_MAX wins.
 * @param {NodeJS.ProcessEnv} env
 */
export const readerEnv = (env) => ({ MALLOC_ARENA_MAX: '2', ...env });

/**
 * @param {{ api: string, dataDir: string, env?: NodeJS.ProcessEnv }} options
 */
export function spawnReader({ api, dataDir, env = process.env }) {
  return spawn(process.execPath, [READER_MAIN], {
    env: { ...readerEnv(env), PORTAL_READER_API: api, PORTAL_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
