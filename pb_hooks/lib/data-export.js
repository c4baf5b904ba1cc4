/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Everything the portal holds about one workshop, as a ZIP (issue 37; GDPR Art. 15 access and
// Art. 20 portability): `daten.json` (machine-readable, the stored values), one CSV per topic
// for German Excel (the server's CSV rules: BOM, ';', quoted, no formulas; German dates and
// amounts), the invoice files, and `LIESMICH.txt`. Only the workshop's own rows, by its id;
// no field staff keep for themselves (review signals, the invoice's extracted text, hold and
// return notes, the block reason, the auditor) and nothing of another workshop.

// What the file holds, topic by topic (lib/data-export-topics.js).
const { KIND, LABELLED, TOPICS } = require(`${__hooks}/lib/data-export-topics.js`);

/**
 * Every value of a row as text or number, as the statement answered it.
 * @param {CoreApp} app
 * @param {import('./data-export-topics.js').Topic} topic
 * @param {string} userId
 */
function readRows(app, topic, userId) {
  /** @type {Record<string, string | number | boolean>} */
  const shape = {};
  // A shape's 0 reads a whole number (int64) and fails on 612.4; 0.5 reads a float64. Money always
  // reads as a float (issue 58: every workshop with cents got PocketBase's English 400).
  for (const [key, , kind] of topic.columns)
    shape[key] = kind === KIND.money ? 0.5 : kind === KIND.number ? 0 : kind === KIND.bool ? false : '';
  const rows = require(`${__hooks}/lib/database.js`).rowsOf(app, topic.sql, { id: userId }, shape);
  return rows.map((row) => {
    /** @type {Record<string, any>} */
    const out = {};
    for (const [key] of topic.columns) out[key] = row[key];
    return out;
  });
}

// Read once per runtime: cellText runs for every cell of the archive.
/** @type {HookModules['clock']['berlinDateTime']} */
const berlinDateTime = (value) => require(`${__hooks}/lib/clock.js`).berlinDateTime(value);
/** @type {HookModules['vendor/rules']['germanDate']} */
const germanDate = (iso) => require(`${__hooks}/vendor/rules.js`).germanDate(iso);

/**
 * A value as the CSV shows it to a German reader.
 * @param {any} value
 * @param {string} kind
 */
function cellText(value, kind) {
  if (kind === KIND.bool) return value ? 'ja' : 'nein';
  if (kind === KIND.money) return require(`${__hooks}/lib/amounts.js`).csvAmount(value);
  if (kind === KIND.date) return berlinDateTime(value);
  if (kind === KIND.day) return value ? germanDate(value) : '';
  return value === null || value === undefined ? '' : String(value);
}

/**
 * The workshop's data by topic ({ konto: [...], ... }), or null when there is no such workshop.
 * @param {CoreApp} app
 * @param {string} userId
 * @returns {Record<string, any[]> | null}
 */
function collect(app, userId) {
  /** @type {Record<string, any[]>} */
  const data = {};
  for (const topic of TOPICS) data[topic.file] = readRows(app, topic, userId);
  if (data.konto.length !== 1) return null;
  // The invoice's place in the archive.
  for (const row of data.einreichungen) row.invoice = row.invoice ? invoicePath(row.id, row.invoice) : '';
  return data;
}

/**
 * @param {string} submissionId
 * @param {string} file
 */
function invoicePath(submissionId, file) {
  return `rechnungen/${submissionId}_${file}`;
}

/**
 * The archive's LIESMICH.txt: what each part holds, in the rulebook's words.
 * @param {Record<string, any[]>} data
 * @param {Date} madeAt
 */
function readme(data, madeAt) {
  const counts = {
    leistungszentren: data.leistungszentren.length,
    umsaetze: data.umsaetze.length,
    codes: data.codes.length,
    einreichungen: data.einreichungen.length,
    auszahlungen: data.auszahlungen.length,
    mails: data.mails.length,
  };
  return require(`${__hooks}/vendor/rules.js`).dataExportReadme(counts, require(`${__hooks}/lib/clock.js`).berlinDay(madeAt));
}

/**
 * Streams the archive of `userId` to the response: headers first, then each entry as it is
 * made; one invoice is in memory at a time. Returns the number of entries and bytes.
 * @param {core.RequestEvent} e
 * @param {CoreApp} app
 * @param {string} userId
 * @param {Record<string, any[]>} data
 * @param {Date} madeAt
 */
function stream(e, app, userId, data, madeAt) {
  const csv = require(`${__hooks}/lib/csv.js`);
  const zip = require(`${__hooks}/lib/zip.js`);
  const rules = require(`${__hooks}/vendor/rules.js`);
  const isoDay = require(`${__hooks}/lib/clock.js`).berlinDay(madeAt).iso;
  const headers = e.response.header();
  headers.set('Content-Type', 'application/zip');
  headers.set('Content-Disposition', `attachment; filename="${rules.DATA_EXPORT.fileName(isoDay)}"`);
  headers.set('Cache-Control', 'no-store');
  e.response.writeHeader(200);
  const archive = zip.writer((bytes) => e.response.write(bytes), madeAt);
  let entries = 0;
  /**
   * @param {string} name
   * @param {number[]} bytes
   * @param {number} [crc]
   */
  const add = (name, bytes, crc) => {
    archive.add(name, bytes, crc);
    entries += 1;
  };
  add('LIESMICH.txt', toBytes(readme(data, madeAt)));
  add('daten.json', toBytes(JSON.stringify({ zusammengestelltAm: madeAt.toISOString(), ...data }, null, 2)));
  for (const topic of TOPICS) {
    const labels = LABELLED[topic.file] || {};
    /**
     * @param {string} key
     * @param {unknown} value
     * @param {string} kind
     */
    const shown = (key, value, kind) =>
      labels[key] ? rules.labelOf(/** @type {Record<string, any>} */ (rules)[labels[key]], String(value)) : cellText(value, kind);
    const rows = data[topic.file].map((row) => topic.columns.map(([key, , kind]) => shown(key, row[key], kind)));
    add(
      `${topic.file}.csv`,
      toBytes(
        csv.write(
          topic.columns.map(([, heading]) => heading),
          rows,
        ),
      ),
    );
  }
  const submissions = app.findCollectionByNameOrId('submissions');
  const fsys = app.newFilesystem();
  try {
    for (const row of data.einreichungen) {
      if (!row.invoice) continue;
      const file = row.invoice.slice(`rechnungen/${row.id}_`.length);
      const key = `${submissions.id}/${row.id}/${file}`;
      let bytes;
      let crc;
      try {
        const reader = fsys.getReader(key);
        try {
          bytes = toBytes(reader);
        } finally {
          reader.close();
        }
        crc = zip.crc32ByGzip(() => fsys.getReader(key));
      } catch (err) {
        app.logger().error('data export: invoice missing', 'submission', row.id, 'error', String(err));
        continue;
      }
      add(row.invoice, bytes, crc);
    }
  } finally {
    fsys.close();
  }
  archive.finish();
  return { entries, bytes: archive.size() };
}

/**
 * When this workshop last made an archive itself, in ms since the epoch (0: never). Read in
 * the transaction that records the next one, so 25 requests at once make one archive.
 * @param {CoreApp} app
 * @param {string} userId
 */
function lastSelfExport(app, userId) {
  const row = new DynamicModel({ created: '' });
  try {
    app
      .db()
      .newQuery(
        `SELECT created FROM staff_log
          WHERE action = 'privacy.data_export' AND targetCollection = 'users' AND targetId = {:id} AND actorCollection = 'users'
          ORDER BY created DESC LIMIT 1`,
      )
      .bind({ id: userId })
      .one(row);
  } catch (_) {
    return 0;
  }
  return require(`${__hooks}/lib/clock.js`).parseDate(row.created).getTime();
}

/**
 * @param {core.RequestEvent} e
 * @param {number} status
 * @param {string} message
 * @param {Record<string, any>} [data]
 */
function refuse(e, status, message, data) {
  return require(`${__hooks}/lib/http.js`).jsonError(e, status, message, data);
}

/**
 * POST /api/portal/my-data { password }: the signed-in workshop's own archive.
 * @param {core.RequestEvent} e
 */
function selfService(e) {
  const rules = require(`${__hooks}/vendor/rules.js`);
  const body = e.requestInfo().body || {};
  const password = typeof body.password === 'string' ? body.password : '';
  const user = e.app.findRecordById('users', require(`${__hooks}/lib/guards.js`).signedIn(e).id);
  const refused = require(`${__hooks}/lib/account.js`).passwordRefusal(user, password);
  if (refused) return e.json(400, refused);
  const madeAt = new Date();
  const spacing = rules.DATA_EXPORT.minutesBetween * 60000;
  // Either how long this workshop still has to wait, or its data (recorded in the staff log).
  const made = require(`${__hooks}/lib/database.js`).writeTransaction(e.app, (tx) => {
    const last = lastSelfExport(tx, user.id);
    if (last && madeAt.getTime() - last < spacing) return { waitMs: spacing - (madeAt.getTime() - last), data: null };
    const data = collect(tx, user.id);
    if (!data) throw new NotFoundError();
    require(`${__hooks}/lib/staff-log.js`).write(tx, {
      actor: user,
      action: 'privacy.data_export',
      target: { collection: 'users', id: user.id },
      reason: rules.STAFF_LOG_REASONS.selfExport,
      after: summary(data),
    });
    return { waitMs: 0, data };
  });
  if (!made.data) {
    e.response.header().set('Retry-After', String(Math.ceil(made.waitMs / 1000)));
    return refuse(e, 429, rules.MESSAGES.exportTooSoon(Math.ceil(made.waitMs / 60000)));
  }
  stream(e, e.app, user.id, made.data, madeAt);
  return null;
}

/**
 * POST /api/portal/backoffice/workshops/{id}/data-export { reason }: an administrator answers a request by letter or phone.
 * @param {core.RequestEvent} e
 * @param {string} userId
 */
function forStaff(e, userId) {
  const reason = require(`${__hooks}/lib/backoffice.js`).requireReason(e.requestInfo().body || {});
  const madeAt = new Date();
  const data = require(`${__hooks}/lib/database.js`).writeTransaction(e.app, (tx) => {
    const collected = collect(tx, userId);
    if (!collected) return null;
    require(`${__hooks}/lib/staff-log.js`).write(tx, {
      actor: e.auth,
      action: 'privacy.data_export',
      target: { collection: 'users', id: userId },
      reason,
      after: summary(collected),
    });
    return collected;
  });
  if (!data) return refuse(e, 404, "The requested resource wasn't found.");
  stream(e, e.app, userId, data, madeAt);
  return null;
}

/**
 * What the staff log keeps about an archive: how many rows of each topic, no content.
 * @param {Record<string, any[]>} data
 */
function summary(data) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const topic of TOPICS) counts[topic.file] = data[topic.file].length;
  return counts;
}

module.exports = { selfService, forStaff, collect, TOPICS };
