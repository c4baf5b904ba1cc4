// @ts-check
// The campaign at its real size for the benchmarks (bench:load, bench:burst): seeded straight
// into SQLite with PocketBase stopped, and the small helpers both benchmarks share.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import PocketBase from 'pocketbase';

import { startPortal } from '../../lib/portal-server.mjs';
import { mulberry32 } from '../../lib/random.mjs';
import { rules } from '../../lib/rules.mjs';

export const CENTRES = 320;
export const PASSWORD = 'Bench-Pass-2025';
/** The header the SPA sends its token in with the profile page (decision 047): the benchmarks load it as the SPA does. */
export const { PAGE_TOKEN_HEADER, SIGN_UP_PASSWORD } = rules;

/**
 * A workshop's sign-up as the app's registration sends it (src/features/registration/api/
 * register-workshop.ts): the password under the sign-up key (decision 052), or under `key`.
 */
/**
 * @param {string} email
 * @param {{ shopName?: string, key?: string }} [options]
 */
export const signUpBody = (email, { shopName = 'Kfz-Betrieb Messung', key = SIGN_UP_PASSWORD } = {}) => ({
  email,
  [key]: PASSWORD,
  passwordConfirm: PASSWORD,
  termsAccepted: true,
  firstName: 'Erika',
  lastName: 'Mustermann',
  shopName,
  address: 'Hauptstraße',
  streetNumber: '1',
  zipCode: '10115',
  city: 'Berlin',
});

/**
 * A redemption as the cashback form sends it: `user` redeems `code` ({ voucher, campaign }) with
 * bank details and `pdf` (bytes) as its invoice. `Form` is the FormData of the client that sends it.
 * @param {string} user
 * @param {{ voucher: string, campaign: string }} code
 * @param {Uint8Array} pdf
 * @param {new () => { append(name: string, value: string | Blob, fileName?: string): void }} [Form]
 */
export function redemptionForm(user, code, pdf, Form = FormData) {
  const form = new Form();
  const fields = {
    user,
    voucher: code.voucher,
    campaign: code.campaign,
    ibanFirstName: 'Erika',
    ibanLastName: 'Mustermann',
    ibanNumber: 'DE89370400440532013000',
    ibanBic: 'COBADEFFXXX',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (pdf)], { type: 'application/pdf' }), 'rechnung.pdf');
  return form;
}

