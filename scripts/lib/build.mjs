import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import { ROOT } from './pocketbase.mjs';

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.app.json'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** True when dist/ is missing or older than any source of the SPA. */
export function distIsStale() {
  const built = path.join(ROOT, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const newestSource = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  return statSync(built).mtimeMs < newestSource;
}

/** Builds the SPA with Vite when dist/ is missing or stale; returns whether it built. */
export function buildIfStale(log = console.log) {
  if (!distIsStale()) return false;
  log(existsSync(path.join(ROOT, 'dist')) ? 'dist/ is older than the sources, rebuilding the SPA...' : 'building the SPA...');
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The SPA build failed.');
  return true;
}
