/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Where a sales import keeps its rows between reading and merging (decision record 022):
// in PocketBase's auxiliary database (auxiliary.db, a file of its own with its own single
// writer), never in data.db. Staging there holds no lock a registration or a redemption
// waits for, so the import may sort a million rows in one statement; the merge then walks
// the rows in the order of sales_data's identity index, and each of its short data.db
// transactions touches a few neighbouring index pages instead of one page per row (in file
// order a 1,000,000-row merge took 72 s, docs/performance.md).
//
// Per upload, two tables named after the file record's id (15 lower-case letters and digits,
// checked before it is written into SQL):
//   import_rows_<id>    the checked rows in file order (line, key, amount), no index
//   import_sorted_<id>  the same rows sorted by key and line; pos (the rowid) numbers them;
//                       first is 0, or for a repeated key the line of its first row
// and one row in import_cursor: how far the merge has come (pos), so a restart resumes there.
// Nothing here is reachable through the API.

const ID = /^[a-z0-9]{15}$/;
const KEY = 'user, bnr, knr, gpnr, deliverydate';

/** @param {string} fileId */
function tables(fileId) {
  if (!ID.test(fileId)) throw new Error(`not a record id: ${fileId}`);
  return { rows: `import_rows_${fileId}`, sorted: `import_sorted_${fileId}` };
}

/**
 * @param {CoreApp} app
 * @param {string} sql
 * @param {Record<string, any>} [params]
 */
function exec(app, sql, params) {
  return app
    .auxDB()
    .newQuery(sql)
    .bind(params || {})
    .execute();
}

// Reads go through the auxiliary writer's connection too: its page cache is kept small (see
// `begin`), where one of the reader pool's connections would fill 32 MB with staged rows.
/**
 * @param {CoreApp} app
 * @param {string} sql
 * @param {Record<string, any>} params
 * @param {Record<string, any>} shape
 */
const one = (app, sql, params, shape) => require(`${__hooks}/lib/database.js`).rowOf(app, sql, params, shape, app.auxNonconcurrentDB());
/**
 * @param {CoreApp} app
 * @param {string} sql
 * @param {Record<string, any>} params
 * @param {Record<string, any>} shape
 */
const all = (app, sql, params, shape) => require(`${__hooks}/lib/database.js`).rowsOf(app, sql, params, shape, app.auxNonconcurrentDB());

/**
 * The cursor table (once per database).
 * @param {CoreApp} app
 */
function ensure(app) {
  exec(app, 'CREATE TABLE IF NOT EXISTS import_cursor (file TEXT PRIMARY KEY NOT NULL, merged INTEGER NOT NULL) WITHOUT ROWID');
}

/**
 * Removes everything staged for `fileId` (safe when nothing is).
 * @param {CoreApp} app
 * @param {string} fileId
 */
function drop(app, fileId) {
  const t = tables(fileId);
  exec(app, `DROP TABLE IF EXISTS ${t.rows}`);
  exec(app, `DROP TABLE IF EXISTS ${t.sorted}`);
  ensure(app);
  exec(app, 'DELETE FROM import_cursor WHERE file = {:file}', { file: fileId });
}

/**
 * An empty staging table for `fileId`.
 * @param {CoreApp} app
 * @param {string} fileId
 */
function begin(app, fileId) {
  drop(app, fileId);
  // Per connection, and the auxiliary writer is one connection: 8 MB of page cache (and so of
  // sort buffer) instead of PocketBase's 32 MB; staging only appends, the sort spills to a file.
  exec(app, 'PRAGMA cache_size = -8000');
  exec(
    app,
    `CREATE TABLE ${tables(fileId).rows} (line INTEGER NOT NULL, user TEXT NOT NULL, bnr TEXT NOT NULL, knr TEXT NOT NULL,
       gpnr TEXT NOT NULL, deliverydate TEXT NOT NULL, sales REAL NOT NULL, campaign TEXT NOT NULL DEFAULT '')`,
  );
}

/**
 * Appends checked rows ([user, bnr, knr, gpnr, deliverydate, euro, line, campaign]) in one
 * statement; the campaign is the one whose period holds the row's date (issue 60). The text is
 * parsed once into SQLite's binary JSON (`jsonb_each`): with `json_each` each row came back as
 * text and its eight cells were read from that text again, 7.5-8.1 s of a million rows' reading
 * against 5.3-5.8 s (`npm run bench:import -- --workshops 40000`, decision 068).
 * @param {CoreApp} app
 * @param {string} fileId
 * @param {unknown[][]} rows
 */
