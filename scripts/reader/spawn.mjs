// @ts-check
// How the launcher and the tests start the reader process (issue 61): the same command, the same
// environment; the caller supervises it (scripts/lib/supervisor.mjs in `npm start`).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const READER_MAIN = fileURLToPath(new URL('./main.mjs', import.meta.url));

/**
 * @param {{ api: string, dataDir: string, env?: NodeJS.ProcessEnv }} options
 */
export function spawnReader({ api, dataDir, env = process.env }) {
  return spawn(process.execPath, [READER_MAIN], {
    env: { ...env, PORTAL_READER_API: api, PORTAL_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
