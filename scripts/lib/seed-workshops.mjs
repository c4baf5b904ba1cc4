// @ts-check
// Many workshops at once, written straight into a PocketBase data dir's SQLite file (WAL lets
// a second writer in while PocketBase runs): an API create hashes a password each time,
// which makes thousands of workshops take minutes. Used by tests and bench:import.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Inserts `count` verified workshops whose password hash is `passwordHash` (copied from an
 * account created through the API) and returns their ids: 15 characters starting with `prefix`.
 * @param {{ dataDir: string, passwordHash: string, count: number, prefix: string }} options
 */
export function insertWorkshops({ dataDir, passwordHash, count, prefix }) {
  const db = new Database(path.join(dataDir, 'data.db'));
  db.pragma('busy_timeout = 20000');
  const stamp = new Date().toISOString().replace('T', ' ');
  const insert =
    db.prepare(`INSERT INTO users (id, email, emailVisibility, password, tokenKey, verified, firstName, lastName, screenName, phone,
      shopName, address, streetNumber, zipCode, city, termsAccepted, noraLZConnections, created, updated)
      VALUES (?, ?, 0, ?, ?, 1, 'Erika', 'Mustermann', '', '', ?, 'Hauptstraße', '1', '10115', 'Berlin', 1, '[]', ?, ?)`);
  /** @type {string[]} */
  const ids = [];
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const id = `${prefix}${String(i).padStart(15 - prefix.length, '0')}`;
      insert.run(id, `${id}@example.de`, passwordHash, randomBytes(25).toString('hex'), `Werkstatt ${i}`, stamp, stamp);
      ids.push(id);
    }
  })();
  db.close();
  return ids;
}

/**
 * The stored password hash of one account (to give seeded accounts the same password).
 * @param {string} dataDir
 * @param {string} userId
 */
export function passwordHashOf(dataDir, userId) {
  const db = new Database(path.join(dataDir, 'data.db'), { readonly: true });
  db.pragma('busy_timeout = 20000');
  const row = /** @type {{ password: string }} */ (db.prepare('SELECT password FROM users WHERE id = ?').get(userId));
  db.close();
  return row.password;
}
