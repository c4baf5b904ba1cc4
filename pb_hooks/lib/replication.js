/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The state of the portal's copies for the dashboard (issue 38, decision 037): when the replica
// was last written and how far it is behind the local databases, and when PocketBase's last
// full backup was made.

const DATABASES = ['data.db', 'auxiliary.db'];

/**
 * The modification time of `path` in ms, 0 when it is not there.
 * @param {string} path
 */
function mtimeMs(path) {
  try {
    return $os.stat(path).modTime().unixMilli();
  } catch (_) {
    return 0;
  }
}

/**
 * The newest modification time of any file below `dir` (a few levels: Litestream's generations).
 * @param {string} dir
 * @param {number} depth
 */
function newestBelow(dir, depth) {
  let newest = 0;
  let entries = [];
  try {
    entries = $os.readDir(dir);
  } catch (_) {
    return 0;
  }
  for (const entry of entries) {
    const path = `${dir}/${entry.name()}`;
    if (entry.isDir()) {
      if (depth > 0) newest = Math.max(newest, newestBelow(path, depth - 1));
    } else {
      try {
        newest = Math.max(newest, entry.info().modTime().unixMilli());
      } catch (_) {
        // gone meanwhile
      }
    }
  }
  return newest;
}

/**
 * An ISO time, or null for none.
 * @param {number} ms
 */
function iso(ms) {
  return ms > 0 ? new Date(ms).toISOString() : null;
}

/**
 * What the launcher's watch of Litestream last wrote (scripts/lib/replica.mjs, watchReplica), or null.
 * @param {string} dataDir
 */
function watched(dataDir) {
  try {
    const status = JSON.parse(toString($os.readFile(`${dataDir}/.replica-status.json`)));
    return status && typeof status.checkedAt === 'number' ? status : null;
  } catch (_) {
    return null;
  }
}

/**
 * { replica: { configured, kind, lastWriteAt, lagSeconds }, lastBackupAt }. The lag: the age of
 * the newest moment whose data the replica holds in full (`heldAt`: everything Litestream had
 * taken from the databases by then), read from the launcher's watch of Litestream's metrics (both
 * kinds; it grows when Litestream or the launcher stops). Without that watch (Litestream run by hand), a file replica's lag is how much later the
 * local databases were last written than the replica; an S3 replica's is unknown (null).
 * @param {CoreApp} app
 */
function status(app) {
  const dataDir = app.dataDir();
  const lastBackupAt = iso(newestBelow(`${dataDir}/backups`, 0));
  const url = String($os.getenv('PORTAL_REPLICA_URL') || '').trim();
  if (!url) return { replica: { configured: false, kind: null, lastWriteAt: null, lagSeconds: null }, lastBackupAt };
  const kind = url.startsWith('file://') ? 'file' : 's3';
  const watch = watched(dataDir);
  if (watch) {
    const held = watch.heldAt || watch.lastCaughtUpAt;
    const lagMs = held ? Math.max(0, Date.now() - held) : null;
    return {
      replica: {
        configured: true,
        kind,
        lastWriteAt: iso(watch.lastWriteAt || 0),
        lagSeconds: lagMs === null ? null : Math.round(lagMs / 100) / 10,
      },
      lastBackupAt,
    };
  }
  if (kind === 's3') return { replica: { configured: true, kind, lastWriteAt: null, lagSeconds: null }, lastBackupAt };
  const localWrite = Math.max(0, ...DATABASES.map((db) => Math.max(mtimeMs(`${dataDir}/${db}-wal`), mtimeMs(`${dataDir}/${db}`))));
  const dir = decodeURIComponent(url.slice('file://'.length)).replace(/\/+$/, '');
  const replicaWrite = Math.max(0, ...DATABASES.map((db) => newestBelow(`${dir}/${db}`, 4)));
  return {
    replica: {
      configured: true,
      kind: 'file',
      lastWriteAt: iso(replicaWrite),
      lagSeconds: replicaWrite > 0 ? Math.max(0, Math.round((localWrite - replicaWrite) / 100) / 10) : null,
    },
    lastBackupAt,
  };
}

module.exports = { status };
