/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

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
const staging = () => require(`${__hooks}/lib/import-staging.js`);

const HEADER = ['user', 'bnr', 'knr', 'gpnr', 'deliverydate', 'sales'];
const MAX_FIELD = require(`${__hooks}/lib/vendor/rules.js`).LIMITS.idMax;

const FILE_ERRORS = {
  header: `Falsche Kopfzeile. Erwartet werden genau die Spalten ${HEADER.join(',')} (getrennt durch Komma oder Semikolon).`,
  interrupted: 'Der Import wurde unterbrochen (Server-Neustart). Es wurden keine Zeilen übernommen. Bitte laden Sie die Datei erneut hoch.',
  noCampaign: 'Es gibt keine aktive Aktion.',
  failed: 'Beim Import ist ein Fehler aufgetreten. Es wurden keine Zeilen übernommen.',
};

const CSV_ROW = require(`${__hooks}/lib/vendor/rules.js`).CSV_ROW;
// The refusals of this import's own rules; the ones both staff imports share are the rulebook's CSV_ROW.
const ROW_ERRORS = {
  date: 'Ungültiges Lieferdatum (erwartet JJJJ-MM-TT)',
  period: 'Lieferdatum liegt außerhalb des Aktionszeitraums',
  duplicate: (line) => `Doppelte Zeile in dieser Datei (gleiche Werte für user, bnr, knr, gpnr und deliverydate wie Zeile ${line})`,
};

const GATE_ERRORS = {
  notHeld: 'Dieser Import wartet nicht auf eine Bestätigung.',
  fourEyes: 'Diesen Import muss ein anderer Administrator bestätigen als der, der ihn hochgeladen hat (Vier-Augen-Prinzip).',
  selfConfirm: 'Sie sind der einzige Administrator. Bitte bestätigen Sie ausdrücklich, dass Sie diesen Import selbst freigeben.',
  weekCodes: (n, max) => `In den letzten 7 Tagen kämen mit dieser Datei ${n} Cashback-Codes in der Aktion zusammen (Grenze: ${max}).`,
  weekPerWorkshop: (n, max) => `Eine Werkstatt käme in den letzten 7 Tagen mit dieser Datei auf ${n} Cashback-Codes (Grenze: ${max}).`,
};

/**
 * The campaigns a sales row can belong to: every released one, by start (issue 60). A row
 * belongs to the one whose period holds its date; periods never overlap (the rulebook's rule).
 */
const releasedCampaigns = (app) => require(`${__hooks}/lib/campaign-records.js`).released(app);

/** The campaigns a file's rows belong to (from its staged rows, else from its merged ones). */
function campaignsOfFile(app, fileId) {
  const ids = Object.keys(staging().isSorted(app, fileId) ? staging().stagedUsersByCampaign(app, fileId) : {});
  if (ids.length === 0) {
    const rows = arrayOf(new DynamicModel({ campaign: '' }));
    app.db().newQuery('SELECT DISTINCT campaign FROM sales_data WHERE sourceFile = {:file}').bind({ file: fileId }).all(rows);
    for (const r of rows) ids.push(r.campaign);
  }
  return ids.filter(Boolean).map((id) => app.findRecordById('campaigns', id));
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
  // No prototype: a cell such as 'constructor' is no key of it.
  const ids = Object.create(null);
  for (const r of rows) ids[r.id] = true;
  return ids;
}

/**
 * Every workshop's customer numbers by centre, for rows without a User-ID (issue 58): the key
 * (customerKey: bnr and the cleaned number) maps to the one workshop that has it, or to
 * AMBIGUOUS when several do. Read once per file, at the first such row.
 */
const AMBIGUOUS = '\u0000';
function loadCustomerNumbers(app) {
  const key = require(`${__hooks}/lib/vendor/rules.js`).customerKey;
  const rows = arrayOf(new DynamicModel({ user: '', bnr: '', knr: '' }));
  app
    .db()
    .newQuery('SELECT c.user AS user, n.bnr AS bnr, c.customerNumber AS knr FROM user_lz_connections c JOIN nora_lz n ON n.id = c.noraLz')
    .all(rows);
  const byKey = Object.create(null);
  for (const r of rows) {
    const k = key(r.bnr, r.knr);
    byKey[k] = byKey[k] === undefined || byKey[k] === r.user ? r.user : AMBIGUOUS;
  }
  return byKey;
}

