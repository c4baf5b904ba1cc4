/// <reference path="../../pb_data/types.d.ts" />

// The weekly sales import (DECISIONS sections 4 and 5, docs/decisions/008 and 012).
//
// States of a sales_data_files record:
//   queued → processing (rows read, checked and staged in short transactions)
//          → held (the plausibility gate: waits for an administrator) → discarded
//          → merging (commit point: counts fixed; staged rows move into sales_data in short
//            transactions, then the totals are written)
//          → issuing (codes and their mails, resumable) → done
//   failed: a whole-file problem, or an interruption before the commit point.
// After a kill -9 the next start fails what was before the commit point and finishes what
// was after it, so every workshop ends with floor(totalSales / threshold) codes.

const pipeline = () => require(`${__hooks}/lib/import-pipeline.js`);

const HEADER = ['user', 'bnr', 'knr', 'gpnr', 'deliverydate', 'sales'];
const MAX_FIELD = 30;

const FILE_ERRORS = {
  header: `Falsche Kopfzeile. Erwartet werden genau die Spalten ${HEADER.join(',')} (getrennt durch Komma oder Semikolon).`,
  interrupted: 'Der Import wurde unterbrochen (Server-Neustart). Es wurden keine Zeilen übernommen. Bitte laden Sie die Datei erneut hoch.',
  noCampaign: 'Es gibt keine aktive Aktion.',
  failed: 'Beim Import ist ein Fehler aufgetreten. Es wurden keine Zeilen übernommen.',
};

const ROW_ERRORS = {
  columns: 'Falsche Anzahl an Spalten',
  missing: (f) => `Pflichtfeld fehlt: ${f}`,
  fieldTooLong: (f) => `Feld zu lang (höchstens ${MAX_FIELD} Zeichen): ${f}`,
  user: 'Unbekannte Benutzer-ID',
  date: 'Ungültiges Lieferdatum (erwartet JJJJ-MM-TT)',
  period: 'Lieferdatum liegt außerhalb des Aktionszeitraums',
  duplicate: (line) => `Doppelte Zeile in dieser Datei (gleiche Werte für user, bnr, knr, gpnr und deliverydate wie Zeile ${line})`,
};

const GATE_ERRORS = {
  notHeld: 'Dieser Import wartet nicht auf eine Bestätigung.',
  fourEyes: 'Diesen Import muss ein anderer Administrator bestätigen als der, der ihn hochgeladen hat (Vier-Augen-Prinzip).',
  selfConfirm: 'Sie sind der einzige Administrator. Bitte bestätigen Sie ausdrücklich, dass Sie diesen Import selbst freigeben.',
};

function activeCampaign(app) {
  try {
    return app.findFirstRecordByFilter('campaigns', 'active = true');
  } catch (_) {
    return null;
  }
}

function failFile(app, record, message) {
  require(`${__hooks}/lib/uploads.js`).failUpload(app, 'sales_data_files', record.id, message, {
    progress: 100,
    unchangedDataCount: 0,
    updatedDataCount: 0,
    newDataCount: 0,
  });
}

function setFields(app, fileId, fields) {
  const record = app.findRecordById('sales_data_files', fileId);
  for (const key of Object.keys(fields)) record.set(key, fields[key]);
  app.saveNoValidate(record);
  return record;
}

function loadUserIds(app) {
  const rows = arrayOf(new DynamicModel({ id: '' }));
  app.db().newQuery('SELECT id FROM users').all(rows);
  const ids = {};
  for (const r of rows) ids[r.id] = true;
  return ids;
}

function one(app, sql, params, shape) {
  const row = new DynamicModel(shape);
  app.db().newQuery(sql).bind(params).one(row);
  return row;
}

