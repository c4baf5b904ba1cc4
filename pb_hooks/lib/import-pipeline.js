/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The one import pipeline for every CSV upload the server reads (sales data, business
// partner numbers, audit verdicts): read the file, check it is text, read its header, check
// each row against the upload's row schema, hand the good rows on in chunks whose write
// transactions stay short, collect the failed rows (with line number and German reason)
// for the failed-rows CSV, and report progress. Each upload configures it.

const uploads = () => require(`${__hooks}/lib/uploads.js`);
const csv = () => require(`${__hooks}/lib/csv.js`);

const FILE_ERRORS = {
  empty: require(`${__hooks}/vendor/rules.js`).IMPORT_MESSAGES.empty,
  binary: require(`${__hooks}/vendor/rules.js`).IMPORT_MESSAGES.binary,
};

// A chunk's write transaction aims at this many milliseconds; the chunk size adapts to it
// (DECISIONS section 5: no upload holds the writer for more than about 200 ms at a time).
const TARGET_MS = 150;
const MIN_CHUNK = 100;
// At most 5,000 rows in flight: each is a few values in goja's heap, and their fields keep the
// file's piece alive (decision 068: 20,000 rows and 4 MiB pieces put PocketBase over 300 MB).
// The merge and the gate's forecast start at it.
const MAX_CHUNK = 5000;

/**
 * Times `fn` and returns the next chunk size that keeps it near TARGET_MS.
 * @param {number} size
 * @param {() => void} fn
 */
function adaptChunk(size, fn) {
  const started = Date.now();
  fn();
  const took = Math.max(1, Date.now() - started);
  const next = Math.round((size * TARGET_MS) / took);
  return Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.max(Math.floor(size / 2), Math.min(size * 2, next))));
}

/**
 * An opened upload: whole (`text`, `body`) or in pieces (`pieces`, `size`); `error` a German message instead.
 * @typedef {object} OpenedUpload
 * @property {string} [error]
 * @property {string} [sep]
 * @property {string[]} [names]
 * @property {boolean} [trimmed]
 * @property {string} [text]
 * @property {string} [body]
 * @property {number} [size]
 * @property {{ first: string | null, next: () => string | null, close: () => void }} [pieces]
 */

/**
 * What `run` does with the rows (see there).
 * @typedef {object} ImportSpec
 * @property {(fields: string[], line: number) => any} check
 * @property {(batch: any[]) => Array<{ line: number, reason: string }> | void} flush
 * @property {boolean} [refuses]
 * @property {(percent: number) => void} [progress]
 * @property {number} width
 * @property {number} [chunk]
 */

/** Blanks String.prototype.trim would remove from an ASCII cell, besides the line feed that ends a row. */
const BLANKS = [' ', '\t', '\r', '\v', '\f'];

/**
 * Opens an upload and checks it as a whole. Returns { text, sep, names, body, trimmed } or
 * { error } with a German message. `trimmed` is true when no cell can have anything for
 * String.prototype.trim to remove: the file is ASCII and has no blank but the line feed
 * (native searches, no pass in JS), so a checker may skip trimming each cell.
 * @param {CoreApp} app
 * @param {core.Record} record
 * @returns {OpenedUpload}
 */
function open(app, record) {
  const read = uploads().readUpload(app, record);
  const text = read.text;
  if (text.trim() === '') return { error: FILE_ERRORS.empty };
  if (text.indexOf('\u0000') >= 0) return { error: FILE_ERRORS.binary };
  if (text.indexOf('\uFFFD') >= 0) return { error: uploads().NOT_UTF8 };
  const head = csv().readHeader(text);
  const body = head.body;
  const trimmed = read.ascii && BLANKS.every((blank) => body.indexOf(blank) < 0);
  return { text, sep: head.sep, names: head.names, body, trimmed };
}

/** Bytes read at a time from a large plain upload, 1 MiB (decision 068; PORTAL_IMPORT_PIECE_BYTES overrides it for tests). */
function pieceBytes() {
  return Number($os.getenv('PORTAL_IMPORT_PIECE_BYTES')) || 1024 * 1024;
}

/**
 * Opens a large plain upload to be read piece by piece, so the file is never one string in
 * memory (a 48.6 MB sales file was ~100 MB of PocketBase's peak: its bytes and its text).
 * A first pass reads the chunks and keeps only what it learns: every chunk ASCII (as many
 * characters as bytes, no replacement character), no quote (a quoted field may hold a line
 * break), no NUL, not blank; and whether any blank besides the line feed occurs (`trimmed`).
 * Anything else, a small file, or storage other than local, returns null: such an upload is
 * read whole by `open`, which also words the errors. Returns what `open` returns, with
 * `pieces` ({ first, next, close }) and `size` instead of `text` and `body`.
 * @param {CoreApp} app
 * @param {core.Record} record
 * @returns {OpenedUpload | null}
 */
function openPieces(app, record) {
  const bytes = pieceBytes();
  const source = uploads().chunksOf(app, record, bytes);
  if (!source || source.size <= 2 * bytes) return null;
  let reader = source.open();
  let plain = true;
  let content = false;
  let blanks = false;
  try {
    for (let offset = 0; plain && offset < source.size; offset += bytes) {
      const chunk = reader.next();
      plain =
        chunk.length === Math.min(bytes, source.size - offset) &&
        chunk.indexOf('\uFFFD') < 0 &&
        chunk.indexOf('"') < 0 &&
        chunk.indexOf('\u0000') < 0;
      if (!content && chunk.trim() !== '') content = true;
      if (!blanks) blanks = BLANKS.some((blank) => chunk.indexOf(blank) >= 0);
    }
  } finally {
    reader.close();
  }
  if (!plain || !content) return null;
  reader = source.open();
  const next = csv().pieces(reader.next);
  const head = csv().readHeader(next() || '');
  return {
    sep: head.sep,
    names: head.names,
    trimmed: !blanks,
    size: source.size,
    pieces: { first: head.body, next, close: reader.close },
  };
}

