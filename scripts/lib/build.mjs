// @ts-check
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import { ROOT } from './pocketbase.mjs';
import { renderDirOf } from './prerender-plugin.mjs';

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

/**
 * The newest modification time below `entry` (0 when it does not exist).
 * @param {string} entry
 * @returns {number}
 */
function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** True when the build in `outDir` is missing or older than any source of the SPA. */
export function distIsStale(outDir = 'dist') {
  const built = path.join(ROOT, outDir, 'index.html');
  // The pages' module for rendering them at run time (decision 061) belongs to the build.
  if (!existsSync(built) || !existsSync(path.join(ROOT, renderDirOf(outDir), 'pages.json'))) return true;
  const newestSource = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  return statSync(built).mtimeMs < newestSource;
}

/**
 * Builds the SPA with Vite when the build is missing or stale (or always, with `force`); returns
 * whether it built. `env` adds build-time variables (VITE_*), `outDir` keeps such a build apart
 * from dist/, `manifest` writes Vite's manifest (.vite/manifest.json) beside it.
 */
export function buildIfStale(log = console.log, { outDir = 'dist', env = {}, manifest = false, force = false } = {}) {
  if (!force && !distIsStale(outDir)) return false;
  log(
    existsSync(path.join(ROOT, outDir))
      ? `${outDir}/ is older than the sources, rebuilding the SPA...`
      : `building the SPA into ${outDir}/...`,
  );
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      ...(manifest ? ['--manifest'] : []),
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  if (result.status !== 0) throw new Error('The SPA build failed.');
  return true;
}

/** The tag manager id the test build carries, so the consent tests can prove it stays unloaded. */
export const TEST_GTM_ID = 'GTM-E2ETEST';
/** Where the one build of a test run lives (issue 33): budget, browser tests and Lighthouse share it. */
export const TEST_BUILD_DIR = 'dist-e2e';

/**
 * The test run's build: the production build plus a tag manager id (the id is a string in the
 * consent module; without consent nothing of the tag manager loads) and Vite's manifest for the
 * budget. Built when missing or stale, or always with `force` (npm test's build step); returns
 * its absolute path.
 */
export function testBuild(log = console.log, { force = false } = {}) {
  buildIfStale(log, { outDir: TEST_BUILD_DIR, env: { VITE_GTM_ID: TEST_GTM_ID }, manifest: true, force });
  return path.join(ROOT, TEST_BUILD_DIR);
}
