/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The weekly sales import (DECISIONS sections 4 and 5, docs/decisions/008 and 012).
//
// States of a sales_data_files record:
//   queued → processing (rows read, checked and staged in short transactions)
//          → held (the plausibility gate: waits for an administrator, lib/sales-held.js) → discarded
//          → merging (commit point: counts fixed; staged rows move into sales_data in short
//            transactions, then the totals are written)
//          → issuing (codes and their mails, resumable) → done
//   failed: a whole-file problem, or an interruption before the commit point.
// After a kill -9 the next start fails what was before the commit point and finishes what
// was after it, so every workshop ends with floor(totalSales / threshold) codes.

const pipeline = () => require(`${__hooks}/lib/import-pipeline.js`);
const staging = () => require(`${__hooks}/lib/import-staging.js`);

const rows = () => require(`${__hooks}/lib/sales-rows.js`);
const gate = () => require(`${__hooks}/lib/sales-gate.js`);
const { HEADER, ROW_ERRORS } = rows();
const { GATE_ERRORS } = gate();

const IMPORT_MESSAGES = require(`${__hooks}/vendor/rules.js`).IMPORT_MESSAGES;
const FILE_ERRORS = {
  interrupted: IMPORT_MESSAGES.salesInterrupted,
  noCampaign: IMPORT_MESSAGES.noCampaign,
  failed: IMPORT_MESSAGES.salesFailed,
};

/**
 * The campaigns a sales row can belong to: every released one, by start (issue 60). A row
 * belongs to the one whose period holds its date; periods never overlap (the rulebook's rule).
 */
/** @param {CoreApp} app */
const releasedCampaigns = (app) => require(`${__hooks}/lib/campaign-records.js`).released(app);

/**
 * The campaigns a file's rows belong to (from its staged rows' workshops per campaign, `staged`,
 * else from its merged rows).
 * @param {CoreApp} app
 * @param {string} fileId
 * @param {Record<string, string[]> | null} staged
 */
function campaignsOfFile(app, fileId, staged) {
  const ids = Object.keys(staged || {});
  if (ids.length === 0) {
    const rows = arrayOf(new DynamicModel({ campaign: '' }));
    app.db().newQuery('SELECT DISTINCT campaign FROM sales_data WHERE sourceFile = {:file}').bind({ file: fileId }).all(rows);
    for (const r of rows) ids.push(r.campaign);
  }
  return ids.filter(Boolean).map((id) => app.findRecordById('campaigns', id));
}

/**
 * @param {CoreApp} app
 * @param {core.Record} record
 * @param {string} message
 */
function failFile(app, record, message) {
  require(`${__hooks}/lib/uploads.js`).failUpload(app, 'sales_data_files', record.id, message, {
    progress: 100,
    unchangedDataCount: 0,
    updatedDataCount: 0,
    newDataCount: 0,
  });
}

/**
 * @param {CoreApp} app
 * @param {string} fileId
 * @param {Record<string, any>} fields
 */
function setFields(app, fileId, fields) {
  const record = app.findRecordById('sales_data_files', fileId);
  for (const key of Object.keys(fields)) record.set(key, fields[key]);
  app.saveNoValidate(record);
  return record;
}

/** Milliseconds per step of an import, logged when it is done (where an import's time goes, for operators and bench:busy-hour). */
function stopwatch() {
  /** @type {Record<string, number>} */
  const steps = {};
  let last = Date.now();
  return {
    /** @param {string} name */
    lap(name) {
      const now = Date.now();
      steps[name] = (steps[name] || 0) + now - last;
      last = now;
    },
    steps,
  };
}

/**
 * Stages a file past its commit point again when its staged rows are gone (a staging database
 * lost or restored from an older copy, decision 066): its stored upload is read again and the
 * merge starts over under a new import number (the ids of new rows come from it); a row merged
 * before meets itself and stays as it is. The counts fixed at the commit point stay. Returns the
 * record as saved, or null when the upload cannot be read.
 * @param {CoreApp} app
 * @param {core.Record} record
 */
