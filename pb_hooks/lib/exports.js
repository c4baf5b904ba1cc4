/// <reference path="../../pb_data/types.d.ts" />

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

function rowsOf(app, sql, shape) {
  const rows = arrayOf(new DynamicModel(shape));
  app.db().newQuery(sql).all(rows);
  return rows;
}

/** One row per workshop and linked service centre; workshops without a centre get one row without. */
function writeUserFile(app, record) {
  const csv = require(`${__hooks}/lib/csv.js`);
  const rows = rowsOf(
    app,
    `SELECT u.id AS id, u.firstName AS firstName, u.lastName AS lastName, u.email AS email, u.phone AS phone,
            u.shopName AS shopName, u.address AS address, u.streetNumber AS streetNumber, u.zipCode AS zipCode, u.city AS city,
            COALESCE(n.bnr, '') AS bnr, COALESCE(c.customerNumber, '') AS knr, COALESCE(c.gpnr, '') AS gpnr
       FROM users u
       LEFT JOIN user_lz_connections c ON c.user = u.id
       LEFT JOIN nora_lz n ON n.id = c.noraLz
      ORDER BY u.created, u.id, n.bnr`,
    {
      id: '',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      shopName: '',
      address: '',
      streetNumber: '',
      zipCode: '',
      city: '',
      bnr: '',
      knr: '',
      gpnr: '',
    },
  );
  const users = {};
  const body = csv.write(
    USER_FILE_HEADER,
    rows.map((r) => {
      users[r.id] = true;
      return [
        r.id,
        r.firstName,
        r.lastName,
        r.email,
        r.phone,
        r.shopName,
        r.address,
        r.streetNumber,
        r.zipCode,
        r.city,
        r.bnr,
        r.knr,
        r.gpnr,
      ];
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

/** The registrations file: one row per workshop with its linked centres' business numbers. */
function writeRegistrationFile(app) {
  const csv = require(`${__hooks}/lib/csv.js`);
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
      r.created,
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
  const day = new Date().toISOString().slice(0, 10);
  const name = `registrierungen_${day}.csv`;
  record.set('filename', name);
  record.set('file', $filesystem.fileFromBytes(body, name));
  record.set('totalRows', rows.length);
  app.save(record);
  return record;
}

const BNR_HEADER = ['user', 'bnr', 'knr', 'gpnr'];

/** Business partner numbers: sets gpnr on the workshop's link to the centre with that bnr. */
function importBusinessPartnerNumbers(app, record) {
  const csv = require(`${__hooks}/lib/csv.js`);
  const uploads = require(`${__hooks}/lib/uploads.js`);
  const text = uploads.readUploadText(app, record);
  const lines = text.split(/\r?\n/);
  const { sep, names } = uploads.readHeader(text);
  if (text.indexOf('\uFFFD') >= 0 || names.join(',') !== BNR_HEADER.join(',')) {
    const message =
      text.indexOf('\uFFFD') >= 0 ? uploads.NOT_UTF8 : `Falsche Kopfzeile. Erwartet werden genau die Spalten ${BNR_HEADER.join(',')}.`;
    uploads.failUpload(app, 'business_partner_number_files', record.id, message);
    return;
  }
  const fresh = app.findRecordById('business_partner_number_files', record.id);
  const failed = [];
  let ok = 0;
  app.runInTransaction((tx) => {
    for (let i = 1; i < lines.length; i++) {
      const raw = lines[i];
      if (!raw.trim()) continue;
      const f = csv.parseLine(raw, sep).map((x) => x.trim());
      let reason = null;
      if (f.length !== 4) reason = 'Falsche Anzahl an Spalten';
      else if (!f[0] || !f[1] || !f[3]) reason = `Pflichtfeld fehlt: ${!f[0] ? 'user' : !f[1] ? 'bnr' : 'gpnr'}`;
      else if (f[3].length > 30) reason = 'Feld zu lang (höchstens 30 Zeichen): gpnr';
      if (!reason) {
        const links = tx.findRecordsByFilter('user_lz_connections', 'user = {:user} && noraLz.bnr = {:bnr}', '', 1, 0, {
          user: f[0],
          bnr: f[1],
        });
        if (links.length === 0) reason = 'Keine Verknüpfung dieser Werkstatt mit einem Leistungszentrum mit dieser bnr';
        else if (f[2] && links[0].getString('customerNumber') !== f[2]) reason = 'Kundennummer (knr) passt nicht zur Verknüpfung';
        else {
          links[0].set('gpnr', f[3]);
          tx.save(links[0]);
          ok++;
        }
      }
      if (reason) failed.push(f.length === 4 ? f.concat([reason]) : [raw, '', '', '', reason]);
    }
    fresh.set('status', 'done');
    fresh.set('progress', 100);
    fresh.set('successfullyProcessedRows', ok);
    fresh.set('failedProcessedRows', failed.length);
    if (failed.length > 0) {
      fresh.set(
        'failedRowsCsv',
        $filesystem.fileFromBytes(csv.write(BNR_HEADER.concat(['fehler']), failed), `fehlerhafte_zeilen_${record.id}.csv`),
      );
    }
    tx.save(fresh);
  });
}

module.exports = { writeUserFile, writeRegistrationFile, importBusinessPartnerNumbers, USER_FILE_HEADER, REGISTRATION_HEADER };
