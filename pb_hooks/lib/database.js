/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// How many connections PocketBase may open to read its two SQLite files (decision 027).
// PocketBase allows 120 each and keeps 15 open: every connection has its own page cache and
// its own copy of the schema, so under load each of them held much the same pages again
// (1,000 profile pages/s: 17 connections, 280 MB; 2,000/s: 380–410 MB). Two cores run
// at most two reads at once; eight connections leave room for slow reads (an export, a
// search) beside the short ones, and a request that finds them all busy waits its turn.
// Writes have their own connection (PocketBase keeps one writer per file).

const READ_CONNECTIONS = { data: 8, auxiliary: 4 };

/**
 * Positive whole number from the environment, or the default.
 * @param {string} name
 * @param {number} fallback
 */
function fromEnv(name, fallback) {
  const value = Number($os.getenv(name));
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * Limits the read pools of data.db and auxiliary.db (PORTAL_DB_READ_CONNS / PORTAL_AUX_READ_CONNS override).
 * @param {CoreApp} app
 */
function limitReadPools(app) {
  for (const [builder, limit] of readPools(app)) {
    const pool = builder.db();
    pool.setMaxOpenConns(limit);
    pool.setMaxIdleConns(limit);
  }
}

/**
 * The read pools of data.db and auxiliary.db with the number of connections each may keep.
 * @param {CoreApp} app
 * @returns {[dbx.Builder, number][]}
 */
function readPools(app) {
  return [
    [app.concurrentDB(), fromEnv('PORTAL_DB_READ_CONNS', READ_CONNECTIONS.data)],
    [app.auxConcurrentDB(), fromEnv('PORTAL_AUX_READ_CONNS', READ_CONNECTIONS.auxiliary)],
  ];
}

/**
 * Gives back what SQLite holds after a long job (an import): the idle read connections of both
 * pools are closed (each kept up to 32 MB of page cache, which its reads filled; the next read
 * opens a fresh one) and the two writers shrink their caches. Connections in use stay.
 * @param {CoreApp} app
 */
function releaseMemory(app) {
  for (const [builder, limit] of readPools(app)) {
    builder.db().setMaxIdleConns(0);
    builder.db().setMaxIdleConns(limit);
  }
  app.nonconcurrentDB().newQuery('PRAGMA shrink_memory').execute();
  app.auxNonconcurrentDB().newQuery('PRAGMA shrink_memory').execute();
}

/**
 * Runs a long job (a staff upload's processing, a held import's merge) and gives back SQLite's
 * memory when it ends, however it ends (decision 068). A throw while giving back is logged: the
 * job's own outcome (its return or its throw) stands.
 * @template T
 * @param {CoreApp} app
 * @param {() => T} job
 * @returns {T}
 */
function thenReleaseMemory(app, job) {
  try {
    return job();
  } finally {
    try {
      releaseMemory(app);
    } catch (err) {
      app.logger().warn('giving back memory after a long job failed', 'error', String(err));
    }
  }
}

/**
 * Makes the transaction of `app` a write transaction from its first statement (decision 037).
 * SQLite's deferred transactions start reading on a snapshot; when another process commits
 * before the first write (Litestream does, after each of its checkpoints), that write fails at
 * once with SQLITE_BUSY_SNAPSHOT ('database is locked'), which no statement retry can cure. A
 * write statement first takes the write lock, waiting its turn (busy_timeout) like any writer,
 * and reads the newest state. It changes no row.
 * @param {CoreApp} app
 */
function lockForWrite(app) {
  app.db().newQuery('UPDATE _params SET id = id WHERE 0').execute();
}

// With a replica, Litestream writes a row after each of its checkpoints, from its own process: it
// waits for SQLite's write lock at most a second, polling (every 100 ms after the first 300), and
// its checkpoint fails when it does not get it. A failed checkpoint ships nothing: the replica
// falls behind for as long as they fail. A long job's chunks (an import's merge, its totals and
// codes), each a short transaction but one after the other, never left the lock free long enough
// (busy-hour bench: ten refused checkpoints, the replica up to 12.9 s behind). Such a job calls
// yieldToReplication() after each chunk: once YIELD_EVERY_MS have passed since its last pause it
// leaves the lock free for YIELD_MS, longer than Litestream's poll. With chunks of up to 150 ms a
// pause then starts at most 650 + 150 ms after the one before ends, so every second of waiting
// holds one; 150 ms leave the poller 50 ms to be late (under load it is: with 110 ms the drill
// test once saw a refusal in a full test run). Decision 066; tests/api/replica-drill.test.ts.
// It costs the job about a fifth.
const YIELD_EVERY_MS = 650;
const YIELD_MS = 150;
let lastYield = 0;

/** Between the write chunks of a long job: a pause now and then while a replica is configured. */
function yieldToReplication() {
  if (!$os.getenv('PORTAL_REPLICA_URL')) return;
  const now = Date.now();
  // A job that starts (nothing yielded for a while) runs its first chunks at once.
  if (now - lastYield > 10 * YIELD_EVERY_MS) lastYield = now;
  if (now - lastYield < YIELD_EVERY_MS) return;
  sleep(YIELD_MS);
  lastYield = Date.now();
}

/**
 * app.runInTransaction with the write lock taken first (see lockForWrite). Returns what `fn`
 * returns once the transaction has committed; the transaction's own callback returns nothing
 * (PocketBase would take any value returned from it for an error and roll back).
 *
 * @template T
 * @param {CoreApp} app
 * @param {(tx: core.App) => T} fn
 * @returns {T}
 */
function writeTransaction(app, fn) {
  /** @type {{ value?: T }} */
  const out = {};
  app.runInTransaction((tx) => {
    lockForWrite(tx);
    out.value = fn(tx);
  });
  return /** @type {T} */ (out.value);
}

/**
 * Every row `sql` answers (bound with `params`), each shaped like `shape` (its values give the
 * column types: '' text, 0 integer, 0.5 real, false boolean). `db` is another query builder
 * than `app.db()`, for example the auxiliary database's.
 *
 * @param {CoreApp} app
 * @param {string} sql
 * @param {Record<string, any> | null | undefined} params
 * @param {Record<string, any>} shape
 * @param {dbx.Builder} [db]
 * @returns {any[]}
 */
function rowsOf(app, sql, params, shape, db) {
  const rows = arrayOf(new DynamicModel(shape));
  (db || app.db())
    .newQuery(sql)
    .bind(params || {})
    .all(rows);
  return rows;
}

/**
 * The one row `sql` answers, shaped like `shape`; throws (sql: no rows) when there is none.
 *
 * @param {CoreApp} app
 * @param {string} sql
 * @param {Record<string, any> | null | undefined} params
 * @param {Record<string, any>} shape
 * @param {dbx.Builder} [db]
 * @returns {any}
 */
function rowOf(app, sql, params, shape, db) {
  const row = new DynamicModel(shape);
  (db || app.db())
    .newQuery(sql)
    .bind(params || {})
    .one(row);
  return row;
}

/**
 * The `id` column of every row `sql` answers (bound with `params`).
 *
 * @param {CoreApp} app
 * @param {string} sql
 * @param {Record<string, any>} [params]
 * @returns {string[]}
 */
function idsOf(app, sql, params) {
  return rowsOf(app, sql, params, { id: '' }).map((r) => r.id);
}

/**
 * Copies the WAL back into the database file and empties it. After a deletion old versions of
 * the deleted rows live on in the WAL (and, until then, in the file's pages) otherwise.
 * @param {CoreApp} app
 */
function checkpoint(app) {
  try {
    app.db().newQuery('PRAGMA wal_checkpoint(TRUNCATE)').execute();
  } catch (err) {
    app.logger().warn('checkpoint after a deletion not done', 'error', String(err));
  }
}

module.exports = {
  lockForWrite,
  writeTransaction,
  yieldToReplication,
  limitReadPools,
  thenReleaseMemory,
  rowsOf,
  rowOf,
  idsOf,
  checkpoint,
};