function restage(app, record) {
  app.logger().warn('sales import: staged rows missing, reading the upload again', 'file', record.id);
  const staged = rows().stageFile(app, record, releasedCampaigns(app));
  if (staged.error !== undefined) {
    app.logger().error('sales import: the upload of a merging file cannot be read again', 'file', record.id, 'error', staged.error);
    return null;
  }
  staging().sort(app, record.id);
  return setFields(app, record.id, { importSeq: require(`${__hooks}/lib/counters.js`).next(app, 'sales_import') });
}

/**
 * Imports one uploaded sales CSV. Runs inside the upload request after the record was
 * stored; whatever happens, the record ends in a state the data area can show.
 * @param {CoreApp} app
 * @param {core.Record} record
 */
function importSalesFile(app, record) {
  const counters = require(`${__hooks}/lib/counters.js`);
  const fileId = record.id;
  const watch = stopwatch();
  const campaigns = releasedCampaigns(app);
  if (campaigns.length === 0) return failFile(app, record, FILE_ERRORS.noCampaign);
  const seq = counters.next(app, 'sales_import');
  setFields(app, fileId, { status: 'processing', progress: 0, importSeq: seq });

  const staged = rows().stageFile(app, record, campaigns, (percent) =>
    setFields(app, fileId, { progress: Math.min(90, Math.round(percent * 0.9)) }),
  );
  if (staged.error !== undefined) return failFile(app, record, staged.error);
  const result = staged.result;
  watch.lap('readAndStage');
  staging().sort(app, fileId);
  const failedLines = pipeline().mergeFailed(result, rows().repeatedRows(app, fileId));
  watch.lap('sort');

  // Counts, the gate's figures and the failed rows are fixed before anything reaches
  // sales_data (reads only, no write lock).
  const f = gate().forecast(app, fileId, campaigns);
  const failedRows = failedLines.length > 0 ? pipeline().failedRowsFile(HEADER, failedLines, `fehlerhafte_zeilen_${fileId}.csv`) : null;
  let held = false;
  // The gate's decision and the commit point in one transaction: imports running at the same
  // time are decided one after the other and count each other (decision 029).
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const verdict = gate().weekGate(
      tx,
      fileId,
      campaigns.filter((c) => f.campaigns.indexOf(c.id) >= 0),
      f,
    );
    held = verdict.held;
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
    point.set('gateWeekCodes', verdict.weekCodes);
    point.set('gateWeekMaxPerWorkshop', verdict.weekMaxPerWorkshop);
    point.set('gateReason', verdict.reason);
    point.set('gateEarlier', verdict.earlier);
    point.set('gateForecast', f.perWorkshop);
    if (failedRows) point.set('failedRowsCsv', failedRows);
    // Saving 'merging' is the commit point: from here on the file is applied completely,
    // after a crash by the next start.
    tx.save(point);
  });
  watch.lap('forecastAndGate');
  if (held) return;
  finishMerge(app, fileId, watch);
}

/**
 * Moves the staged rows into sales_data in key order, in short transactions; the cursor in
 * the staging database says where a restart resumes (a chunk merged again after a crash
 * between the two writes changes nothing: the same values meet the same rows).
 * @param {CoreApp} app
 * @param {core.Record} record
 */
function mergeStaged(app, record) {
  const fileId = record.id;
  const sorted = `staging.${staging().tables(fileId).sorted}`;
  const seq = record.getInt('importSeq');
  const total = staging().count(app, fileId);
  let size = pipeline().MAX_CHUNK;
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
    require(`${__hooks}/lib/database.js`).yieldToReplication();
  }
}

/**
 * From the commit point on: merge, totals, codes. Safe to run again after a crash; every
 * step either finds its work done or finishes it.
 * @param {CoreApp} app
 * @param {string} fileId
 */
