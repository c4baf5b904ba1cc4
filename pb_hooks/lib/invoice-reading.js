/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The queue of invoices to read and what the reader hands back (issue 61, decision 063). Each
// submission is its own queue entry (readingState waiting → reading → read | failed, attempts, a
// lease). The reader process (scripts/reader) claims the oldest waiting one through an internal
// route, fetches its file, reads it and posts the result; only a result for the attempt in
// progress is stored, so a reader killed halfway and started again leaves one result. The routes
// answer only the reader: a secret from PORTAL_READER_SECRET or the data directory's
// .portal-reader-secret file (written by the launcher); without one they do not exist.

/** @typedef {import('../../src/rules/reading').ReadValue} ReadValue */

const rules = () => require(`${__hooks}/vendor/rules.js`);
const database = () => require(`${__hooks}/lib/database.js`);
const SECRET_HEADER = 'X-Portal-Reader-Key';
const SECRET_FILE = '.portal-reader-secret';

/**
 * PocketBase's date format of a time in ms (real time: leases are about processes, not the campaign clock).
 * @param {number} ms
 */
const stamp = (ms) => new Date(ms).toISOString().replace('T', ' ');

/** The secret once read from the data directory (this JS runtime's; the file does not change). */
let secretRead = '';

/**
 * The reader's secret, or '' when no reader is set up. The idle reader asks every second: the file is read once.
 * @param {CoreApp} app
 */
function secret(app) {
  const fromEnv = $os.getenv('PORTAL_READER_SECRET');
  if (fromEnv) return fromEnv;
  if (secretRead) return secretRead;
  try {
    secretRead = toString($os.readFile(`${app.dataDir()}/${SECRET_FILE}`)).trim();
  } catch (_) {
    secretRead = '';
  }
  return secretRead;
}

/**
 * Equal strings, compared in time that does not depend on where they differ.
 * @param {string} a
 * @param {string} b
 */