/** The row schema of a sales file: trimmed cells, ids ≤ 30 characters, a known user, a date in the period, a bounded amount. */
function rowChecker(app, campaign) {
  const clock = require(`${__hooks}/lib/clock.js`);
  const amounts = require(`${__hooks}/lib/amounts.js`);
  const start = clock.parseDate(campaign.getString('campaignStart')).getTime();
  const end = clock.parseDate(campaign.getString('campaignEnd')).getTime();
  const maxEuro = campaign.getFloat('maxSalesPerRow') || 100000;
  const users = loadUserIds(app);
  const dateOk = {};
  return (raw) => {
    if (raw.length !== HEADER.length) return { reason: ROW_ERRORS.columns };
    const f = raw.map((x) => x.trim());
    for (let i = 0; i < 5; i++) {
      if (!f[i]) return { reason: ROW_ERRORS.missing(HEADER[i]) };
      if (f[i].length > MAX_FIELD) return { reason: ROW_ERRORS.fieldTooLong(HEADER[i]) };
    }
    if (!f[5]) return { reason: ROW_ERRORS.missing('sales') };
    if (!users[f[0]]) return { reason: ROW_ERRORS.user };
    let verdict = dateOk[f[4]];
    if (verdict === undefined) {
      const d = f[4];
      const noon = /^\d{4}-\d{2}-\d{2}$/.test(d) ? Date.parse(`${d}T12:00:00Z`) : NaN;
      verdict = isNaN(noon) || new Date(noon).toISOString().slice(0, 10) !== d ? 'date' : noon < start || noon > end ? 'period' : 'ok';
      dateOk[f[4]] = verdict;
    }
    if (verdict !== 'ok') return { reason: ROW_ERRORS[verdict] };
    const amount = amounts.parseCents(f[5], maxEuro);
    if (amount.reason) return { reason: amount.reason };
    return { values: [f[0], f[1], f[2], f[3], f[4], amount.cents / 100] };
  };
}

/**
 * Stages one chunk in one statement. Staged ids are the import's sequence number and the
 * line (hex): unique across every file ever imported, and in upload order, so every insert
 * appends to the B-tree.
 */
function stageChunk(app, fileId, seq, batch) {
  const rows = batch.map((b) => b.values.concat([b.line]));
  app
    .db()
    .newQuery(
      `INSERT INTO sales_import_rows (id, file, line, user, bnr, knr, gpnr, deliverydate, sales)
       SELECT printf('%08x%07x', {:seq}, r.value ->> 6), {:file}, r.value ->> 6,
              r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4, r.value ->> 5
         FROM json_each({:rows}) AS r`,
    )
    .bind({ file: fileId, seq, rows: JSON.stringify(rows) })
    .execute();
  return [];
}

/**
 * A key twice in one file: the later rows fail, naming the first line with that key. One
 * sorted pass over the file's staged rows (a read) finds them; they leave staging in short
 * transactions. Returns their failed-row lines (sorted into the others by the caller).
 */
function dropDuplicates(app, fileId, seq) {
  const dups = arrayOf(new DynamicModel({ line: 0, first: 0 }));
  app
    .db()
    .newQuery(
      `SELECT line, first FROM (
         SELECT line, MIN(line) OVER (PARTITION BY user, bnr, knr, gpnr, deliverydate) AS first
           FROM sales_import_rows WHERE file = {:file})
        WHERE line > first`,
    )
    .bind({ file: fileId })
    .all(dups);
  const failed = [];
  for (let i = 0; i < dups.length; i += 1000) {
    const part = dups.slice(i, i + 1000);
    const ids = part.map((d) => `${('00000000' + seq.toString(16)).slice(-8)}${('0000000' + d.line.toString(16)).slice(-7)}`);
    const rows = arrayOf(new DynamicModel({ line: 0, user: '', bnr: '', knr: '', gpnr: '', deliverydate: '', sales: 0.5 }));
    app.runInTransaction((tx) => {
      tx.db()
        .newQuery(
          `SELECT line, user, bnr, knr, gpnr, deliverydate, sales FROM sales_import_rows WHERE id IN (SELECT value FROM json_each({:ids}))`,
        )
        .bind({ ids: JSON.stringify(ids) })
        .all(rows);
      tx.db()
        .newQuery('DELETE FROM sales_import_rows WHERE id IN (SELECT value FROM json_each({:ids}))')
        .bind({ ids: JSON.stringify(ids) })
        .execute();
    });
    const firstOf = {};
    for (const d of part) firstOf[d.line] = d.first;
    for (const r of rows) {
      failed.push({
        line: r.line,
        cells: [r.user, r.bnr, r.knr, r.gpnr, r.deliverydate, String(r.sales).replace('.', ',')],
        reason: ROW_ERRORS.duplicate(firstOf[r.line]),
      });
    }
  }
  return failed;
}