function append(app, fileId, rows) {
  exec(
    app,
    `INSERT INTO ${tables(fileId).rows} (line, user, bnr, knr, gpnr, deliverydate, sales, campaign)
     SELECT r.value ->> 6, r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4, r.value ->> 5,
            COALESCE(r.value ->> 7, '')
       FROM jsonb_each({:rows}) AS r`,
    { rows: JSON.stringify(rows) },
  );
}

/**
 * Sorts the staged rows by key and line into the sorted table (one statement; the sort spills
 * to a temporary file rather than to memory), drops the unsorted one and marks each row whose
 * key the row before it has (a repeat: an earlier line of the file has the same key).
 * @param {CoreApp} app
 * @param {string} fileId
 */
function sort(app, fileId) {
  const t = tables(fileId);
  exec(app, `DROP TABLE IF EXISTS ${t.sorted}`);
  exec(
    app,
    `CREATE TABLE ${t.sorted} (pos INTEGER PRIMARY KEY, line INTEGER NOT NULL, user TEXT NOT NULL, bnr TEXT NOT NULL,
       knr TEXT NOT NULL, gpnr TEXT NOT NULL, deliverydate TEXT NOT NULL, sales REAL NOT NULL, first INTEGER NOT NULL DEFAULT 0,
       campaign TEXT NOT NULL DEFAULT '')`,
  );
  // As in `begin` (again, should the pool have replaced the connection): a small cache, and
  // the sort spills to a temporary file instead of memory.
  exec(app, 'PRAGMA temp_store = FILE');
  exec(app, 'PRAGMA cache_size = -8000');
  exec(
    app,
    `INSERT INTO ${t.sorted} (line, ${KEY}, sales, campaign) SELECT line, ${KEY}, sales, campaign FROM ${t.rows} ORDER BY ${KEY}, line`,
  );
  exec(app, `DROP TABLE ${t.rows}`);
  // Repeats sit right after their key's first row: one pass comparing each row with the one
  // before. A repeat's first line is that row's line, or that row's first when it repeats too.
  let previous = { pos: -1, first: 0 };
  for (let after = 0; ;) {
    const page = all(
      app,
      `SELECT b.pos AS pos, a.line AS before FROM ${t.sorted} b JOIN ${t.sorted} a ON a.pos = b.pos - 1
        WHERE b.pos > {:after} AND b.user = a.user AND b.bnr = a.bnr AND b.knr = a.knr AND b.gpnr = a.gpnr
          AND b.deliverydate = a.deliverydate
        ORDER BY b.pos LIMIT 5000`,
      { after },
      { pos: 0, before: 0 },
    );
    if (page.length === 0) break;
    const marks = page.map((r) => {
      previous = { pos: r.pos, first: previous.pos === r.pos - 1 ? previous.first : r.before };
      return [r.pos, previous.first];
    });
    exec(app, `UPDATE ${t.sorted} SET first = m.value ->> 1 FROM json_each({:marks}) AS m WHERE ${t.sorted}.pos = m.value ->> 0`, {
      marks: JSON.stringify(marks),
    });
    after = page[page.length - 1].pos;
  }
  ensure(app);
  exec(app, 'INSERT OR REPLACE INTO import_cursor (file, merged) VALUES ({:file}, 0)', { file: fileId });
}

/**
 * True when `fileId` has sorted rows waiting (a held or merging import).
 * @param {CoreApp} app
 * @param {string} fileId
 */
function isSorted(app, fileId) {
  return app.auxHasTable(tables(fileId).sorted);
}

/**
 * Rows whose key an earlier line of the file has: up to `limit` after position `after`, in
 * key order ({ pos, line, first, user, bnr, knr, gpnr, deliverydate, sales }).
 * @param {CoreApp} app
 * @param {string} fileId
 * @param {number} after
 * @param {number} limit
 */
function repeated(app, fileId, after, limit) {
  return all(
    app,
    `SELECT pos, line, first, user, bnr, knr, gpnr, deliverydate, sales FROM ${tables(fileId).sorted}
      WHERE pos > {:after} AND first > 0 ORDER BY pos LIMIT {:limit}`,
    { after, limit },
    { pos: 0, line: 0, first: 0, user: '', bnr: '', knr: '', gpnr: '', deliverydate: '', sales: 0.5 },
  );
}