function finishMerge(app, fileId, watch = stopwatch()) {
  let record = app.findRecordById('sales_data_files', fileId);
  const changes = record.getInt('newDataCount') + record.getInt('updatedDataCount');
  if (record.getString('status') === 'merging' && changes > 0 && !staging().isSorted(app, fileId)) {
    record = restage(app, record) || record;
  }
  // Every workshop the file names per campaign (the ones whose rows it inserts or changes among
  // them) and so its campaigns, read before the staged rows go: one JSON array per campaign, on
  // the writer (a read of sales_data's sourceFile index on a reader filled that connection's
  // 32 MB cache).
  const staged = staging().isSorted(app, fileId) ? staging().stagedUsersByCampaign(app, fileId) : null;
  const campaigns = campaignsOfFile(app, fileId, staged);
  if (record.getString('status') === 'merging') {
    // A file that changes no row (the same weekly file uploaded again) has nothing to merge,
    // and no total or week to recompute (its counts were fixed at the commit point).
    if (changes > 0) {
      /** @type {Record<string, string[]>} */
      let usersOf = {};
      if (staged) {
        mergeStaged(app, record);
        watch.lap('merge');
        usersOf = staged;
      } else {
        app.logger().error('sales import: staged rows missing while merging', 'file', fileId);
        // Whatever did reach sales_data carries the file as sourceFile.
        const rows = arrayOf(new DynamicModel({ campaign: '', user: '' }));
        app.db().newQuery('SELECT DISTINCT campaign, user FROM sales_data WHERE sourceFile = {:file}').bind({ file: fileId }).all(rows);
        for (const r of rows) (usersOf[r.campaign] = usersOf[r.campaign] || []).push(r.user);
      }
      for (const campaign of campaigns) {
        require(`${__hooks}/lib/totals.js`).writeTotals(app, campaign.id, usersOf[campaign.id] || []);
        watch.lap('totals');
        // The dashboard's sales volume per week (one read over the campaign's rows, a short write).
        require(`${__hooks}/lib/dashboard.js`).writeSalesWeekly(app, campaign.id);
        watch.lap('salesWeekly');
      }
    }
    record = setFields(app, fileId, { status: 'issuing', progress: 98 });
  }
  staging().drop(app, fileId);
  watch.lap('dropStaged');
  if (record.getString('status') === 'issuing') {
    let issued = 0;
    for (const campaign of campaigns.length > 0 ? campaigns : releasedCampaigns(app)) {
      issued += require(`${__hooks}/lib/vouchers.js`).reconcile(app, campaign);
    }
    watch.lap('codes');
    setFields(app, fileId, { status: 'done', progress: 100, codesIssued: record.getInt('codesIssued') + issued });
    app.logger().info('sales import: done', 'file', fileId, 'codes', issued, 'ms', JSON.stringify(watch.steps));
  }
}

/**
 * A file whose import threw (lib/staff-uploads.js): failed with a German message and its staged
 * rows removed when it had not reached its commit point; past it the next start finishes it,
 * and a held file waits.
 * @param {CoreApp} app
 * @param {string} fileId
 */
function failUnlessCommitted(app, fileId) {
  const current = app.findRecordById('sales_data_files', fileId);
  const status = current.getString('status');
  if (status === 'merging' || status === 'issuing' || status === 'done' || status === 'held') return;
  staging().drop(app, fileId);
  current.set('status', 'failed');
  current.set('errorMessage', FILE_ERRORS.failed);
  app.saveNoValidate(current);
}

/**
 * After a crash or restart: imports that stopped before their commit point are marked
 * failed and their staged rows removed; imports past it are finished; held imports wait.
 * Then any code a total earned and did not get is issued.
 * @param {CoreApp} app
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

module.exports = {
  importSalesFile,
  failUnlessCommitted,
  finishMerge,
  resumeInterrupted,
  FILE_ERRORS,
  ROW_ERRORS,
  GATE_ERRORS,
  HEADER,
};