const one = (app, sql, params, shape) => require(`${__hooks}/lib/database.js`).rowOf(app, sql, params, shape);

/**
 * The row schema of a sales file: trimmed cells, ids ≤ 30 characters, a known user, a date in
 * the period, a bounded amount. A good row comes back as the array staged for it
 * ([user, bnr, knr, gpnr, deliverydate, euro, line]); `trimmed` says the cells need no trim.
 */
function rowChecker(app, campaigns, trimmed) {
  const clock = require(`${__hooks}/lib/clock.js`);
  const amounts = require(`${__hooks}/lib/amounts.js`);
  const periods = campaigns.map((c) => ({
    id: c.id,
    start: clock.parseDate(c.getString('campaignStart')).getTime(),
    end: clock.parseDate(c.getString('campaignEnd')).getTime(),
    maxEuro: c.getFloat('maxSalesPerRow') || 100000,
  }));
  const byId = Object.create(null);
  for (const p of periods) byId[p.id] = p;
  const users = loadUserIds(app);
  const customerKey = require(`${__hooks}/lib/vendor/rules.js`).customerKey;
  let byCustomer = null;
  const dateOk = Object.create(null);
  return (raw, line) => {
    if (raw.length !== HEADER.length) return { reason: CSV_ROW.columns };
    const f = trimmed ? raw : [raw[0].trim(), raw[1].trim(), raw[2].trim(), raw[3].trim(), raw[4].trim(), raw[5].trim()];
    // The User-ID may be empty: the row then belongs to the workshop with its customer number.
    for (let i = 0; i < 5; i++) {
      const cell = f[i];
      if (!cell && i > 0) return { reason: CSV_ROW.missing(HEADER[i]) };
      if (cell.length > MAX_FIELD) return { reason: CSV_ROW.tooLong(HEADER[i]) };
    }
    if (!f[5]) return { reason: CSV_ROW.missing('sales') };
    let user = f[0];
    if (!user) {
      if (byCustomer === null) byCustomer = loadCustomerNumbers(app);
      user = byCustomer[customerKey(f[1], f[2])];
      if (user === undefined) return { reason: CSV_ROW.noCustomer };
      if (user === AMBIGUOUS) return { reason: CSV_ROW.ambiguousCustomer };
    } else if (users[user] !== true) return { reason: CSV_ROW.user };
    let verdict = dateOk[f[4]];
    if (verdict === undefined) {
      const d = f[4];
      const noon = /^\d{4}-\d{2}-\d{2}$/.test(d) ? Date.parse(`${d}T12:00:00Z`) : NaN;
      if (isNaN(noon) || new Date(noon).toISOString().slice(0, 10) !== d) verdict = 'date';
      else {
        const period = periods.find((p) => noon >= p.start && noon <= p.end);
        verdict = period ? period.id : 'period';
      }
      dateOk[f[4]] = verdict;
    }
    if (verdict === 'date' || verdict === 'period') return { reason: ROW_ERRORS[verdict] };
    const amount = amounts.parseCents(f[5], byId[verdict].maxEuro);
    if (amount.reason) return { reason: amount.reason };
    return [user, f[1], f[2], f[3], f[4], amount.cents / 100, line, verdict];
  };
}

/**
 * A key twice in one file: the later rows fail, naming the first line with that key. The
 * sorted staging table has them next to each other (one read per page of repeats); they stay
 * staged and the merge skips them. Returns their failed-row lines (sorted into the others by
 * the caller).
 */
function repeatedRows(app, fileId) {
  const failed = [];
  let after = 0;
  for (;;) {
    const page = staging().repeated(app, fileId, after, 5000);
    if (page.length === 0) return failed;
    for (const r of page) {
      failed.push({
        line: r.line,
        cells: [r.user, r.bnr, r.knr, r.gpnr, r.deliverydate, String(r.sales).replace('.', ',')],
        reason: ROW_ERRORS.duplicate(r.first),
      });
    }
    after = page[page.length - 1].pos;
  }
}