/** A 15-character record id: `prefix` and `n` padded with zeros. @param {string} prefix @param {number} n */
export const id15 = (prefix, n) => `${prefix}${String(n).padStart(15 - prefix.length, '0')}`;
export const now = () => new Date().toISOString().replace('T', ' ');

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** The `n`th seeded code, the same in every run. @param {number} n */
export function codeFor(n) {
  const digest = createHash('sha256').update(`bench-code-${n}`).digest();
  const chars = Array.from(digest.subarray(0, 8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]);
  return `NORA-${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** The `p`th percentile of ascending `sorted` (NaN for none). @param {number[]} sorted @param {number} p */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}

/**
 * Writes the campaign's size straight into a stopped PocketBase's data.db: 320 centres,
 * `workshops` workshops (one centre link each, the password hash of `template`), `rows` sales
 * rows with their totals and the codes they earn (the last one open).
 * @param {string} dataDir
 * @param {{ password: string }} template
 * @param {{ id: string, campaignStart: string, campaignEnd: string, threshold: number }} campaign
 * @param {{ workshops: number, rows: number }} size
 */
export function seed(dataDir, template, campaign, { workshops: WORKSHOPS, rows: ROWS }) {
  const db = new Database(path.join(dataDir, 'data.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const stamp = now();
  const random = mulberry32(40000);
  const started = process.hrtime.bigint();

  const insertCentre = db.prepare(
    'INSERT INTO nora_lz (id, bnr, city, partnerName, zipCode, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertUser =
    db.prepare(`INSERT INTO users (id, email, emailVisibility, password, tokenKey, verified, firstName, lastName, screenName, phone,
      shopName, address, streetNumber, zipCode, city, termsAccepted, noraLZConnections, created, updated)
      VALUES (?, ?, 0, ?, ?, 1, ?, ?, '', ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`);
  const insertLink = db.prepare(
    'INSERT INTO user_lz_connections (id, user, noraLz, customerNumber, gpnr, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertSale = db.prepare(
    'INSERT INTO sales_data (id, user, campaign, bnr, knr, gpnr, deliverydate, sales, sourceFile, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertTotal = db.prepare('INSERT INTO sales_totals (id, user, campaign, totalSales, toNextCashback) VALUES (?, ?, ?, ?, ?)');
  const insertVoucher = db.prepare(
    'INSERT INTO vouchers (id, code, status, tier, user, campaign, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );

  const perWorkshop = Math.ceil(ROWS / WORKSHOPS);
  const start = Date.parse(campaign.campaignStart);
  const span = Math.max(1, Math.floor((Date.parse(campaign.campaignEnd) - start) / 86_400_000));
  let sale = 0;
  let voucher = 0;
  db.transaction(() => {
    for (let c = 0; c < CENTRES; c += 1)
      insertCentre.run(id15('lz', c), String(500001 + c), 'Benchstadt', `Autohaus Bench ${c}`, '10115', stamp, stamp);
    for (let w = 0; w < WORKSHOPS; w += 1) {
      const user = id15('ws', w);
      const link = id15('cn', w);
      const centre = w % CENTRES;
      insertUser.run(
        user,
        `werkstatt${w}@bench.test`,
        template.password,
        randomBytes(25).toString('hex'),
        'Erika',
        'Mustermann',
        '0049301234567',
        `Kfz-Betrieb ${w}`,
        'Hauptstraße',
        '12',
        '10115',
        'Berlin',
        JSON.stringify([link]),
        stamp,
        stamp,
      );
      insertLink.run(link, user, id15('lz', centre), `KD${w}`, '', stamp, stamp);
      let total = 0;
      for (let r = 0; r < perWorkshop && sale < ROWS; r += 1, sale += 1) {
        const amount = Math.round(random() * 4000) / 100; // up to 40 EUR a line: a few codes per workshop
        total += amount;
        const day = new Date(start + Math.floor(random() * span) * 86_400_000).toISOString().slice(0, 10);
        insertSale.run(id15('sd', sale), user, campaign.id, String(500001 + centre), `KD${w}`, `G${r}`, day, amount, '', stamp, stamp);
      }
      total = Math.round(total * 100) / 100;
      insertTotal.run(id15('st', w), user, campaign.id, total, rules.toNextCashback(total, campaign.threshold));
      const earned = rules.codesEarned(total, campaign.threshold);
      for (let tier = 1; tier <= earned; tier += 1, voucher += 1) {
        const status = tier < earned ? 'closed' : 'open';
        insertVoucher.run(id15('vc', voucher), codeFor(voucher), status, tier, user, campaign.id, stamp, stamp);
      }
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
  db.close();
  return { sales: sale, vouchers: voucher, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** Counts one more `key` in `map` (statuses and the like). @template K @param {Map<K, number>} map @param {K} key */
export function tally(map, key) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/**
 * Up to `limit` seeded open codes with their workshops ({ voucher, campaign, email, user }), read
 * straight from the data dir; fewer than `atLeast` is an error (too few rows per workshop).
 * @param {string} dataDir
 * @param {{ limit: number, atLeast?: number }} options
 * @returns {{ voucher: string, campaign: string, email: string, user: string }[]}
 */
export function openCodes(dataDir, { limit, atLeast = limit }) {
  const db = new Database(path.join(dataDir, 'data.db'), { readonly: true });
  try {
    const codes = db
      .prepare(
        "SELECT v.id AS voucher, v.campaign AS campaign, u.email AS email, u.id AS user FROM vouchers v JOIN users u ON u.id = v.user WHERE v.status = 'open' ORDER BY v.id LIMIT ?",
      )
      .all(limit);
    if (codes.length < atLeast) throw new Error(`only ${codes.length} open codes seeded; give more rows per workshop`);
    return /** @type {{ voucher: string, campaign: string, email: string, user: string }[]} */ (codes);
  } finally {
    db.close();
  }
}

/** A valid PDF of about `bytes` (a real header, comment lines as filler, a trailer). @param {number} bytes */
export function pdfOf(bytes) {
  const head = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n';
  const line = `%${'x'.repeat(98)}\n`;
  return Buffer.from(head + line.repeat(Math.ceil(bytes / line.length)) + 'trailer<</Root 1 0 R>>\n%%EOF\n');
}

/** Resident and peak memory of a process, in MB (from /proc). @param {number | undefined} pid */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (/** @type {string} */ name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** CPU seconds a process has used (utime + stime, from /proc). @param {number | undefined} pid */
export function cpu(pid) {
  const fields = String(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * A portal with the campaign seeded: PocketBase runs its migrations, one workshop is created
 * through the API (its password hash is reused), PocketBase stops, the rows go in, and a
 * fresh PocketBase (with `env`) starts on the data. Returns the server, the campaign, and
 * `restart` (stops the server and starts a fresh one on the same data).
 * @param {{ dataDir: string, workshops: number, rows: number, env?: Record<string, string>, log: (msg: string) => void }} options
 */
export async function seededPortal({ dataDir, workshops, rows, env = {}, log }) {
  const start = () => startPortal({ dataDir, seed: false, env });
  log('starting PocketBase to run the migrations...');
  let server = await start();
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection('_superusers').authWithPassword(server.superuser.email, server.superuser.password);
  const campaign = /** @type {import('pocketbase').RecordModel & { campaignStart: string, campaignEnd: string, threshold: number }} */ (
    await su.collection('campaigns').getFirstListItem('active = true')
  );
  const template = await su.collection('users').create(signUpBody('vorlage@bench.test', { shopName: 'Vorlage' }));
  await server.stop();
  const db = new Database(path.join(dataDir, 'data.db'), { readonly: true });
  const { password } = /** @type {{ password: string }} */ (db.prepare('SELECT password FROM users WHERE id = ?').get(template.id));
  db.close();
  log(`seeding ${workshops.toLocaleString('en')} workshops and ${rows.toLocaleString('en')} sales rows into SQLite...`);
  const seeded = seed(dataDir, { password }, campaign, { workshops, rows });
  log(
    `seeded ${seeded.sales.toLocaleString('en')} rows and ${seeded.vouchers.toLocaleString('en')} codes in ${seeded.seconds.toFixed(1)} s`,
  );
  server = await start();
  const restart = async () => {
    await server.stop();
    server = await start();
    return server;
  };
  return { server, campaign, seeded, restart };
}

/**
 * Raises the campaign's plausibility gate and the outbox's mail rate (superuser client `su`): an
 * import benchmark measures the import, not an administrator's confirmation or the relay's limit.
 * @param {PocketBase} su
 * @param {{ id: string }} campaign
 */
export async function raiseImportLimits(su, campaign) {
  await su.collection('campaigns').update(campaign.id, { maxCodesPerWeek: 10_000_000, maxCodesPerWorkshopPerWeek: 100_000 });
  const settings = await su.collection('portal_settings').getFirstListItem("key = 'default'");
  await su.collection('portal_settings').update(settings.id, { mailsPerMinute: 100_000 });
}

/**
 * An administrator for a benchmark (superuser client `su`); staff sign in by mailed code, so take a session by impersonation.
 * @param {PocketBase} su
 */
export function benchAdministrator(su, email = 'chef@bench.test') {
  return su.collection('administrators').create({
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    firstName: 'Bench',
    lastName: 'Admin',
    verified: true,
  });
}