/**
 * What merging the staged rows would do: new/unchanged/updated counts, and per workshop the
 * codes it would newly earn (reads only).
 */
function forecast(app, fileId, campaign) {
  const vouchers = require(`${__hooks}/lib/vouchers.js`);
  const perUser = arrayOf(new DynamicModel({ user: '', staged: 0, fresh: 0, unchanged: 0, delta: 0.5, current: 0.5, issued: 0.5 }));
  app
    .db()
    .newQuery(
      `SELECT x.user AS user, x.staged AS staged, x.fresh AS fresh, x.unchanged AS unchanged, x.delta AS delta,
              COALESCE((SELECT t.totalSales FROM sales_totals t WHERE t.user = x.user AND t.campaign = {:campaign}), 0) AS current,
              COALESCE((SELECT MAX(v.tier) FROM vouchers v WHERE v.user = x.user AND v.campaign = {:campaign}), 0) AS issued
         FROM (SELECT s.user AS user, COUNT(*) AS staged,
                      SUM(CASE WHEN d.id IS NULL THEN 1 ELSE 0 END) AS fresh,
                      SUM(CASE WHEN d.id IS NOT NULL AND d.sales = s.sales THEN 1 ELSE 0 END) AS unchanged,
                      ROUND(SUM(s.sales - COALESCE(d.sales, 0)), 2) AS delta
                 FROM sales_import_rows s
                 LEFT JOIN sales_data d ON d.user = s.user AND d.bnr = s.bnr AND d.knr = s.knr AND d.gpnr = s.gpnr AND d.deliverydate = s.deliverydate
                WHERE s.file = {:file}
                GROUP BY s.user) AS x`,
    )
    .bind({ file: fileId, campaign: campaign.id })
    .all(perUser);
  const threshold = campaign.getFloat('threshold');
  const result = { staged: 0, fresh: 0, unchanged: 0, codes: 0, workshops: 0, maxPerWorkshop: 0 };
  for (const r of perUser) {
    result.staged += r.staged;
    result.fresh += r.fresh;
    result.unchanged += r.unchanged;
    const earned = vouchers.codesEarned(r.current + r.delta, threshold);
    const more = Math.max(0, earned - Math.round(r.issued));
    if (more > 0) {
      result.codes += more;
      result.workshops += 1;
      result.maxPerWorkshop = Math.max(result.maxPerWorkshop, more);
    }
  }
  return result;
}

/**
 * Imports one uploaded sales CSV. Runs inside the upload request after the record was
 * stored; whatever happens, the record ends in a state the data area can show.
 */
