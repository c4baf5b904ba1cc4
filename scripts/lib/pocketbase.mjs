// @ts-check
// The one place that knows how to find, check and start the PocketBase binary.
// Used by `npm start`, `npm run dev`, the API test helper and the browser tests.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PIN = JSON.parse(readFileSync(path.join(ROOT, 'scripts', 'pocketbase-pin.json'), 'utf8'));

const require = createRequire(import.meta.url);

/** Path of the binary shipped by the pinned npm package. */
export function pinnedBinaryPath() {
  const pkgJson = require.resolve(`${PIN.package}/package.json`, { paths: [ROOT] });
  return path.join(path.dirname(pkgJson), 'bin', 'pocketbase');
}

/**
 * Which binary to run. `POCKETBASE_BIN` lets an operator run any other build
 * (another platform, a newer official release); it is then not held to the pin.
 */
export function resolveBinary(env = process.env) {
  if (env.POCKETBASE_BIN) return { bin: path.resolve(env.POCKETBASE_BIN), pinned: false };
  return { bin: pinnedBinaryPath(), pinned: true };
}

/** Reads the Go build info's `vcs.revision` straight from the executable. */
/** @param {string} bin */
export function readVcsRevision(bin) {
  const bytes = readFileSync(bin);
  const marker = Buffer.from('vcs.revision=');
  const at = bytes.indexOf(marker);
  if (at < 0) return null;
  const value = bytes.subarray(at + marker.length, at + marker.length + 40).toString('latin1');
  return /^[0-9a-f]{40}$/.test(value) ? value : null;
}

/** @param {string} bin */
export function readVersion(bin) {
  const out = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
  const m = / version v?(\S+)\s*$/.exec(out); // cobra prints "<program name> version X"
  return m ? m[1] : null;
}

/**
 * Refuses a pinned binary whose version or embedded revision differs from the pin
 * (DECISIONS §1: the npm tag `latest` and later builds come from other sources).
 * Returns the problem as a sentence, or null when the binary matches.
 * @param {string} bin
 */
export function checkPinnedBinary(bin, pin = PIN) {
  if (!existsSync(bin)) return `PocketBase binary not found at ${bin}. Run "npm install".`;
  let version;
  try {
    version = readVersion(bin);
  } catch (err) {
    return `PocketBase binary at ${bin} could not report its version: ${/** @type {Error} */ (err).message}`;
  }
  if (version !== pin.version) {
    return `PocketBase binary at ${bin} reports version ${version ?? 'unknown'}, expected exactly ${pin.version}.`;
  }
  const revision = readVcsRevision(bin);
  if (revision !== pin.revision) {
    return `PocketBase binary at ${bin} was built from revision ${revision ?? 'unknown'}, expected ${pin.revision}.`;
  }
  return null;
}

/**
 * Resolves and checks the binary; throws with a readable reason when it must not run.
 * @param {NodeJS.ProcessEnv | Record<string, string>} [env]
 * @param {{ pinnedPath?: string }} [options] a different "pinned" path, for the check's own test
 */
export function ensureBinary(env = process.env, { pinnedPath } = {}) {
  const resolved = resolveBinary(env);
  if (resolved.pinned && pinnedPath) resolved.bin = pinnedPath;
  if (resolved.pinned) {
    const problem = checkPinnedBinary(resolved.bin);
    if (problem) throw new Error(`Refusing to start PocketBase: ${problem}`);
  } else if (!existsSync(resolved.bin)) {
    throw new Error(`POCKETBASE_BIN points at ${resolved.bin}, which does not exist.`);
  }
  return resolved.bin;
}

/**
 * The four directory flags PocketBase must always get (DECISIONS §1).
 * @param {{ dataDir: string, publicDir?: string, hooksDir?: string }} options
 */
export function directoryArgs({ dataDir, publicDir = path.join(ROOT, 'dist'), hooksDir = path.join(ROOT, 'pb_hooks') }) {
  return [`--dir=${dataDir}`, `--hooksDir=${hooksDir}`, `--migrationsDir=${path.join(ROOT, 'pb_migrations')}`, `--publicDir=${publicDir}`];
}

/**
 * Creates or updates a superuser through the CLI.
 * @param {string} bin
 * @param {{ dataDir: string, email: string, password: string, env?: NodeJS.ProcessEnv }} options
 */
