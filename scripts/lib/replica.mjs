// Continuous replication of the portal's data (issue 38, decision 037): Litestream (npm package
// @flydotio/litestream-linux-x64, pinned as an optional dependency) streams the WAL of both PocketBase
// databases to a replica; beside it a copy loop brings new files of pb_data/storage (invoices,
// generated CSVs) to a file replica. `restore()` rebuilds a data directory from the replica.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How often Litestream looks at the WAL and ships what it found (both). */
export const REPLICA_INTERVAL_MS = 200;
/** The promise the drill checks: a write answered this long before a crash is in the replica. */
export const REPLICA_BOUND_MS = 1000;
/** How often new files are copied to a file replica. */
export const FILES_INTERVAL_MS = 250;

export const DATABASES = ['data.db', 'auxiliary.db'];

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

/** Litestream's configuration for both databases of `dataDir`. */
export function litestreamConfig(dataDir, replica, env = process.env) {
  const endpoint = replica.kind === 's3' && env.PORTAL_REPLICA_S3_ENDPOINT ? `\n        endpoint: ${env.PORTAL_REPLICA_S3_ENDPOINT}` : '';
  return [
    '# Written by scripts/lib/replica.mjs (decision 037); do not edit.',
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

/** Copies every file of `from` that `to` lacks or holds with another size; returns how many. */
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
 * Writes Litestream's configuration for `dataDir` and returns what starting it needs.
 * @param {{ dataDir: string, replicaUrl: string, env?: NodeJS.ProcessEnv, bin?: string | null }} options
 */
export function prepareReplication({ dataDir, replicaUrl, env = process.env, bin = litestreamBinary() }) {
  if (!bin) throw new Error('Litestream is not installed (optional dependency @flydotio/litestream-linux-x64; Linux x64 only).');
  const replica = parseReplicaUrl(replicaUrl);
  const configFile = path.join(dataDir, '.litestream.yml');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(configFile, litestreamConfig(dataDir, replica, env));
  return { bin, configFile, replica, dataDir, env };
}

/** Starts `litestream replicate` with the prepared configuration; its output goes to `log`. */
export function spawnLitestream({ bin, configFile, env }, log = () => {}) {
  const child = spawn(bin, ['replicate', '-config', configFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const relay = (chunk) => {
    for (const line of String(chunk).split('\n')) if (line.trim()) log(`litestream: ${line.trim()}`);
  };
  child.stdout.on('data', relay);
  child.stderr.on('data', relay);
  return child;
}

/** For a file replica: copies new files of the data dir's storage every FILES_INTERVAL_MS; returns the stop. */
export function startFileCopy({ dataDir, replica }, log = () => {}) {
  if (replica.kind !== 'file') return () => {};
  let timer = null;
  const tick = () => {
    try {
      copyNewFiles(path.join(dataDir, 'storage'), path.join(replica.dir, 'storage'));
    } catch (err) {
      log(`file replica: ${err.message}`);
    }
    timer = setTimeout(tick, FILES_INTERVAL_MS);
  };
  tick();
  return () => clearTimeout(timer);
}

/**
 * Runs Litestream beside PocketBase for `dataDir` and, for a file replica, the file copy loop.
 * @param {{ dataDir: string, replicaUrl: string, env?: NodeJS.ProcessEnv, log?: (line: string) => void, bin?: string | null }} options
 */
export function startReplication({ dataDir, replicaUrl, env = process.env, log = () => {}, bin = litestreamBinary() }) {
  const prepared = prepareReplication({ dataDir, replicaUrl, env, bin });
  const child = spawnLitestream(prepared, log);
  const stopCopy = startFileCopy(prepared, log);
  return {
    child,
    configFile: prepared.configFile,
    stop: () => {
      stopCopy();
      child.kill('SIGTERM');
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
  for (const db of DATABASES) {
    const args = ['restore', '-o', path.join(target, db), ...(timestamp ? ['-timestamp', timestamp] : []), `${replica.url}/${db}`];
    const run = spawnSync(bin, args, { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`litestream restore of ${db} failed: ${(run.stderr || run.stdout).trim()}`);
  }
  const files = replica.kind === 'file' ? copyNewFiles(path.join(replica.dir, 'storage'), path.join(target, 'storage')) : 0;
  return { files };
}