/**
 * data.db's writer connection with the staging database attached as `staging`, for the
 * statements that join staged rows with sales_data (the forecast and the merge). PocketBase
 * keeps that writer to one connection, so the attachment lasts; it is checked before each
 * use because the pool may have replaced the connection (ATTACH is not allowed inside a
 * transaction, so callers attach before they open one).
 * @param {CoreApp} app
 */
function attached(app) {
  const db = app.nonconcurrentDB();
  const present = arrayOf(new DynamicModel({ name: '' }));
  db.newQuery("SELECT name FROM pragma_database_list WHERE name = 'staging'").all(present);
  if (present.length === 0) {
    db.newQuery('ATTACH DATABASE {:path} AS staging')
      .bind({ path: `${app.dataDir()}/auxiliary.db` })
      .execute();
    // 8 MB of page cache instead of PocketBase's 32 MB: the forecast, the merge and the totals
    // walk sales_data's indexes in key order, so a small cache serves them as well, and a
    // full one cost about twice its size in memory (each 4 kB page takes an 8 kB slot of the
    // SQLite allocator): 1,000,000 rows peaked 104 MB higher during the merge (decision 022).
    db.newQuery('PRAGMA main.cache_size = -8000').execute();
  }
  return db;
}

/**
 * The workshops with staged rows of `fileId`, per campaign ({ campaignId: [user, …] }).
 * @param {CoreApp} app
 * @param {string} fileId
 * @returns {Record<string, string[]>}
 */
function stagedUsersByCampaign(app, fileId) {
  // One row per campaign with its workshops as one JSON array: a row apiece (40,000 records
  // read into the JavaScript runtime at once) raised PocketBase's memory by about 60 MB for a
  // second in every import (bench:busy-hour, the peak of the same file again).
  const rows = arrayOf(new DynamicModel({ campaign: '', users: '' }));
  attached(app)
    .newQuery(
      `SELECT campaign, json_group_array(user) AS users
         FROM (SELECT DISTINCT campaign, user FROM staging.${tables(fileId).sorted} WHERE first = 0 ORDER BY campaign, user)
        GROUP BY campaign`,
    )
    .all(rows);
  /** @type {Record<string, string[]>} */
  const byCampaign = {};
  for (const r of rows) byCampaign[r.campaign] = JSON.parse(r.users);
  return byCampaign;
}

/**
 * How many rows the sorted table of `fileId` holds (its positions are 1..count).
 * @param {CoreApp} app
 * @param {string} fileId
 */
function count(app, fileId) {
  return one(app, `SELECT COALESCE(MAX(pos), 0) AS n FROM ${tables(fileId).sorted}`, {}, { n: 0 }).n;
}

/**
 * How far the merge of `fileId` has come (0 when it has not started).
 * @param {CoreApp} app
 * @param {string} fileId
 */
function merged(app, fileId) {
  ensure(app);
  const rows = all(app, 'SELECT merged FROM import_cursor WHERE file = {:file}', { file: fileId }, { merged: 0 });
  return rows.length > 0 ? rows[0].merged : 0;
}

/**
 * Records that every row up to `pos` is in sales_data.
 * @param {CoreApp} app
 * @param {string} fileId
 * @param {number} pos
 */
function advance(app, fileId, pos) {
  exec(app, 'UPDATE import_cursor SET merged = {:pos} WHERE file = {:file}', { file: fileId, pos });
}

/**
 * Ids of files with staged tables (for the clean-up after a restart).
 * @param {CoreApp} app
 */
function stagedFiles(app) {
  const rows = all(
    app,
    "SELECT DISTINCT substr(name, -15) AS id FROM sqlite_master WHERE type = 'table' AND (name GLOB 'import_rows_*' OR name GLOB 'import_sorted_*')",
    {},
    { id: '' },
  );
  return rows.map((r) => r.id).filter((id) => ID.test(id));
}

module.exports = {
  begin,
  append,
  sort,
  isSorted,
  repeated,
  attached,
  stagedUsersByCampaign,
  count,
  merged,
  advance,
  drop,
  stagedFiles,
  tables,
};
