/// <reference path="../../pb_data/types.d.ts" />

const HEADER = ['user', 'bnr', 'knr', 'gpnr', 'deliverydate', 'sales'];
const CHUNK = 5000; // rows per staging transaction
const MAX_LINE = 2000;
const MAX_FIELD = 30;

const FILE_ERRORS = {
  empty: 'Die Datei ist leer.',
  binary: 'Die Datei ist keine Textdatei. Bitte laden Sie eine CSV-Datei hoch.',
  encoding: require(`${__hooks}/lib/uploads.js`).NOT_UTF8,
  header: `Falsche Kopfzeile. Erwartet werden genau die Spalten ${HEADER.join(',')} (getrennt durch Komma oder Semikolon).`,
  interrupted: 'Der Import wurde unterbrochen (Server-Neustart). Es wurden keine Zeilen übernommen. Bitte laden Sie die Datei erneut hoch.',
  noCampaign: 'Es gibt keine aktive Aktion.',
};

const ROW_ERRORS = {
  columns: 'Falsche Anzahl an Spalten',
  tooLong: 'Zeile ist zu lang',
  missing: (f) => `Pflichtfeld fehlt: ${f}`,
  fieldTooLong: (f) => `Feld zu lang (höchstens ${MAX_FIELD} Zeichen): ${f}`,
  user: 'Unbekannte Benutzer-ID',
  date: 'Ungültiges Lieferdatum (erwartet JJJJ-MM-TT)',
  period: 'Lieferdatum liegt außerhalb des Aktionszeitraums',
  sales: 'Ungültiger Umsatz',
};

/** '1.234,50', '1234,50', '1234.50', '-20' → number, or null. */
function parseAmount(raw) {
  let text = String(raw).trim().replace(/\s/g, '');
  if (text.indexOf(',') >= 0) text = text.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Math.round(parseFloat(text) * 100) / 100;
}

function failFile(app, record, message) {
  require(`${__hooks}/lib/uploads.js`).failUpload(app, 'sales_data_files', record.id, message, {
    progress: 100,
    unchangedDataCount: 0,
    updatedDataCount: 0,
    newDataCount: 0,
  });
}

function setProgress(app, record, percent) {
  record.set('progress', Math.max(0, Math.min(100, Math.round(percent))));
  app.saveNoValidate(record);
}

function loadUserIds(app) {
  const rows = arrayOf(new DynamicModel({ id: '' }));
  app.db().newQuery('SELECT id FROM users').all(rows);
  const ids = {};
  for (const r of rows) ids[r.id] = true;
  return ids;
}

/**
 * Writes one chunk of checked rows in a single statement: the rows travel as one bound JSON
 * parameter and SQLite unpacks them with json_each (never string-built SQL values). One
 * parameter instead of thousands keeps goja's share of the work small.
 */
function stage(app, fileId, rows, offset) {
  // Ids in upload order (6 characters of the file id, then the row number): every insert
  // appends to the B-tree instead of landing on a random page.
  app
    .db()
    .newQuery(
      `INSERT INTO sales_import_rows (id, file, user, bnr, knr, gpnr, deliverydate, sales)
       SELECT substr({:file}, 1, 6) || printf('%09d', {:offset} + r.key), {:file},
              r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4, r.value ->> 5
         FROM json_each({:rows}) AS r`,
    )
    .bind({ file: fileId, offset: offset, rows: JSON.stringify(rows) })
    .execute();
}

function one(app, sql, params, shape) {
  const row = new DynamicModel(shape);
  app.db().newQuery(sql).bind(params).one(row);
  return row;
}

/**
 * Imports one uploaded sales CSV (DECISIONS section 4). Rows are checked and staged in
 * short transactions, then merged into sales_data, counted and totalled in one
 * transaction: a crash before that leaves no rows, and the file record shows the failure.
 */