/**
 * What merging the staged rows would do: new/unchanged/updated counts, and per workshop the
 * codes it would newly earn. Reads only: the staged rows in key order, a range of positions
 * at a time, each looked up in sales_data's identity index.
 */
function forecast(app, fileId, campaigns) {
  const vouchers = require(`${__hooks}/lib/vouchers.js`);
  const sorted = `staging.${staging().tables(fileId).sorted}`;
  const total = staging().count(app, fileId);
  // Cents per campaign and workshop: a file may hold rows of two campaigns (issue 60).
  const perCampaign = {};
  const result = { staged: 0, fresh: 0, unchanged: 0, codes: 0, workshops: 0, maxPerWorkshop: 0, perWorkshop: {}, campaigns: [] };
  let size = 20000;
  for (let after = 0; after < total;) {
    const db = staging().attached(app);
    const upto = after + size;
    const rows = arrayOf(new DynamicModel({ campaign: '', user: '', staged: 0, fresh: 0, unchanged: 0, cents: 0 }));
    size = pipeline().adaptChunk(size, () => {
      db.newQuery(
        `SELECT s.campaign AS campaign, s.user AS user, COUNT(*) AS staged,
                SUM(CASE WHEN d.id IS NULL THEN 1 ELSE 0 END) AS fresh,
                SUM(CASE WHEN d.id IS NOT NULL AND d.sales = s.sales THEN 1 ELSE 0 END) AS unchanged,
                CAST(SUM(ROUND((s.sales - COALESCE(d.sales, 0)) * 100)) AS INTEGER) AS cents
           FROM ${sorted} s
           LEFT JOIN sales_data d ON d.user = s.user AND d.bnr = s.bnr AND d.knr = s.knr AND d.gpnr = s.gpnr
                                 AND d.deliverydate = s.deliverydate
          WHERE s.pos > {:after} AND s.pos <= {:upto} AND s.first = 0
          GROUP BY s.campaign, s.user`,
      )
        .bind({ after, upto })
        .all(rows);
    });
    after = upto;
    for (const r of rows) {
      result.staged += r.staged;
      result.fresh += r.fresh;
      result.unchanged += r.unchanged;
      const perUser = (perCampaign[r.campaign] = perCampaign[r.campaign] || {});
      perUser[r.user] = (perUser[r.user] || 0) + r.cents;
    }
  }
  for (const campaign of campaigns) {
    const perUser = perCampaign[campaign.id];
    if (!perUser) continue;
    result.campaigns.push(campaign.id);
    const now = arrayOf(new DynamicModel({ user: '', current: 0.5, issued: 0 }));
    app
      .db()
      .newQuery(
        `SELECT u.value AS user, COALESCE(t.totalSales, 0) AS current,
                COALESCE((SELECT MAX(v.tier) FROM vouchers v WHERE v.user = u.value AND v.campaign = {:campaign}), 0) AS issued
           FROM json_each({:users}) AS u LEFT JOIN sales_totals t ON t.user = u.value AND t.campaign = {:campaign}`,
      )
      .bind({ users: JSON.stringify(Object.keys(perUser)), campaign: campaign.id })
      .all(now);
    const threshold = campaign.getFloat('threshold');
    for (const r of now) {
      const earned = vouchers.codesEarned((Math.round(r.current * 100) + perUser[r.user]) / 100, threshold);
      const more = Math.max(0, earned - r.issued);
      if (more > 0) {
        result.codes += more;
        result.perWorkshop[r.user] = (result.perWorkshop[r.user] || 0) + more;
      }
    }
  }
  for (const user of Object.keys(result.perWorkshop)) {
    result.workshops += 1;
    result.maxPerWorkshop = Math.max(result.maxPerWorkshop, result.perWorkshop[user]);
  }
  return result;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** '1.234' */
function count(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * The plausibility gate over the last 7 days (DECISIONS sections 5 and 8, decision 029): the
 * codes this file would issue are added to the codes the campaign issued in the week (by any
 * file and uploader) and to those of imports being applied right now; per workshop the same.
 * Past the campaign's maxCodesPerWeek or maxCodesPerWorkshopPerWeek the file is held. Real
 * time, not the campaign clock: codes carry their real creation time. Runs in the transaction
 * that writes the file's commit point.
 */
function weekGate(tx, fileId, campaigns, f) {
  const since = new Date(Date.now() - WEEK_MS).toISOString().replace('T', ' ');
  const result = { held: false, reason: '', weekCodes: 0, weekMaxPerWorkshop: 0, earlier: [] };
  if (f.codes === 0) return result;
  // The campaigns the file's rows belong to count together, against the tightest of their limits.
  const ids = JSON.stringify(campaigns.map((c) => c.id));
  const issued = one(
    tx,
    'SELECT COUNT(*) AS n FROM vouchers WHERE campaign IN (SELECT value FROM json_each({:c})) AND created >= {:since}',
    { c: ids, since },
    { n: 0 },
  );
  // Imports past their commit point whose codes are not all issued yet.
  const running = tx.findRecordsByFilter('sales_data_files', "id != {:id} && (status = 'merging' || status = 'issuing')", '', 0, 0, {
    id: fileId,
  });
  let pending = 0;
  const pendingOf = Object.create(null);
  for (const r of running) {
    pending += Math.max(0, r.getInt('gateCodes') - r.getInt('codesIssued'));
    let forecastOf = {};
    try {
      forecastOf = JSON.parse(r.getString('gateForecast') || '{}') || {};
    } catch (_) {
      forecastOf = {};
    }
    for (const user of Object.keys(forecastOf)) pendingOf[user] = (pendingOf[user] || 0) + Number(forecastOf[user] || 0);
  }
  result.weekCodes = issued.n + pending + f.codes;
  const users = Object.keys(f.perWorkshop);
  const perUser = arrayOf(new DynamicModel({ user: '', n: 0 }));
  tx.db()
    .newQuery(
      `SELECT u.value AS user, (SELECT COUNT(*) FROM vouchers v WHERE v.user = u.value
                 AND v.campaign IN (SELECT value FROM json_each({:c})) AND v.created >= {:since}) AS n
         FROM json_each({:users}) AS u`,
    )
    .bind({ users: JSON.stringify(users), c: ids, since })
    .all(perUser);
  for (const r of perUser) {
    const total = r.n + (pendingOf[r.user] || 0) + f.perWorkshop[r.user];
    result.weekMaxPerWorkshop = Math.max(result.weekMaxPerWorkshop, total);
  }
  const maxWeek = campaigns
    .map((c) => c.getInt('maxCodesPerWeek'))
    .filter((n) => n > 0)
    .reduce((a, b) => (a === 0 ? b : Math.min(a, b)), 0);
  const maxWorkshop = campaigns
    .map((c) => c.getInt('maxCodesPerWorkshopPerWeek'))
    .filter((n) => n > 0)
    .reduce((a, b) => (a === 0 ? b : Math.min(a, b)), 0);
  const reasons = [];
  if (maxWeek > 0 && result.weekCodes > maxWeek) reasons.push(GATE_ERRORS.weekCodes(count(result.weekCodes), count(maxWeek)));
  if (maxWorkshop > 0 && result.weekMaxPerWorkshop > maxWorkshop) {
    reasons.push(GATE_ERRORS.weekPerWorkshop(count(result.weekMaxPerWorkshop), count(maxWorkshop)));
  }
  result.held = reasons.length > 0;
  result.reason = reasons.join(' ');
  // The files of the week that count toward it, newest first (what the data area shows).
  const earlier = arrayOf(new DynamicModel({ id: '', filename: '', created: '', status: '', codes: 0, uploader: '' }));
  tx.db()
    .newQuery(
      `SELECT f.id AS id, f.filename AS filename, f.created AS created, f.status AS status,
              CASE WHEN f.status IN ('merging', 'issuing') THEN MAX(f.gateCodes, f.codesIssued) ELSE f.codesIssued END AS codes,
              COALESCE(a.email, au.email, '') AS uploader
         FROM sales_data_files f
         LEFT JOIN administrators a ON a.id = f.adminUploaded
         LEFT JOIN auditors au ON au.id = f.auditorUploaded
        WHERE f.id != {:id} AND f.created >= {:since}
          AND (f.codesIssued > 0 OR f.status IN ('merging', 'issuing'))
        ORDER BY f.created DESC, f.id DESC
        LIMIT 20`,
    )
    .bind({ id: fileId, since })
    .all(earlier);
  result.earlier = earlier.map((r) => ({
    id: r.id,
    filename: r.filename,
    created: r.created,
    status: r.status,
    codes: r.codes,
    uploader: r.uploader,
  }));
  return result;
}

/**
 * Imports one uploaded sales CSV. Runs inside the upload request after the record was
 * stored; whatever happens, the record ends in a state the data area can show.
 */
function importSalesFile(app, record) {
  const counters = require(`${__hooks}/lib/counters.js`);
  const fileId = record.id;
  const campaigns = releasedCampaigns(app);
  if (campaigns.length === 0) return failFile(app, record, FILE_ERRORS.noCampaign);
  const seq = counters.next(app, 'sales_import');
  setFields(app, fileId, { status: 'processing', progress: 0, importSeq: seq });

  // A large plain file is read piece by piece; anything else whole (decision 022).
  const upload = pipeline().openPieces(app, record) || pipeline().open(app, record);
  if (upload.error) return failFile(app, record, upload.error);
  if (upload.names.join(',') !== HEADER.join(',')) return failFile(app, record, FILE_ERRORS.header);

  staging().begin(app, fileId);
  const result = pipeline().run(upload, {
    width: HEADER.length,
    check: rowChecker(app, campaigns, upload.trimmed),
    flush: (batch) => {
      staging().append(app, fileId, batch);
      return [];
    },
    progress: (percent) => setFields(app, fileId, { progress: Math.min(90, Math.round(percent * 0.9)) }),
  });
  if (upload.pieces) app.logger().info('sales import: file read in pieces', 'file', fileId, 'bytes', upload.size);
  // The file's text is no longer needed: let the runtime free it before sorting.
  upload.text = null;
  upload.body = null;
  staging().sort(app, fileId);
  const failedLines = pipeline().mergeFailed(result, repeatedRows(app, fileId));

  // Counts, the gate's figures and the failed rows are fixed before anything reaches
  // sales_data (reads only, no write lock).
  const f = forecast(app, fileId, campaigns);
  const failedRows = failedLines.length > 0 ? pipeline().failedRowsFile(HEADER, failedLines, `fehlerhafte_zeilen_${fileId}.csv`) : null;
  let held = false;
  // The gate's decision and the commit point in one transaction: imports running at the same
  // time are decided one after the other and count each other (decision 029).
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const gate = weekGate(
      tx,
      fileId,
      campaigns.filter((c) => f.campaigns.indexOf(c.id) >= 0),
      f,
    );
    held = gate.held;
    const point = tx.findRecordById('sales_data_files', fileId);
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
    point.set('gateWeekCodes', gate.weekCodes);
    point.set('gateWeekMaxPerWorkshop', gate.weekMaxPerWorkshop);
    point.set('gateReason', gate.reason);
    point.set('gateEarlier', gate.earlier);
    point.set('gateForecast', f.perWorkshop);
    if (failedRows) point.set('failedRowsCsv', failedRows);
    // Saving 'merging' is the commit point: from here on the file is applied completely,
    // after a crash by the next start.
    tx.save(point);
  });
  if (held) return;
  finishMerge(app, fileId);
}

