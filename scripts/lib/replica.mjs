// @ts-check
// Continuous replication of the portal's data (issue 38, decision 037): Litestream (npm package
// @flydotio/litestream-linux-x64, pinned as an optional dependency) streams the WAL of both PocketBase
// databases to a replica; beside it a copy loop brings new files of pb_data/storage (invoices,
// generated CSVs) to a file replica. `restore()` rebuilds a data directory from the replica.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { freePort } from './ports.mjs';
import { DATABASES, watchReplica } from './replica-watch.mjs';

/** @typedef {{ kind: 'file', url: string, dir: string } | { kind: 's3', url: string, dir?: undefined }} Replica */
/** @typedef {(line: string) => void} Log */

/** How often Litestream looks at the WAL and ships what it found (both). */
export const REPLICA_INTERVAL_MS = 200;
/** The promise the drill checks: a write answered this long before a crash is in the replica. */
export const REPLICA_BOUND_MS = 1000;
/** How often new files are copied to a file replica. */
export const FILES_INTERVAL_MS = 250;

// The databases, and the watch's interval and file (replica-watch.mjs has them).
export { DATABASES, STATUS_FILE, STATUS_INTERVAL_MS } from './replica-watch.mjs';

/** The Litestream binary of the optional dependency, or null when it is not installed (another platform). */
export function litestreamBinary() {
  const require = createRequire(import.meta.url);
  try {
    const pkg = require.resolve(`@flydotio/litestream-${process.platform}-${process.arch}/package.json`);
    const bin = path.join(path.dirname(pkg), 'litestream');
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

/**
 * The replica PORTAL_REPLICA_URL names: `file:///abs/dir` or `s3://bucket/prefix` (credentials in
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, an S3-compatible endpoint in PORTAL_REPLICA_S3_ENDPOINT).
 * @param {string | undefined} url
 * @returns {Replica}
 */
export function parseReplicaUrl(url) {
  const text = String(url || '').trim();
  if (text.startsWith('file://')) {
    const dir = fileURLToPath(text);
    return { kind: 'file', url: text.replace(/\/+$/, ''), dir };
  }
  if (/^s3:\/\/[^/]+/.test(text)) return { kind: 's3', url: text.replace(/\/+$/, '') };
  throw new Error(`PORTAL_REPLICA_URL must be file:///absolute/dir or s3://bucket/prefix, not "${text}"`);
}

/**
 * Litestream's configuration for both databases of `dataDir`; `metricsAddr` (host:port) makes it
 * answer its Prometheus metrics there, which is where the replica's position is read.
 * @param {string} dataDir
 * @param {Replica} replica
 * @param {NodeJS.ProcessEnv} [env]
 * @param {string | null} [metricsAddr]
 */
export function litestreamConfig(dataDir, replica, env = process.env, metricsAddr = null) {
  // An S3-compatible endpoint (MinIO, Ceph, a hosting provider's): Litestream then addresses the
  // bucket by path, as those services expect.
  const endpoint = replica.kind === 's3' && env.PORTAL_REPLICA_S3_ENDPOINT ? `\n        endpoint: ${env.PORTAL_REPLICA_S3_ENDPOINT}` : '';
  return [
    '# Written by scripts/lib/replica.mjs (decision 037); do not edit.',
    ...(metricsAddr ? [`addr: ${metricsAddr}`] : []),
    'dbs:',
    ...DATABASES.map((db) =>
      [
        `  - path: ${path.join(dataDir, db)}`,
        `    monitor-interval: ${REPLICA_INTERVAL_MS}ms`,
        '    replicas:',
        `      - url: ${replica.url}/${db}`,
        `        sync-interval: ${REPLICA_INTERVAL_MS}ms${endpoint}`,
      ].join('\n'),
    ),
    '',
  ].join('\n');
}

/**
 * Copies every file of `from` that `to` lacks or holds with another size; returns how many.
 * @param {string} from
 * @param {string} to
 */
export function copyNewFiles(from, to) {
  if (!existsSync(from)) return 0;
  let copied = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      copied += copyNewFiles(source, target);
    } else if (entry.isFile()) {
      const size = statSync(source).size;
      if (existsSync(target) && statSync(target).size === size) continue;
      mkdirSync(to, { recursive: true });
      const partial = `${target}.partial`;
      copyFileSync(source, partial);
      // A rename is atomic: a restore never picks up half a file.
      renameSync(partial, target);
      copied += 1;
    }
  }
  return copied;
}

/**
 * Writes Litestream's configuration for `dataDir` (its metrics on a free loopback port) and
 * returns what starting it needs.
 * @param {{ dataDir: string, replicaUrl: string, env?: NodeJS.ProcessEnv, bin?: string | null }} options
 */
