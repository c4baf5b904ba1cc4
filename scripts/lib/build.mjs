import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import { ROOT } from './pocketbase.mjs';

const SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/lib/prerender-plugin.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.app.json',
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** True when the build in `outDir` is missing or older than any source of the SPA. */
export function distIsStale(outDir = 'dist') {
  const built = path.join(ROOT, outDir, 'index.html');
  if (!existsSync(built)) return true;
  const newestSource = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  return statSync(built).mtimeMs < newestSource;
}

/**
 * Builds the SPA with Vite when the build is missing or stale; returns whether it built.
 * `env` adds build-time variables (VITE_*), `outDir` keeps such a build apart from dist/.
 */
export function buildIfStale(log = console.log, { outDir = 'dist', env = {} } = {}) {
  if (!distIsStale(outDir)) return false;
  log(
    existsSync(path.join(ROOT, outDir))
      ? `${outDir}/ is older than the sources, rebuilding the SPA...`
      : `building the SPA into ${outDir}/...`,
  );
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  if (result.status !== 0) throw new Error('The SPA build failed.');
  return true;
}