export function upsertSuperuser(bin, { dataDir, email, password, env = process.env }) {
  // `--` ends the flags: a generated password may start with '-', which PocketBase would
  // otherwise read as an unknown flag, and it exits 0 after such an error, so the output
  // is checked too.
  const out = execFileSync(bin, ['superuser', 'upsert', ...directoryArgs({ dataDir }), '--dev=false', '--', email, password], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  if (!out.includes('Successfully saved superuser')) throw new Error(`PocketBase did not save the superuser ${email}: ${out.trim()}`);
}

/**
 * Applies the app's migrations (pb_migrations) to a data dir through the CLI, with the project's
 * hooks (a migration may call a hook library). `serve` does the same at every start; a data dir
 * migrated this way starts without that work.
 * @param {string} bin
 * @param {{ dataDir: string, env?: NodeJS.ProcessEnv }} options
 */
export function migrateUp(bin, { dataDir, env = process.env }) {
  execFileSync(bin, ['migrate', 'up', ...directoryArgs({ dataDir }), '--dev=false'], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
}

export const HOOKS_POOL = 128;
/**
 * Behind the front (PORTAL_BEHIND_FRONT) PocketBase works on at most 16 API requests at once, each
 * holding up to three runtimes (the crash guard's middleware, the pages' middleware, a JS route),
 * and has no admission middleware of its own; each of the front's at most 8 realtime connections
 * holds two for as long as it is open (decision 050). 3 × 16 + 2 × 8 = 64, and 16 more for pages,
 * files and nested record hooks. When the pool is empty PocketBase builds a runtime per call: its
 * CPU a page grew elevenfold. Every runtime loads the hooks' libraries as it is used; 128 cost
 * PocketBase 40–50 MB more at the rush's peak for no answer more (decision 046, bench:burst).
 */
export const HOOKS_POOL_BEHIND_FRONT = 80;

/** Go's GOGC for PocketBase unless the environment sets one (decision 024). */
export const GO_GC_PERCENT = 50;

/**
 * Spawns `pocketbase serve`. The caller owns the child process.
 * @param {string} bin
 * @param {{ dataDir: string, http: string, publicDir?: string, hooksDir?: string, env?: NodeJS.ProcessEnv, dev?: boolean, stdio?: import('node:child_process').StdioOptions }} options
 */
export function spawnServe(bin, { dataDir, http, publicDir, hooksDir, env = process.env, dev = false, stdio }) {
  // 128 JS runtimes instead of PocketBase's 15: the middleware (pb_hooks/http.pb.js) runs on
  // every request and holds its runtime while a JS route holds another, and an empty pool
  // makes PocketBase build a one-off runtime per call, which under overload took its CPU and
  // memory (decision record 020; docs/performance.md, bench:load). Behind the front fewer
  // (HOOKS_POOL_BEHIND_FRONT). PORTAL_HOOKS_POOL overrides both.
  // No automigrate: a collection changed through the API or the dashboard must not
  // write migration files into the repository; schema changes are hand-written.
  const args = [
    'serve',
    `--http=${http}`,
    ...directoryArgs({ dataDir, publicDir, hooksDir }),
    '--hooksWatch=false',
    `--hooksPool=${Number(env.PORTAL_HOOKS_POOL) || (env.PORTAL_BEHIND_FRONT === 'true' ? HOOKS_POOL_BEHIND_FRONT : HOOKS_POOL)}`,
    '--automigrate=false',
  ];
  // Explicit both ways: PocketBase guesses dev mode (every SQL statement and the collections'
  // token secrets in the log) when its binary or the checkout lies under a temp directory.
  args.push(dev ? '--dev' : '--dev=false');
  // Go's collector runs when the heap has grown by half since the last collection instead of
  // doubling (decision 024): a 1,000,000-row import peaked at 290 MB instead of ~400 MB, for
  // about 10 % more time. GOGC in the environment overrides it.
  const withGc = env.GOGC ? env : { ...env, GOGC: String(GO_GC_PERCENT) };
  return spawn(bin, args, { env: withGc, stdio: stdio ?? ['ignore', 'pipe', 'pipe'] });
}

/**
 * Polls /api/health until PocketBase answers or the deadline passes.
 * @param {string} baseUrl
 * @param {{ timeoutMs?: number, child?: import('node:child_process').ChildProcess }} [options]
 */
export async function waitForHealth(baseUrl, { timeoutMs = 30_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  /** @type {any} */
  let lastError;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`PocketBase exited (${child.signalCode ?? child.exitCode}) before it became healthy`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
      lastError = new Error(`health answered ${res.status}`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`PocketBase at ${baseUrl} did not become healthy: ${lastError?.message}`);
}
