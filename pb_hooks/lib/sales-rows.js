/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// A sales file's rows checked one by one (DECISIONS section 5): trimmed cells, ids, a known
// workshop (or its customer number at the centre, issue 58), a date in a released campaign's
// period (issue 60), a bounded amount; the file read into staging with them, and its repeated
// keys found there. Used by lib/sales-import.js.

const pipeline = () => require(`${__hooks}/lib/import-pipeline.js`);
const staging = () => require(`${__hooks}/lib/import-staging.js`);

const HEADER = ['user', 'bnr', 'knr', 'gpnr', 'deliverydate', 'sales'];
const HEADER_ERROR = require(`${__hooks}/vendor/rules.js`).IMPORT_MESSAGES.salesHeader(HEADER.join(','));
const MAX_FIELD = require(`${__hooks}/vendor/rules.js`).LIMITS.idMax;
const CSV_ROW = require(`${__hooks}/vendor/rules.js`).CSV_ROW;
// The refusals of this import's own rules; the ones both staff imports share are the rulebook's CSV_ROW.
const ROW_ERRORS = {
  date: CSV_ROW.date,
  period: CSV_ROW.period,
  /** @param {string | number} line */
  duplicate: (line) => CSV_ROW.duplicate(String(line)),
};

/** @param {CoreApp} app */
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
/** @param {CoreApp} app */
function loadCustomerNumbers(app) {
  const key = require(`${__hooks}/vendor/rules.js`).customerKey;
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

/**
 * The row schema of a sales file: trimmed cells, ids ≤ 30 characters, a known user, a date in
 * the period, a bounded amount. A good row comes back as the array staged for it
 * ([user, bnr, knr, gpnr, deliverydate, euro, line]); `trimmed` says the cells need no trim.
 * @param {CoreApp} app
 * @param {core.Record[]} campaigns
 * @param {boolean} trimmed
 * @returns {(raw: string[], line: number) => unknown[] | { reason: string }}
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
  const customerKey = require(`${__hooks}/vendor/rules.js`).customerKey;
  /** @type {Record<string, string> | null} */
  let byCustomer = null;
  /** @type {Record<string, string>} */
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
      const known = byCustomer || (byCustomer = loadCustomerNumbers(app));
      user = known[customerKey(f[1], f[2])];
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
    return [user, f[1], f[2], f[3], f[4], /** @type {number} */ (amount.cents) / 100, line, verdict];
  };
}

/**
 * A key twice in one file: the later rows fail, naming the first line with that key. The
 * sorted staging table has them next to each other (one read per page of repeats); they stay
 * staged and the merge skips them. Returns their failed-row lines (sorted into the others by
 * the caller).
 * @param {CoreApp} app
 * @param {string} fileId
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
 * Reads the upload of `record`, checks its rows and stages the good ones (unsorted). Returns the
 * pipeline's result, or `error` (a German message) when the file cannot be read.
 * @param {CoreApp} app
 * @param {core.Record} record
 * @param {core.Record[]} campaigns
 * @param {(percent: number) => void} [progress]
 * @returns {{ error: string, result?: undefined } | { error?: undefined, result: any }}
 */
function stageFile(app, record, campaigns, progress) {
  // A large plain file is read piece by piece; anything else whole (decision 022).
  const upload = pipeline().openPieces(app, record) || pipeline().open(app, record);
  if (upload.error) return { error: upload.error };
  if ((upload.names || []).join(',') !== HEADER.join(',')) return { error: HEADER_ERROR };
  staging().begin(app, record.id);
  const result = pipeline().run(upload, {
    width: HEADER.length,
    check: rowChecker(app, campaigns, upload.trimmed === true),
    flush: (batch) => {
      staging().append(app, record.id, batch);
      return [];
    },
    progress,
  });
  if (upload.pieces) app.logger().info('sales import: file read in pieces', 'file', record.id, 'bytes', upload.size);
  // The file's text is no longer needed: let the runtime free it before sorting.
  upload.text = undefined;
  upload.body = undefined;
  return { result };
}

module.exports = { rowChecker, stageFile, repeatedRows, HEADER, ROW_ERRORS };
