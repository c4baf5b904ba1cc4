// @ts-check
// The launcher's watch of the replica (issue 38, decision 037; issue 63 for the lag): where
// Litestream's replica stands against what Litestream has taken from the databases, written to
// `<dataDir>/.replica-status.json` for the dashboard (pb_hooks/lib/replication.js).
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The databases Litestream replicates. */
export const DATABASES = ['data.db', 'auxiliary.db'];
/** How often the launcher asks Litestream (its metrics) where the replica stands. */
export const STATUS_INTERVAL_MS = 250;
/** Where it writes the answer, in the data directory, for the dashboard (pb_hooks/lib/replication.js). */
export const STATUS_FILE = '.replica-status.json';

/** @typedef {(line: string) => void} Log */
/** A position in a database's WAL as Litestream numbers it: [file index, offset]. */
/** @typedef {[number, number]} WalPosition */

/**
 * The size of Litestream's shadow WAL file `index` of the database `dbPath`: what Litestream has
 * taken from the database so far in that file (`.<name>-litestream/generations/<g>/wal/<index>.wal`).
 * @param {string} dbPath
 * @param {number} index
 */
export function shadowWalSize(dbPath, index) {
  try {
    const meta = path.join(path.dirname(dbPath), `.${path.basename(dbPath)}-litestream`);
    const generation = readFileSync(path.join(meta, 'generation'), 'utf8').trim();
    return statSync(path.join(meta, 'generations', generation, 'wal', `${index.toString(16).padStart(8, '0')}.wal`)).size;
  } catch {
    return undefined;
  }
}

/**
 * Where the replica stands. From Litestream's metrics text: the index of each database's newest
 * shadow WAL file and the replica's position (WAL index and offset); `sizeOf(db, index)` tells
 * how far that shadow file reaches. `caughtUp` when every database's replica is at the end of
 * its newest shadow file; `replicaKey` changes whenever the replica moves; `shadow` and `replica`
 * are each database's positions (null when unknown), in the order of `dbPaths`.
 * @param {string} text
 * @param {string[]} dbPaths
 * @param {(db: string, index: number) => number | undefined} sizeOf
 * @returns {{ caughtUp: boolean, replicaKey: string, shadow: (WalPosition | null)[], replica: (WalPosition | null)[] }}
 */
export function replicaPositions(text, dbPaths, sizeOf = shadowWalSize) {
  const values = new Map();
  for (const line of String(text).split('\n')) {
    const m = /^litestream_(shadow_wal_index|replica_wal_index|replica_wal_offset)\{db="((?:[^"\\]|\\.)*)"[^}]*\}\s+(\S+)$/.exec(
      line.trim(),
    );
    if (m) values.set(`${m[1]} ${m[2]}`, Number(m[3]));
  }
  const key = [];
  /** @type {(WalPosition | null)[]} */
  const shadow = [];
  /** @type {(WalPosition | null)[]} */
  const replica = [];
  for (const db of dbPaths) {
    const [shadowIndex, index, offset] = ['shadow_wal_index', 'replica_wal_index', 'replica_wal_offset'].map((n) =>
      values.get(`${n} ${db}`),
    );
    key.push(`${index ?? '-'}:${offset ?? '-'}`);
    const shadowSize = Number.isFinite(shadowIndex) ? sizeOf(db, shadowIndex) : undefined;
    shadow.push(Number.isFinite(shadowIndex) && Number.isFinite(shadowSize) ? [Number(shadowIndex), Number(shadowSize)] : null);
    replica.push(Number.isFinite(index) && Number.isFinite(offset) ? [Number(index), Number(offset)] : null);
  }
  return { caughtUp: dbPaths.length > 0 && holdsAll(replica, shadow), replicaKey: key.join(' '), shadow, replica };
}

/**
 * Whether every database's replica position is known and at or past what was taken from it.
 * @param {(WalPosition | null | undefined)[]} replica
 * @param {(WalPosition | null)[]} taken
 */
