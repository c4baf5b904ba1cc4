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

const BNR_HEADER = ['user', 'bnr', 'knr', 'gpnr'];

const { CSV_ROW, LIMITS } = require(`${__hooks}/lib/vendor/rules.js`);
const ID_MAX = LIMITS.idMax;
// The refusals of this import's own rules; the ones both staff imports share are the rulebook's CSV_ROW.
const BNR_REASONS = { noLink: CSV_ROW.partnerNoLink, knr: CSV_ROW.partnerKnr };

/**
 * Business partner numbers through the import pipeline: each row sets gpnr on the
 * workshop's link to the centre with that bnr (short transactions; setting a value twice
 * changes nothing, so an interrupted file can simply run again).
 * @param {CoreApp} app
 * @param {core.Record} record
 */
function importBusinessPartnerNumbers(app, record) {
  const pipeline = require(`${__hooks}/lib/import-pipeline.js`);
  const uploads = require(`${__hooks}/lib/uploads.js`);
  const upload = pipeline.open(app, record);
  if (upload.error || (upload.names || []).join(',') !== BNR_HEADER.join(',')) {
    const message = upload.error || require(`${__hooks}/lib/vendor/rules.js`).IMPORT_MESSAGES.partnerHeader(BNR_HEADER.join(','));
    uploads.failUpload(app, 'business_partner_number_files', record.id, message);
    return;
  }
  const result = pipeline.run(upload, {
    width: BNR_HEADER.length,
    chunk: 500,
    check: (raw) => {
      if (raw.length !== 4) return { reason: CSV_ROW.columns };
      const f = raw.map((x) => x.trim());
      for (const i of [0, 1, 3]) if (!f[i]) return { reason: CSV_ROW.missing(BNR_HEADER[i]) };
      for (let i = 0; i < 4; i++) if (f[i].length > ID_MAX) return { reason: CSV_ROW.tooLong(BNR_HEADER[i]) };
      return { values: f };
    },
    refuses: true,
    /** @param {Array<{ values: string[], line: number }>} batch */
    flush: (batch) => {
      /** @type {Array<{ line: number, reason: string }>} */
      const refused = [];
      require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
        for (const row of batch) {
          const [user, bnr, knr, gpnr] = row.values;
          const links = tx.findRecordsByFilter('user_lz_connections', 'user = {:user} && noraLz.bnr = {:bnr}', '', 1, 0, { user, bnr });
          let reason = null;
          if (links.length === 0) {
            const known = tx.findRecordsByFilter('users', 'id = {:user}', '', 1, 0, { user }).length > 0;
            reason = known ? BNR_REASONS.noLink : CSV_ROW.user;
          } else if (knr && links[0].getString('customerNumber') !== knr) reason = BNR_REASONS.knr;
          if (reason) {
            refused.push({ line: row.line, reason });
            continue;
          }
          if (links[0].getString('gpnr') !== gpnr) {
            links[0].set('gpnr', gpnr);
            tx.save(links[0]);
          }
        }
      });
      return refused;
    },
  });
  const fresh = app.findRecordById('business_partner_number_files', record.id);
  fresh.set('status', 'done');
  fresh.set('progress', 100);
  fresh.set('successfullyProcessedRows', result.accepted);
  const failedLines = pipeline.mergeFailed(result, []);
  fresh.set('failedProcessedRows', failedLines.length);
  if (failedLines.length > 0) {
    fresh.set('failedRowsCsv', pipeline.failedRowsFile(BNR_HEADER, failedLines, `fehlerhafte_zeilen_${record.id}.csv`));
  }
  app.save(fresh);
}

/**
 * Imports a partner-number upload; whatever fails, the record ends 'done' or 'failed' with a German message.
 * @param {CoreApp} app
 * @param {core.Record} record
 */
function importPartnerNumberUpload(app, record) {
  try {
    importBusinessPartnerNumbers(app, record);
  } catch (err) {
    app.logger().error('business partner import failed', 'file', record.id, 'error', String(err));
    const current = app.findRecordById('business_partner_number_files', record.id);
    current.set('status', 'failed');
    current.set('errorMessage', require(`${__hooks}/lib/vendor/rules.js`).IMPORT_MESSAGES.partnerFailed);
    app.saveNoValidate(current);
  }
}

module.exports = {
  importPartnerNumberUpload,
  writeUserFile,
  writeRegistrationFile,
  writeDailyRegistrationFile,
  importBusinessPartnerNumbers,
  USER_FILE_HEADER,
  REGISTRATION_HEADER,
  BNR_REASONS,
};
