/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Files the server writes for staff (DECISIONS section 4): the user data file and the
// registrations file. Every cell goes through csv.write (quoted, `;`, BOM, no formulas).

const USER_FILE_HEADER = [
  'userId',
  'vorname',
  'nachname',
  'email',
  'telefon',
  'werkstatt',
  'strasse',
  'hausnummer',
  'plz',
  'ort',
  'bnr',
  'knr',
  'gpnr',
];

// The user file's columns, in the header's order.
const USER_FILE_COLUMNS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'phone',
  'shopName',
  'address',
  'streetNumber',
  'zipCode',
  'city',
  'bnr',
  'knr',
  'gpnr',
];

/**
 * @param {CoreApp} app
 * @param {string} sql
 * @param {Record<string, any>} shape
 */
const rowsOf = (app, sql, shape) => require(`${__hooks}/lib/database.js`).rowsOf(app, sql, null, shape);

/**
 * One row per workshop and linked service centre; workshops without a centre get one row without.
 * A file of one campaign (issue 60) holds the workshops with sales or codes in it.
 * @param {CoreApp} app
 * @param {core.Record} record
 */
function writeUserFile(app, record) {
  const csv = require(`${__hooks}/lib/csv.js`);
  const campaign = record.getString('campaign');
  const only = campaign
    ? `WHERE u.id IN (SELECT t.user FROM sales_totals t WHERE t.campaign = {:c})
          OR u.id IN (SELECT v.user FROM vouchers v WHERE v.campaign = {:c})`
    : '';
  const rows = require(`${__hooks}/lib/database.js`).rowsOf(
    app,
    `SELECT u.id AS id, u.firstName AS firstName, u.lastName AS lastName, u.email AS email, u.phone AS phone,
            u.shopName AS shopName, u.address AS address, u.streetNumber AS streetNumber, u.zipCode AS zipCode, u.city AS city,
            COALESCE(n.bnr, '') AS bnr, COALESCE(c.customerNumber, '') AS knr, COALESCE(c.gpnr, '') AS gpnr
       FROM users u
       LEFT JOIN user_lz_connections c ON c.user = u.id
       LEFT JOIN nora_lz n ON n.id = c.noraLz
      ${only}
      ORDER BY u.created, u.id, n.bnr`,
    { c: campaign },
    Object.fromEntries(USER_FILE_COLUMNS.map((c) => [c, ''])),
  );
  /** @type {Record<string, boolean>} */
  const users = {};
  const body = csv.write(
    USER_FILE_HEADER,
    rows.map((r) => {
      users[r.id] = true;
      return USER_FILE_COLUMNS.map((c) => r[c]);
    }),
  );
  const fresh = app.findRecordById('user_file', record.id);
  fresh.set('file', $filesystem.fileFromBytes(body, fresh.getString('filename')));
  fresh.set('totalUsers', Object.keys(users).length);
  app.save(fresh);
}

const REGISTRATION_HEADER = [
  'userId',
  'registriertAm',
  'bestaetigt',
  'vorname',
  'nachname',
  'email',
  'werkstatt',
  'plz',
  'ort',
  'leistungszentren',
];

/**
 * The registrations file: one row per workshop with its linked centres' business numbers.
 * @param {CoreApp} app
 */
function writeRegistrationFile(app) {
  const csv = require(`${__hooks}/lib/csv.js`);
  const clock = require(`${__hooks}/lib/clock.js`);
  const rows = rowsOf(
    app,
    `SELECT u.id AS id, u.created AS created, u.verified AS verified, u.firstName AS firstName, u.lastName AS lastName, u.email AS email,
            u.shopName AS shopName, u.zipCode AS zipCode, u.city AS city,
            COALESCE((SELECT group_concat(n.bnr, ' ') FROM user_lz_connections c JOIN nora_lz n ON n.id = c.noraLz WHERE c.user = u.id), '') AS centres
       FROM users u ORDER BY u.created, u.id`,
    { id: '', created: '', verified: false, firstName: '', lastName: '', email: '', shopName: '', zipCode: '', city: '', centres: '' },
  );
  const body = csv.write(
    REGISTRATION_HEADER,
    rows.map((r) => [
      r.id,
      // Berlin time, as every screen shows it (issue 58: the file wrote UTC, '…Z').
      clock.berlinDateTime(r.created),
      r.verified ? 'ja' : 'nein',
      r.firstName,
      r.lastName,
      r.email,
      r.shopName,
      r.zipCode,
      r.city,
      r.centres,
    ]),
  );
  const collection = app.findCollectionByNameOrId('workshop_files');
  const record = new Record(collection);
  // Berlin date and time to the second, so two files of one day have names of their own (issue 35).
  const now = new Date();
  const when = require(`${__hooks}/lib/clock.js`).berlinDay(now);
  const name = `registrierungen_${when.iso}_${when.time.replace(':', '')}${String(now.getUTCSeconds()).padStart(2, '0')}.csv`;
  record.set('filename', name);
  record.set('file', $filesystem.fileFromBytes(body, name));
  record.set('totalRows', rows.length);
  app.save(record);
  return record;
}

/**
 * The daily run (once in its minute, however often the scheduler ticks).
 * @param {CoreApp} app
 */
function writeDailyRegistrationFile(app) {
  if (!require(`${__hooks}/lib/counters.js`).claimMinute(app, 'registrations-file')) return null;
  return writeRegistrationFile(app);
}

module.exports = {
  writeUserFile,
  writeRegistrationFile,
  writeDailyRegistrationFile,
  USER_FILE_HEADER,
  REGISTRATION_HEADER,
};