/**
 * Moves the staged rows into sales_data in key order, in short transactions; the cursor in
 * the staging database says where a restart resumes (a chunk merged again after a crash
 * between the two writes changes nothing: the same values meet the same rows).
 */
function mergeStaged(app, record) {
  const fileId = record.id;
  const sorted = `staging.${staging().tables(fileId).sorted}`;
  const seq = record.getInt('importSeq');
  const total = staging().count(app, fileId);
  let size = 5000;
  for (let after = staging().merged(app, fileId); after < total;) {
    const db = staging().attached(app);
    const upto = after + size;
    size = pipeline().adaptChunk(size, () => {
      db.newQuery(
        `INSERT INTO sales_data (id, user, campaign, bnr, knr, gpnr, deliverydate, sales, sourceFile, created, updated)
         SELECT printf('%08x%07x', {:seq}, s.pos), s.user, s.campaign, s.bnr, s.knr, s.gpnr, s.deliverydate, s.sales, {:file},
                strftime('%Y-%m-%d %H:%M:%fZ'), strftime('%Y-%m-%d %H:%M:%fZ')
           FROM ${sorted} s WHERE s.pos > {:after} AND s.pos <= {:upto} AND s.first = 0
         ON CONFLICT (user, bnr, knr, gpnr, deliverydate) DO UPDATE
            SET sales = excluded.sales, sourceFile = excluded.sourceFile, updated = excluded.updated
          WHERE sales_data.sales IS NOT excluded.sales`,
      )
        .bind({ seq, file: fileId, after, upto })
        .execute();
    });
    staging().advance(app, fileId, Math.min(upto, total));
    after = upto;
  }
}