/**
 * Runs the rows of an opened upload through `spec`:
 *   spec.check(fields, line) → { values } | { reason } | { skip: true }   (fields are raw cells);
 *                              an array instead of { values } is a good row handed to flush
 *                              as it is (the fast form for large files: nothing wraps it)
 *   spec.flush(batch)        → writes a chunk of { values, line } in one short transaction and
 *                              returns [{ line, reason }] for rows it refused
 *   spec.refuses             → true when flush may refuse rows (their cells are kept until then)
 *   spec.progress(percent)   → optional, 0..100 of reading
 *   spec.width               → how many cells a failed row echoes (the header's width)
 * Returns { accepted, skipped, failed: [{ line, text }] } where each failed text is a CSV
 * line of the row's cells (cut to `width`), the reason and the line number.
 * @param {OpenedUpload} upload
 * @param {ImportSpec} spec
 */
function run(upload, spec) {
  const csvLib = csv();
  /** @type {Array<{ line: number, text: string }>} */
  const failed = [];
  const width = spec.width;
  /**
   * @param {string[]} fields
   * @param {string} reason
   * @param {number} line
   */
  const echoRow = (fields, reason, line) => {
    const cells = [];
    for (let i = 0; i < width; i++) cells.push(csvLib.echo(fields[i]));
    cells.push(reason, line);
    return { line, text: csvLib.line(cells) };
  };
  /** @type {any[]} */
  let batch = [];
  let chunk = spec.chunk || 2000;
  let accepted = 0;
  let skipped = 0;
  let lastPercent = -1;
  const total = Math.max(1, (upload.pieces ? upload.size : (upload.body || '').length) || 0);
  // The fields of rows in the current chunk, kept until the chunk is written, so a row the
  // writer refuses can be echoed as uploaded (only for writers that can refuse a row).
  const keep = spec.refuses === true;
  /** @type {Record<number, string[]>} */
  let pending = {};

  const flush = () => {
    if (batch.length === 0) return;
    const current = batch;
    const rows = pending;
    batch = [];
    pending = {};
    /** @type {Array<{ line: number, reason: string }>} */
    let refused = [];
    chunk = adaptChunk(current.length, () => {
      refused = spec.flush(current) || [];
    });
    accepted += current.length - refused.length;
    for (const r of refused) failed.push(echoRow(rows[r.line] || [], r.reason, r.line));
  };

  let offset = 0;
  /**
   * @param {string[]} fields
   * @param {number} line
   * @param {number} read
   */
  const onRow = (fields, line, read) => {
    const consumed = offset + read;
    // A line with nothing on it is not a row.
    if (fields.length === 1 && fields[0].trim() === '') return;
    const verdict = spec.check(fields, line);
    if (Array.isArray(verdict)) batch.push(verdict);
    else if (verdict.skip) {
      skipped += 1;
      return;
    } else if (verdict.reason) {
      failed.push(echoRow(fields, verdict.reason, line));
      return;
    } else {
      batch.push({ values: verdict.values, line });
      if (keep) pending[line] = fields;
    }
    if (batch.length >= chunk) flush();
    if (spec.progress && batch.length % 1000 === 0) {
      const percent = Math.floor((consumed / total) * 100);
      if (percent >= lastPercent + 5) {
        lastPercent = percent;
        spec.progress(percent);
      }
    }
  };
  if (upload.pieces) {
    // Piece by piece (openPieces): each piece goes out of reach before the next is read.
    try {
      let line = 2;
      let piece = upload.pieces.first;
      upload.pieces.first = null; // held by the loop only
      for (; piece !== null; piece = upload.pieces.next()) {
        line = csvLib.eachRow(piece, upload.sep || ',', onRow, line);
        offset += piece.length;
      }
    } finally {
      upload.pieces.close();
    }
  } else {
    csvLib.eachRow(upload.body || '', upload.sep || ',', onRow, 2);
  }
  flush();
  // Rows refused at writing join the others in file order.
  failed.sort((a, b) => a.line - b.line);
  return { accepted, skipped, failed };
}

/**
 * The failed-row lines of a run plus rows refused later ({ line, cells, reason }), in file
 * order, as CSV lines for failedRowsFile.
 * @param {{ failed: Array<{ line: number, text: string }> }} result
 * @param {Array<{ line: number, cells: string[], reason: string }>} [later]
 */
function mergeFailed(result, later) {
  const csvLib = csv();
  const extra = (later || []).map((r) => ({
    line: r.line,
    text: csvLib.line([...r.cells.map((c) => csvLib.echo(c)), r.reason, r.line]),
  }));
  return result.failed
    .concat(extra)
    .sort((a, b) => a.line - b.line)
    .map((f) => f.text);
}

/**
 * The failed-rows CSV (server format) for `header`: the rows as uploaded, then `fehler` and `zeile`.
 * @param {string[]} header
 * @param {string[]} failedLines
 * @param {string} name
 */
function failedRowsFile(header, failedLines, name) {
  const body = `\uFEFF${[csv().line(header.concat(['fehler', 'zeile']))].concat(failedLines).join('\r\n')}\r\n`;
  return $filesystem.fileFromBytes(body, name);
}

module.exports = { open, openPieces, run, mergeFailed, failedRowsFile, adaptChunk, MAX_CHUNK, FILE_ERRORS };