function holdsAll(replica, taken) {
  return taken.every((t, db) => {
    const at = replica[db];
    return t !== null && at !== null && at !== undefined && (at[0] > t[0] || (at[0] === t[0] && at[1] >= t[1]));
  });
}

/**
 * Since when the replica holds everything: the newest of the earlier samples of what Litestream had
 * taken (`history`, oldest first) that every database's replica position has reached, or null when
 * it has reached none. Under steady writes the replica is rarely at the very end of the newest
 * shadow file, yet holds all that was taken a moment ago: the lag is the age of that moment.
 * @param {{ at: number, shadow: (WalPosition | null)[] }[]} history
 * @param {(WalPosition | null)[]} replica
 */
export function heldSince(history, replica) {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const sample = /** @type {{ at: number, shadow: (WalPosition | null)[] }} */ (history[i]);
    if (holdsAll(replica, sample.shadow)) return sample.at;
  }
  return null;
}

/** Samples kept for heldSince: 10 minutes of them (an older lag is as good as 10 minutes and more). */
const HISTORY_MAX = Math.ceil(600_000 / STATUS_INTERVAL_MS);

/**
 * Asks Litestream every STATUS_INTERVAL_MS where the replica stands and writes the answer to
 * `<dataDir>/.replica-status.json`: `heldAt` (the replica holds everything Litestream had taken
 * from the databases by then; `heldSince`), `lastCaughtUpAt` (the last time it held all it had
 * taken so far), `lastWriteAt` (the last time the replica moved) and `checkedAt`. When Litestream
 * stops answering, the file stops being renewed and the lag the dashboard derives from it grows.
 * Returns the stop.
 * @param {{ dataDir: string, metricsUrl: string }} where
 * @param {Log} [log]
 */
export function watchReplica({ dataDir, metricsUrl }, log = () => {}) {
  const dbPaths = DATABASES.map((db) => path.join(dataDir, db));
  const file = path.join(dataDir, STATUS_FILE);
  /** @type {number | null} */
  let lastCaughtUpAt = null;
  /** @type {number | null} */
  let heldAt = null;
  /** @type {{ at: number, shadow: (WalPosition | null)[] }[]} */
  let history = [];
  /** @type {number | null} */
  let lastWriteAt = null;
  /** @type {string | null} */
  let lastKey = null;
  let complained = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  let stopped = false;
  const tick = async () => {
    try {
      const res = await fetch(metricsUrl, { signal: AbortSignal.timeout(2_000) });
      const { caughtUp, replicaKey, shadow, replica } = replicaPositions(await res.text(), dbPaths);
      const now = Date.now();
      if (caughtUp) {
        lastCaughtUpAt = now;
        heldAt = now;
        history = [];
      } else {
        if (shadow.every((p) => p !== null)) history.push({ at: now, shadow });
        const since = heldSince(history, replica);
        if (since !== null && (heldAt === null || since > heldAt)) heldAt = since;
        // What the replica has reached is not needed again; at most HISTORY_MAX samples are kept.
        history = history.filter((sample) => heldAt === null || sample.at > heldAt).slice(-HISTORY_MAX);
      }
      if (replicaKey !== lastKey) {
        if (lastKey !== null || !replicaKey.includes('-')) lastWriteAt = now;
        lastKey = replicaKey;
      }
      const partial = `${file}.partial`;
      writeFileSync(partial, JSON.stringify({ checkedAt: now, heldAt, lastCaughtUpAt, lastWriteAt }));
      renameSync(partial, file);
      complained = false;
    } catch (err) {
      // Litestream starting or restarting: the status ages meanwhile, which is what it should show.
      if (!complained && lastKey !== null) log(`replica status: ${/** @type {Error} */ (err).message}`);
      complained = lastKey !== null;
    }
    if (!stopped) timer = setTimeout(tick, STATUS_INTERVAL_MS);
  };
  tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