/**
 * From the commit point on: merge, totals, codes. Safe to run again after a crash; every
 * step either finds its work done or finishes it.
 */
function finishMerge(app, fileId) {
  // The campaigns the file's rows belong to, read before the staged rows go.
  const campaigns = campaignsOfFile(app, fileId);
  let record = app.findRecordById('sales_data_files', fileId);
  if (record.getString('status') === 'merging') {
    // A file that changes no row (the same weekly file uploaded again) has nothing to merge,
    // and no total or week to recompute (its counts were fixed at the commit point).
    const changes = record.getInt('newDataCount') + record.getInt('updatedDataCount');
    if (changes > 0) {
      let usersOf = {};
      if (staging().isSorted(app, fileId)) {
        mergeStaged(app, record);
        // Every workshop the file names per campaign: the ones whose rows it inserted or changed
        // among them. Read from the staged rows on the writer (a read of sales_data's sourceFile
        // index on a reader filled that connection's 32 MB cache).
        usersOf = staging().stagedUsersByCampaign(app, fileId);
      } else {
        app.logger().error('sales import: staged rows missing while merging', 'file', fileId);
        // Whatever did reach sales_data carries the file as sourceFile.
        const rows = arrayOf(new DynamicModel({ campaign: '', user: '' }));
        app.db().newQuery('SELECT DISTINCT campaign, user FROM sales_data WHERE sourceFile = {:file}').bind({ file: fileId }).all(rows);
        for (const r of rows) (usersOf[r.campaign] = usersOf[r.campaign] || []).push(r.user);
      }
      for (const campaign of campaigns) {
        require(`${__hooks}/lib/totals.js`).writeTotals(app, campaign.id, usersOf[campaign.id] || []);
        // The dashboard's sales volume per week (one read over the campaign's rows, a short write).
        require(`${__hooks}/lib/dashboard.js`).writeSalesWeekly(app, campaign.id);
      }
    }
    record = setFields(app, fileId, { status: 'issuing', progress: 98 });
  }
  staging().drop(app, fileId);
  if (record.getString('status') === 'issuing') {
    let issued = 0;
    for (const campaign of campaigns.length > 0 ? campaigns : releasedCampaigns(app)) {
      issued += require(`${__hooks}/lib/vouchers.js`).reconcile(app, campaign);
    }
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
    staging().drop(app, record.id);
    failFile(app, record, FILE_ERRORS.interrupted);
  }
  for (const record of app.findRecordsByFilter('sales_data_files', "status = 'merging' || status = 'issuing'", 'created', 0, 0)) {
    try {
      finishMerge(app, record.id);
    } catch (err) {
      app.logger().error('resuming a sales import failed', 'file', record.id, 'error', String(err));
    }
  }
  // Staged rows of a file that no longer waits for them (a crash between its last two steps).
  for (const id of staging().stagedFiles(app)) {
    const waiting = app.findRecordsByFilter('sales_data_files', "id = {:id} && (status = 'held' || status = 'merging')", '', 1, 0, { id });
    if (waiting.length === 0) staging().drop(app, id);
  }
  for (const campaign of releasedCampaigns(app)) require(`${__hooks}/lib/vouchers.js`).reconcile(app, campaign);
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
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
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
    staging().drop(app, fileId);
  } else {
    finishMerge(app, fileId);
  }
  return app.findRecordById('sales_data_files', fileId);
}

module.exports = {
  importSalesFile,
  dropStaged: (app, fileId) => staging().drop(app, fileId),
  finishMerge,
  resumeInterrupted,
  decideHeld,
  FILE_ERRORS,
  ROW_ERRORS,
  GATE_ERRORS,
  HEADER,
};