export async function prepareReplication({ dataDir, replicaUrl, env = process.env, bin = litestreamBinary() }) {
  if (!bin) throw new Error('Litestream is not installed (optional dependency @flydotio/litestream-linux-x64; Linux x64 only).');
  const replica = parseReplicaUrl(replicaUrl);
  const configFile = path.join(dataDir, '.litestream.yml');
  const metricsAddr = `127.0.0.1:${await freePort()}`;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(configFile, litestreamConfig(dataDir, replica, env, metricsAddr));
  return { bin, configFile, replica, dataDir, env, metricsUrl: `http://${metricsAddr}/metrics` };
}

/**
 * Starts `litestream replicate` with the prepared configuration; its output goes to `log`.
 * @param {{ bin: string, configFile: string, env?: NodeJS.ProcessEnv }} prepared
 * @param {Log} [log]
 */
export function spawnLitestream({ bin, configFile, env }, log = () => {}) {
  const child = spawn(bin, ['replicate', '-config', configFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const relay = (/** @type {Buffer} */ chunk) => {
    for (const line of String(chunk).split('\n')) if (line.trim()) log(`litestream: ${line.trim()}`);
  };
  child.stdout.on('data', relay);
  child.stderr.on('data', relay);
  return child;
}

/**
 * For a file replica: copies new files of the data dir's storage every FILES_INTERVAL_MS; returns the stop.
 * @param {{ dataDir: string, replica: Replica }} where
 * @param {Log} [log]
 */
export function startFileCopy({ dataDir, replica }, log = () => {}) {
  if (replica.kind !== 'file') return () => {};
  const dir = replica.dir;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const tick = () => {
    try {
      copyNewFiles(path.join(dataDir, 'storage'), path.join(dir, 'storage'));
    } catch (err) {
      log(`file replica: ${/** @type {Error} */ (err).message}`);
    }
    timer = setTimeout(tick, FILES_INTERVAL_MS);
  };
  tick();
  return () => clearTimeout(timer);
}

/**
 * Runs Litestream beside PocketBase for `dataDir` and, for a file replica, the file copy loop and
 * the watch of the replica's lag. `npm start` and the replica drill both start replication here
 * (issue 62: the drill tests what production runs); `npm start` passes `keepAlive`, which runs
 * Litestream under its supervisor (restarted when it dies) instead of once.
 * @param {{ dataDir: string, replicaUrl: string, env?: NodeJS.ProcessEnv, log?: (line: string) => void, bin?: string | null, keepAlive?: (spawn: () => import('node:child_process').ChildProcess) => void, litestreamLog?: (line: string) => void }} options
 */
export async function startReplication({
  dataDir,
  replicaUrl,
  env = process.env,
  log = () => {},
  bin = litestreamBinary(),
  keepAlive,
  litestreamLog = log,
}) {
  const prepared = await prepareReplication({ dataDir, replicaUrl, env, bin });
  const spawnOnce = () => spawnLitestream(prepared, litestreamLog);
  const child = keepAlive ? null : spawnOnce();
  if (keepAlive) keepAlive(spawnOnce);
  const stopCopy = startFileCopy(prepared, log);
  const stopWatch = watchReplica(prepared, log);
  const stopHelpers = () => {
    stopCopy();
    stopWatch();
  };
  return {
    child,
    kind: prepared.replica.kind,
    configFile: prepared.configFile,
    stopHelpers,
    stop: () => {
      stopHelpers();
      child?.kill('SIGTERM');
    },
  };
}

/**
 * Restores the newest state (or the state at `timestamp`, RFC 3339) of both databases and the
 * files into `target`, which must be empty or missing.
 * @param {{ replicaUrl: string, target: string, timestamp?: string, bin?: string | null, env?: NodeJS.ProcessEnv }} options
 */
export function restore({ replicaUrl, target, timestamp, bin = litestreamBinary(), env = process.env }) {
  if (!bin) throw new Error('Litestream is not installed (optional dependency @flydotio/litestream-linux-x64; Linux x64 only).');
  const replica = parseReplicaUrl(replicaUrl);
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new Error(`${target} is not empty: restore only into an empty directory.`);
  mkdirSync(target, { recursive: true });
  // Restored through the same configuration the replication runs with (an S3 endpoint is only
  // there), written for the target outside it: the target holds nothing but what is restored.
  const scratch = mkdtempSync(path.join(tmpdir(), 'portal-restore-'));
  try {
    const configFile = path.join(scratch, 'litestream.yml');
    writeFileSync(configFile, litestreamConfig(target, replica, env));
    for (const db of DATABASES) {
      const args = ['restore', '-config', configFile, ...(timestamp ? ['-timestamp', timestamp] : []), path.join(target, db)];
      const run = spawnSync(bin, args, { env, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`litestream restore of ${db} failed: ${(run.stderr || run.stdout).trim()}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  // With an S3 replica the files never left the bucket: PocketBase keeps them there (filesInBucket).
  const files = replica.kind === 'file' ? copyNewFiles(path.join(replica.dir, 'storage'), path.join(target, 'storage')) : 0;
  return { files, filesInBucket: replica.kind === 's3' };
}