function importSalesFile(app, record) {
  const counters = require(`${__hooks}/lib/counters.js`);
  const fileId = record.id;
  const campaign = activeCampaign(app);
  if (!campaign) return failFile(app, record, FILE_ERRORS.noCampaign);
  const seq = counters.next(app, 'sales_import');
  setFields(app, fileId, { status: 'processing', progress: 0, importSeq: seq });

  const upload = pipeline().open(app, record);
  if (upload.error) return failFile(app, record, upload.error);
  if (upload.names.join(',') !== HEADER.join(',')) return failFile(app, record, FILE_ERRORS.header);

  const result = pipeline().run(upload, {
    width: HEADER.length,
    check: rowChecker(app, campaign),
    flush: (batch) => stageChunk(app, fileId, seq, batch),
    progress: (percent) => setFields(app, fileId, { progress: Math.min(90, Math.round(percent * 0.9)) }),
  });
  const failedLines = pipeline().mergeFailed(result, dropDuplicates(app, fileId, seq));

  // Counts, the gate's figures and the failed rows are fixed before anything reaches
  // sales_data (reads only, no write lock).
  const f = forecast(app, fileId, campaign);
  const maxFile = campaign.getInt('maxCodesPerFile');
  const maxWorkshop = campaign.getInt('maxCodesPerWorkshopPerFile');
  const held = (maxFile > 0 && f.codes > maxFile) || (maxWorkshop > 0 && f.maxPerWorkshop > maxWorkshop);
  const point = app.findRecordById('sales_data_files', fileId);
  point.set('status', held ? 'held' : 'merging');
  point.set('progress', held ? 92 : 95);
  point.set('successfullyProcessedRows', f.staged);
  point.set('newDataCount', f.fresh);
  point.set('unchangedDataCount', f.unchanged);
  point.set('updatedDataCount', f.staged - f.fresh - f.unchanged);
  point.set('failedProcessedRows', failedLines.length);
  point.set('gateCodes', f.codes);
  point.set('gateWorkshops', f.workshops);
  point.set('gateMaxPerWorkshop', f.maxPerWorkshop);
  if (failedLines.length > 0) {
    point.set('failedRowsCsv', pipeline().failedRowsFile(HEADER, failedLines, `fehlerhafte_zeilen_${fileId}.csv`));
  }
  // Saving 'merging' is the commit point: from here on the file is applied completely,
  // after a crash by the next start.
  app.save(point);
  if (held) return;
  finishMerge(app, fileId);
}