function importSalesFile(app, record) {
  const csv = require(`${__hooks}/lib/csv.js`);
  const clock = require(`${__hooks}/lib/clock.js`);
  const fileId = record.id;

  let campaign;
  try {
    campaign = app.findFirstRecordByFilter('campaigns', 'active = true');
  } catch (_) {
    return failFile(app, record, FILE_ERRORS.noCampaign);
  }
  const start = clock.parseDate(campaign.getString('campaignStart')).getTime();
  const end = clock.parseDate(campaign.getString('campaignEnd')).getTime();

  record.set('status', 'processing');
  setProgress(app, record, 0);

  const uploads = require(`${__hooks}/lib/uploads.js`);
  const text = uploads.readUploadText(app, record);
  if (text.trim() === '') return failFile(app, record, FILE_ERRORS.empty);
  if (text.indexOf('\u0000') >= 0) return failFile(app, record, FILE_ERRORS.binary);
  if (text.indexOf('\uFFFD') >= 0) return failFile(app, record, FILE_ERRORS.encoding);

  const { end: headerEnd, sep, names } = uploads.readHeader(text);
  if (names.join(',') !== HEADER.join(',')) return failFile(app, record, FILE_ERRORS.header);
  let pos = headerEnd < text.length ? headerEnd : -1;

  const users = loadUserIds(app);
  const dateOk = {};
  const failed = [];
  let batch = [];
  let staged = 0;
  let lastProgress = 0;
  const total = text.length;

  while (pos >= 0 && pos < text.length) {
    const next = text.indexOf('\n', pos + 1);
    const raw = (next < 0 ? text.slice(pos + 1) : text.slice(pos + 1, next)).replace(/\r$/, '');
    pos = next;
    if (raw.trim() === '') continue;

    let reason = null;
    let fields = null;
    if (raw.length > MAX_LINE) reason = ROW_ERRORS.tooLong;
    else {
      fields = csv.parseLine(raw, sep).map((f) => f.trim());
      if (fields.length !== HEADER.length) reason = ROW_ERRORS.columns;
    }
    if (!reason) {
      for (let i = 0; i < 5 && !reason; i++) {
        if (!fields[i]) reason = ROW_ERRORS.missing(HEADER[i]);
        else if (fields[i].length > MAX_FIELD) reason = ROW_ERRORS.fieldTooLong(HEADER[i]);
      }
    }
    if (!reason && !fields[5]) reason = ROW_ERRORS.missing('sales');
    if (!reason && !users[fields[0]]) reason = ROW_ERRORS.user;
    if (!reason) {
      const d = fields[4];
      let verdict = dateOk[d];
      if (verdict === undefined) {
        const noon = /^\d{4}-\d{2}-\d{2}$/.test(d) ? Date.parse(`${d}T12:00:00Z`) : NaN;
        verdict = isNaN(noon) || new Date(noon).toISOString().slice(0, 10) !== d ? 'date' : noon < start || noon > end ? 'period' : 'ok';
        dateOk[d] = verdict;
      }
      if (verdict !== 'ok') reason = ROW_ERRORS[verdict];
    }
    let amount = null;
    if (!reason) {
      amount = parseAmount(fields[5]);
      if (amount === null) reason = ROW_ERRORS.sales;
    }
    if (reason) {
      failed.push([raw.length > MAX_LINE ? `${raw.slice(0, 200)}…` : raw, reason]);
      continue;
    }
    batch.push([fields[0], fields[1], fields[2], fields[3], fields[4], amount]);
    if (batch.length >= CHUNK) {
      stage(app, fileId, batch, staged);
      staged += batch.length;
      batch = [];
      const percent = ((next < 0 ? total : next) / total) * 90;
      if (percent - lastProgress >= 5) {
        lastProgress = percent;
        setProgress(app, record, percent);
      }
    }
  }
  if (batch.length > 0) stage(app, fileId, batch, staged);
  setProgress(app, record, 92);

  // Counts and failed rows are fixed before anything reaches sales_data (reads only: they
  // do not hold the write lock). Saving them with status 'merging' is the commit point:
  // from here on the file is applied completely, after a crash by the next start.
  const counts = one(
    app,
    `SELECT COUNT(*) AS staged,
            COALESCE(SUM(CASE WHEN d.id IS NULL THEN 1 ELSE 0 END), 0) AS fresh,
            COALESCE(SUM(CASE WHEN d.id IS NOT NULL AND d.sales = s.sales THEN 1 ELSE 0 END), 0) AS unchanged
       FROM sales_import_rows s
       LEFT JOIN sales_data d ON d.user = s.user AND d.bnr = s.bnr AND d.knr = s.knr AND d.gpnr = s.gpnr AND d.deliverydate = s.deliverydate
      WHERE s.file = {:file}`,
    { file: fileId },
    { staged: 0, fresh: 0, unchanged: 0 },
  );
  const commitPoint = app.findRecordById('sales_data_files', fileId);
  commitPoint.set('status', 'merging');
  commitPoint.set('progress', 95);
  commitPoint.set('successfullyProcessedRows', counts.staged);
  commitPoint.set('newDataCount', counts.fresh);
  commitPoint.set('unchangedDataCount', counts.unchanged);
  commitPoint.set('updatedDataCount', counts.staged - counts.fresh - counts.unchanged);
  commitPoint.set('failedProcessedRows', failed.length);
  if (failed.length > 0) {
    const body = csv.write(
      HEADER.concat(['fehler']),
      failed.map(([line, why]) => csv.parseLine(line, sep).concat([why])),
    );
    commitPoint.set('failedRowsCsv', $filesystem.fileFromBytes(body, `fehlerhafte_zeilen_${fileId}.csv`));
  }
  app.save(commitPoint);

  finishMerge(app, fileId);
}

