// @ts-check
// The weekly sales file of the import benchmarks (bench:import, bench:busy-hour) and the raw
// SQLite insert of the same rows they compare the import with.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

import { mulberry32 } from '../../lib/random.mjs';
import { CENTRES, id15 } from './campaign.mjs';

export const SALES_HEADER = 'user,bnr,knr,gpnr,deliverydate,sales';

/** @typedef {string[]} Row user, bnr, knr, gpnr, deliverydate, sales, as the file's columns */

/** The file's text: the header and one line per row. @param {Row[]} rows */
export const csvOf = (rows) => `${SALES_HEADER}\n${rows.map((r) => r.join(',')).join('\n')}\n`;

/**
 * A raw better-sqlite3 insert of `rows` into a table shaped like sales_data (its unique identity
 * and its per-campaign index), WAL and synchronous NORMAL as PocketBase runs SQLite, in one
 * transaction: the floor an import of the same rows is measured against. Returns the seconds.
 * @param {Row[]} rows
 */
export function rawSqliteSeconds(rows) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-sqlite-'));
  const db = new Database(path.join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE sales_data (id TEXT PRIMARY KEY, user TEXT, campaign TEXT, bnr TEXT, knr TEXT, gpnr TEXT, deliverydate TEXT, sales NUMERIC);
           CREATE UNIQUE INDEX idx_identity ON sales_data (user, bnr, knr, gpnr, deliverydate);
           CREATE INDEX idx_user_campaign ON sales_data (user, campaign);`);
  const insert = db.prepare('INSERT INTO sales_data VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const started = process.hrtime.bigint();
  db.transaction(() => {
    for (let i = 0; i < rows.length; i++) {
      const r = /** @type {Row} */ (rows[i]);
      insert.run(`r${i}`, r[0], 'campaign', r[1], r[2], r[3], r[4], Number(r[5]));
    }
  })();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return seconds;
}

/**
 * The codes the rows earn on top of `before` (cents per workshop): per workshop, the 500 € steps crossed.
 * @param {Row[]} rows @param {number} threshold @param {Map<string, number>} [before]
 */
export function codesEarnedBy(rows, threshold, before = new Map()) {
  const cents = new Map(before);
  for (const [user = '', , , , , sales] of rows) cents.set(user, (cents.get(user) ?? 0) + Math.round(Number(sales) * 100));
  const step = Math.round(threshold * 100);
  let codes = 0;
  for (const [user, c] of cents) codes += Math.max(0, Math.floor(c / step)) - Math.max(0, Math.floor((before.get(user) ?? 0) / step));
  return codes;
}

/**
 * A weekly file of the seeded campaign (bench:busy-hour): `rows` rows over every one of `workshops`
 * seeded workshops at its own centre and customer number, in 2025's period; gpnr 'W…' so no row
 * repeats a seeded one.
 * @param {{ rows: number, workshops: number }} size
 * @returns {Row[]}
 */
export function weeklyRows({ rows: ROWS, workshops: WORKSHOPS }) {
  const random = mulberry32(2026);
  const start = Date.UTC(2025, 4, 15);
  const rows = new Array(ROWS);
  const perWorkshop = new Array(WORKSHOPS).fill(0);
  for (let i = 0; i < ROWS; i += 1) {
    const w = i % WORKSHOPS;
    const day = new Date(start + Math.floor(random() * 160) * 86_400_000).toISOString().slice(0, 10);
    const sales = (Math.floor(random() * 2400) / 100).toFixed(2); // up to 24 EUR a line
    rows[i] = [id15('ws', w), String(500001 + (w % CENTRES)), `KD${w}`, `W${perWorkshop[w]++}`, day, sales];
  }
  return rows;
}

/** The file with every tenth row's amount changed (a corrected delivery). @param {Row[]} rows */
export const changedRows = (rows) => rows.map((r, i) => (i % 10 === 0 ? [...r.slice(0, 5), (Number(r[5]) + 1.25).toFixed(2)] : r));

/** Each seeded workshop's total in cents, read from the stopped portal's data (what the codes so far are based on). */
/** @param {string} dataDir @returns {Map<string, number>} */
export function seededTotals(dataDir) {
  const db = new Database(path.join(dataDir, 'data.db'), { readonly: true });
  try {
    return new Map(
      db
        .prepare('SELECT user, totalSales FROM sales_totals')
        .all()
        .map((t) => {
          const { user, totalSales } = /** @type {{ user: string, totalSales: number }} */ (t);
          return [user, Math.round(totalSales * 100)];
        }),
    );
  } finally {
    db.close();
  }
}