/** Moves staged rows into sales_data in short transactions (each removes what it merged, so it resumes). */
function mergeStaged(app, fileId, campaignId) {
  let chunk = 5000;
  for (;;) {
    const bound = one(
      app,
      `SELECT COALESCE(MAX(rowid), 0) AS upto, COUNT(*) AS n FROM (SELECT rowid FROM sales_import_rows WHERE file = {:file} ORDER BY rowid LIMIT {:limit})`,
      { file: fileId, limit: chunk },
      { upto: 0, n: 0 },
    );
    if (bound.n === 0) return;
    chunk = pipeline().adaptChunk(bound.n, () => {
      app.runInTransaction((tx) => {
        const params = { file: fileId, upto: bound.upto, campaign: campaignId };
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
    });
  }
}

/**
 * From the commit point on: merge, totals, codes. Safe to run again after a crash; every
 * step either finds its work done or finishes it.
 */
function finishMerge(app, fileId) {
  const campaign = activeCampaign(app);
  let record = app.findRecordById('sales_data_files', fileId);
  if (record.getString('status') === 'merging') {
    mergeStaged(app, fileId, campaign.id);
    // Rows the file inserted or changed carry it as sourceFile; unchanged rows change no total.
    const users = arrayOf(new DynamicModel({ user: '' }));
    app.db().newQuery('SELECT DISTINCT user FROM sales_data WHERE sourceFile = {:file}').bind({ file: fileId }).all(users);
    require(`${__hooks}/lib/totals.js`).writeTotals(
      app,
      campaign.id,
      users.map((u) => u.user),
    );
    // The dashboard's sales volume per week (one read over the campaign's rows, a short write).
    require(`${__hooks}/lib/dashboard.js`).writeSalesWeekly(app, campaign.id);
    record = setFields(app, fileId, { status: 'issuing', progress: 98 });
  }
  if (record.getString('status') === 'issuing') {
    const issued = require(`${__hooks}/lib/vouchers.js`).reconcile(app, campaign);
    setFields(app, fileId, { status: 'done', progress: 100, codesIssued: record.getInt('codesIssued') + issued });
  }
}

/**
 * After a crash or restart: imports that stopped before their commit point are marked
 * failed and their staged rows removed; imports past it are finished; held imports wait.
 * Then any code a total earned and did not get is issued.
 */
function resumeInterrupted(app) {
  const stuck = app.findRecordsByFilter('sales_data_files', "status = 'processing' || status = 'queued'", '', 0, 0);
  for (const record of stuck) {
    app.db().newQuery('DELETE FROM sales_import_rows WHERE file = {:file}').bind({ file: record.id }).execute();
    failFile(app, record, FILE_ERRORS.interrupted);
  }
  for (const record of app.findRecordsByFilter('sales_data_files', "status = 'merging' || status = 'issuing'", 'created', 0, 0)) {
    try {
      finishMerge(app, record.id);
    } catch (err) {
      app.logger().error('resuming a sales import failed', 'file', record.id, 'error', String(err));
    }
  }
  const campaign = activeCampaign(app);
  if (campaign) require(`${__hooks}/lib/vouchers.js`).reconcile(app, campaign);
}

function refuse(message) {
  return new BadRequestError(message);
}

/**
 * The gate's answer (administrators only): `confirm` merges the held import, `discard`
 * drops its staged rows. The confirming administrator must not be the uploader while another
 * administrator exists; the only administrator confirms their own upload explicitly.
 */
function decideHeld(app, fileId, admin, decision, selfConfirm) {
  const staffLog = require(`${__hooks}/lib/staff-log.js`);
  const record = app.findRecordById('sales_data_files', fileId);
  if (record.getString('status') !== 'held') throw refuse(GATE_ERRORS.notHeld);
  const uploader = record.getString('adminUploaded');
  let self = false;
  if (decision === 'confirm' && uploader === admin.id) {
    const others = one(app, 'SELECT COUNT(*) AS n FROM administrators WHERE id != {:id}', { id: admin.id }, { n: 0 });
    if (others.n > 0) throw refuse(GATE_ERRORS.fourEyes);
    if (!selfConfirm) throw refuse(GATE_ERRORS.selfConfirm);
    self = true;
  }
  const figures = {
    gateCodes: record.getInt('gateCodes'),
    gateWorkshops: record.getInt('gateWorkshops'),
    gateMaxPerWorkshop: record.getInt('gateMaxPerWorkshop'),
    successfullyProcessedRows: record.getInt('successfullyProcessedRows'),
  };
  app.runInTransaction((tx) => {
    // One decision per import: the status moves only from 'held', whoever is first wins.
    const moved = tx
      .db()
      .newQuery(
        `UPDATE sales_data_files SET status = {:status}, confirmedBy = {:admin}, confirmedAt = strftime('%Y-%m-%d %H:%M:%fZ'),
                errorMessage = {:message}, progress = CASE WHEN {:status} = 'discarded' THEN 100 ELSE progress END
          WHERE id = {:id} AND status = 'held'`,
      )
      .bind({
        id: fileId,
        admin: admin.id,
        status: decision === 'confirm' ? 'merging' : 'discarded',
        message: decision === 'confirm' ? '' : 'Von einem Administrator verworfen. Es wurden keine Zeilen übernommen.',
      })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(GATE_ERRORS.notHeld);
    staffLog.write(tx, {
      actor: admin,
      action: decision === 'confirm' ? (self ? 'sales_import.self_confirm' : 'sales_import.confirm') : 'sales_import.discard',
      target: { collection: 'sales_data_files', id: fileId },
      reason: self ? 'Einziger Administrator: ausdrücklich selbst bestätigt' : '',
      before: Object.assign({ status: 'held' }, figures),
      after: { status: decision === 'confirm' ? 'merging' : 'discarded' },
    });
  });
  if (decision === 'discard') {
    app.db().newQuery('DELETE FROM sales_import_rows WHERE file = {:file}').bind({ file: fileId }).execute();
  } else {
    finishMerge(app, fileId);
  }
  return app.findRecordById('sales_data_files', fileId);
}

module.exports = {
  importSalesFile,
  finishMerge,
  resumeInterrupted,
  decideHeld,
  FILE_ERRORS,
  ROW_ERRORS,
  GATE_ERRORS,
  HEADER,
};