const MERGE_CHUNK = 10000;

/**
 * Moves a file's staged rows into sales_data in short transactions (each removes what it
 * merged from staging, so it can be resumed), then updates the totals of every workshop
 * whose rows the file changed and issues their codes. Safe to run again after a crash.
 */
function finishMerge(app, fileId) {
  const campaign = app.findFirstRecordByFilter('campaigns', 'active = true');
  for (;;) {
    const bound = one(
      app,
      `SELECT COALESCE(MAX(rowid), 0) AS upto, COUNT(*) AS n FROM (SELECT rowid FROM sales_import_rows WHERE file = {:file} ORDER BY rowid LIMIT ${MERGE_CHUNK})`,
      { file: fileId },
      { upto: 0, n: 0 },
    );
    if (bound.n === 0) break;
    app.runInTransaction((tx) => {
      const params = { file: fileId, upto: bound.upto, campaign: campaign.id };
      tx.db()
        .newQuery(
          `INSERT INTO sales_data (id, user, campaign, bnr, knr, gpnr, deliverydate, sales, sourceFile, created, updated)
           SELECT id, user, {:campaign}, bnr, knr, gpnr, deliverydate, sales, file,
                  strftime('%Y-%m-%d %H:%M:%fZ'), strftime('%Y-%m-%d %H:%M:%fZ')
             FROM sales_import_rows WHERE file = {:file} AND rowid <= {:upto}
           ON CONFLICT (user, bnr, knr, gpnr, deliverydate) DO UPDATE
              SET sales = excluded.sales, sourceFile = excluded.sourceFile, updated = excluded.updated
            WHERE sales_data.sales IS NOT excluded.sales`,
        )
        .bind(params)
        .execute();
      tx.db().newQuery('DELETE FROM sales_import_rows WHERE file = {:file} AND rowid <= {:upto}').bind(params).execute();
    });
  }

  // Rows the file inserted or changed carry it as sourceFile; unchanged rows change no total.
  const users = arrayOf(new DynamicModel({ user: '' }));
  app.db().newQuery('SELECT DISTINCT user FROM sales_data WHERE sourceFile = {:file}').bind({ file: fileId }).all(users);
  const touched = users.map((u) => u.user);
  // Sum first (a read, which does not hold SQLite's single write lock), then write the
  // totals in one short transaction.
  const sums = arrayOf(new DynamicModel({ user: '', total: 0.5 }));
  app
    .db()
    .newQuery(
      `SELECT d.user AS user, ROUND(SUM(d.sales), 2) AS total FROM sales_data d
        WHERE d.campaign = {:campaign} AND d.user IN (SELECT value FROM json_each({:users})) GROUP BY d.user`,
    )
    .bind({ campaign: campaign.id, users: JSON.stringify(touched) })
    .all(sums);
  app.runInTransaction((tx) => {
    tx.db()
      .newQuery(
        `INSERT INTO sales_totals (id, user, campaign, totalSales)
         SELECT substr(lower(hex(randomblob(8))), 1, 15), t.value ->> 0, {:campaign}, t.value ->> 1 FROM json_each({:totals}) AS t WHERE true
         ON CONFLICT (user, campaign) DO UPDATE SET totalSales = excluded.totalSales`,
      )
      .bind({ campaign: campaign.id, totals: JSON.stringify(sums.map((r) => [r.user, r.total])) })
      .execute();
    const done = tx.findRecordById('sales_data_files', fileId);
    done.set('status', 'done');
    done.set('progress', 100);
    tx.saveNoValidate(done);
  });

  try {
    require(`${__hooks}/lib/vouchers.js`).issueVouchers(app, campaign, touched);
  } catch (cause) {
    const err = new Error('voucher issuance failed');
    err.importCommitted = true;
    err.cause = cause;
    throw err;
  }
}

/**
 * After a crash or restart: imports that stopped before their commit point are marked
 * failed and their staged rows removed; imports past it are finished.
 */
function failInterrupted(app) {
  const stuck = app.findRecordsByFilter('sales_data_files', "status = 'processing' || status = 'queued'", '', 0, 0);
  for (const record of stuck) {
    app.db().newQuery('DELETE FROM sales_import_rows WHERE file = {:file}').bind({ file: record.id }).execute();
    failFile(app, record, FILE_ERRORS.interrupted);
  }
  for (const record of app.findRecordsByFilter('sales_data_files', "status = 'merging'", '', 0, 0)) {
    try {
      finishMerge(app, record.id);
    } catch (err) {
      app.logger().error('resuming a sales import failed', 'file', record.id, 'error', String(err));
    }
  }
}

module.exports = { importSalesFile, finishMerge, failInterrupted, parseAmount, FILE_ERRORS, ROW_ERRORS, HEADER };