function sameSecret(a, b) {
  if (!a || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Throws 404 unless the request carries the reader's secret: to anyone else the routes are not there.
 * @param {core.RequestEvent} e
 */
function requireReader(e) {
  if (!sameSecret(secret(e.app), String(e.request.header.get(SECRET_HEADER) || ''))) throw new NotFoundError();
}

/**
 * A new submission waits to be read (in the caller's transaction).
 * @param {core.Record} record
 */
function enqueue(record) {
  record.set('readingState', 'waiting');
  record.set('readingAttempts', 0);
  record.set('readingReason', '');
  record.set('readingLease', '');
}

/**
 * The reader started: what an earlier run of it was reading is read again. Returns how many.
 * @param {CoreApp} app
 */
function restart(app) {
  const result = app
    .db()
    .newQuery("UPDATE submissions SET readingState = 'waiting', readingLease = '' WHERE readingState = 'reading'")
    .execute();
  return result.rowsAffected();
}

/**
 * The oldest invoice waiting (or whose lease ran out), claimed for one attempt: what the reader
 * needs to read it and to match seller and buyer. null when nothing waits. A reading that has
 * already used its attempts fails with a reason instead of being claimed again.
 * @param {CoreApp} app
 */
function claim(app) {
  const r = rules();
  const NEXT = `SELECT id, readingAttempts AS attempts FROM submissions
    WHERE readingState = 'waiting' OR (readingState = 'reading' AND readingLease < {:now})
    ORDER BY created, id LIMIT 1`;
  /** @param {CoreApp} db */
  const next = (db) => database().rowsOf(db, NEXT, { now: stamp(Date.now()) }, { id: '', attempts: 0 })[0];
  // An idle reader asks every second: a read on the index, the write lock only when there is work.
  if (!next(app)) return null;
  /** @type {ReturnType<typeof jobOf> | null} */
  let job = null;
  database().writeTransaction(app, (tx) => {
    for (let row = next(tx); row; row = next(tx)) {
      const s = tx.findRecordById('submissions', row.id);
      if (row.attempts >= r.READING.maxAttempts) {
        finish(tx, s, { failed: r.READING.reasons.aborted });
        continue;
      }
      s.set('readingState', 'reading');
      s.set('readingAttempts', row.attempts + 1);
      s.set('readingLease', stamp(Date.now() + r.READING.leaseSeconds * 1000));
      tx.saveNoValidate(s);
      job = jobOf(tx, s);
      return;
    }
  });
  return job;
}

/**
 * What the reader is told about one claimed submission.
 * @param {CoreApp} app
 * @param {core.Record} s
 */
function jobOf(app, s) {
  const user = app.findRecordById('users', s.getString('user'));
  const centres = database().rowsOf(
    app,
    `SELECT n.partnerName AS name, c.customerNumber AS customerNumber
       FROM user_lz_connections c JOIN nora_lz n ON n.id = c.noraLz WHERE c.user = {:u} ORDER BY c.created`,
    { u: user.id },
    { name: '', customerNumber: '' },
  );
  return {
    id: s.id,
    attempt: s.getInt('readingAttempts'),
    file: s.getString('file'),
    workshop: { shopName: user.getString('shopName'), centres },
  };
}

/**
 * Serves the file of a submission being read (to the reader only).
 * @param {core.RequestEvent} e
 * @param {string} id
 */
function serveFile(e, id) {
  let s;
  try {
    s = e.app.findRecordById('submissions', id);
  } catch (_) {
    throw new NotFoundError();
  }
  if (s.getString('readingState') !== 'reading') throw new NotFoundError();
  const fsys = e.app.newFilesystem();
  try {
    fsys.serve(e.response, e.request, `${s.baseFilesPath()}/${s.getString('file')}`, s.getString('file'));
  } finally {
    fsys.close();
  }
}

const FIELD_VALUE_MAX = 200;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

/**
 * A field as the reader sent it, bounded and typed; null when it is not one.
 * @param {any} raw
 * @returns {ReadValue | null}
 */
function cleanField(raw) {
  if (!raw || typeof raw !== 'object') return null;
  const r = rules();
  const value = String(raw.value ?? '')
    .replace(new RegExp(r.CONTROL_CHARACTERS.source, 'g'), ' ')
    .trim()
    .slice(0, FIELD_VALUE_MAX);
  const confidence = Math.max(0, Math.min(100, Number(raw.confidence) || 0));
  /** @type {ReadValue} */
  const field = { value, confidence: Math.round(confidence * 10) / 10 };
  const page = Number(raw.page);
  if (Number.isInteger(page) && page >= 1 && page <= r.READING.maxPages) field.page = page;
  /** @type {unknown[]} */
  const box = Array.isArray(raw.box) ? raw.box : [];
  if (box.length === 4 && box.every((n) => Number.isFinite(Number(n)))) {
    const [x0, y0, x1, y1] = box.map((n) => Math.max(0, Math.min(1, Math.round(Number(n) * 10000) / 10000)));
    field.box = [x0, y0, x1, y1];
  }
  if (typeof raw.match === 'boolean') field.match = raw.match;
  return field;
}

/**
 * Stores what the reader sends for attempt `attempt` of submission `id`: either the fields read
 * (`result.fields`, `result.text`, `result.kind`, `result.pages`) or `result.failed` (a reason).
 * A result for another attempt than the one in progress (a reader killed and the invoice claimed
 * again) is refused with 409 and changes nothing.
 * @param {CoreApp} app
 * @param {string} id
 * @param {unknown} attempt
 * @param {any} result
 */
function store(app, id, attempt, result) {
  let stored = false;
  database().writeTransaction(app, (tx) => {
    let s;
    try {
      s = tx.findRecordById('submissions', id);
    } catch (_) {
      throw new NotFoundError();
    }
    if (s.getString('readingState') !== 'reading' || s.getInt('readingAttempts') !== Number(attempt)) return;
    finish(tx, s, result || {});
    stored = true;
  });
  if (!stored) throw new ApiError(409, rules().READING.messages.stale);
}

/**
 * The reading's end in `tx`: its fields on the submission, the signals of it and its number twins.
 * @param {CoreApp} tx
 * @param {core.Record} s
 * @param {any} result what the reader sent (checked here)
 */
function finish(tx, s, result) {
  const r = rules();
  const previousNumber = s.getString('invoiceNumber');
  if (result.failed) {
    s.set('readingState', 'failed');
    s.set('readingReason', String(result.failed).slice(0, 500));
    s.set('reading', { kind: '', pages: [], fields: {} });
  } else {
    /** @type {Partial<Record<import('../../src/rules/reading').ReadField, ReadValue>>} */
    const fields = {};
    for (const name of r.READ_FIELDS) {
      const field = cleanField(result.fields && result.fields[name]);
      if (field) fields[name] = field;
    }
    /** @type {any[]} */
    const sent = Array.isArray(result.pages) ? result.pages : [];
    const pages = sent.slice(0, r.READING.maxPages).map((p) => ({
      width: Math.max(1, Math.min(100000, Number(p && p.width) || 1)),
      height: Math.max(1, Math.min(100000, Number(p && p.height) || 1)),
      // How the page was turned to be read upright (quarter turns clockwise); the review turns it alike.
      quarterTurns: [0, 1, 2, 3].includes(Number(p && p.quarterTurns)) ? Number(p.quarterTurns) : 0,
    }));
    const kind = result.kind === 'ocr' ? 'ocr' : 'text';
    s.set('readingState', 'read');
    s.set('readingReason', '');
    s.set('reading', { kind, pages, fields, readAt: stamp(Date.now()) });
    // The lines stay apart; every other control character becomes a space.
    const text = String(result.text || '')
      .slice(0, r.READING.maxTextChars)
      .replace(CONTROL_BUT_NEWLINE, ' ');
    s.set('invoiceText', text);
    // The number and date the signals compare: only what was read surely (a doubt is 'unreadable').
    const { invoiceNumber, invoiceDate } = fields;
    s.set('invoiceNumber', invoiceNumber && r.isSure(invoiceNumber) ? invoiceNumber.value.toUpperCase().slice(0, 40) : '');
    s.set('invoiceDate', invoiceDate && r.isSure(invoiceDate) && /^\d{4}-\d{2}-\d{2}$/.test(invoiceDate.value) ? invoiceDate.value : '');
  }
  s.set('textExtracted', true);
  s.set('readingLease', '');
  tx.saveNoValidate(s);
  refreshWithTwins(tx, s, previousNumber);
}

/**
 * The signals of `s` and of every submission sharing its invoice number, now or before.
 * @param {CoreApp} tx
 * @param {core.Record} s
 * @param {string} previousNumber
 */
function refreshWithTwins(tx, s, previousNumber) {
  const review = require(`${__hooks}/lib/review-signals.js`);
  review.refreshSignals(tx, s.id);
  for (const nr of [s.getString('invoiceNumber'), previousNumber]) {
    if (!nr) continue;
    for (const other of database().idsOf(tx, `SELECT id FROM submissions WHERE invoiceNumber = {:nr} AND id != {:id}`, { nr, id: s.id })) {
      review.refreshSignals(tx, other);
    }
  }
}

/**
 * An auditor's correction of a read field: kept beside what was read (reading.corrections), in
 * the staff log with both values, and used by the signals from then on (a corrected field counts
 * as sure; a corrected number or date is what the duplicate and date signals compare).
 * @param {CoreApp} app
 * @param {string} auditorId
 * @param {string} id
 * @param {string} field
 * @param {string} raw
 */
function correct(app, auditorId, id, field, raw) {
  const r = rules();
  const checked = r.correctedValue(String(field || ''), String(raw ?? ''));
  if (checked.error) throw new BadRequestError(checked.error);
  database().writeTransaction(app, (tx) => {
    let s;
    try {
      s = tx.findRecordById('submissions', id);
    } catch (_) {
      throw new NotFoundError(r.CORRECTION.messages.notFound);
    }
    const reading = require(`${__hooks}/lib/review-signals.js`).storedReading(s);
    const read = reading.fields && reading.fields[field] ? reading.fields[field].value : '';
    const corrections = reading.corrections || {};
    const before = corrections[field] ? corrections[field].value : read;
    corrections[field] = { value: checked.value, read, by: auditorId, at: stamp(Date.now()) };
    reading.corrections = corrections;
    s.set('reading', reading);
    const previousNumber = s.getString('invoiceNumber');
    if (field === 'invoiceNumber') s.set('invoiceNumber', checked.value);
    if (field === 'invoiceDate') s.set('invoiceDate', checked.value);
    tx.saveNoValidate(s);
    require(`${__hooks}/lib/staff-log.js`).write(tx, {
      actor: tx.findRecordById('auditors', auditorId),
      action: 'review.reading_corrected',
      target: { collection: 'submissions', id },
      before: { [field]: before },
      after: { [field]: checked.value },
    });
    refreshWithTwins(tx, s, previousNumber);
  });
}

module.exports = { SECRET_HEADER, SECRET_FILE, requireReader, enqueue, restart, claim, serveFile, store, correct };
