/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The one CSV reader and the one CSV writer of the server (DECISIONS sections 4 and 5).
//
// Reading: d3-dsv (bundled in vendor/csv-parser.js), an RFC 4180 parser that makes one
// linear pass and never throws: quoted fields with separators, quotes ("") and line breaks;
// CRLF, LF and CR, mixed as they come. Nothing is split into lines before quotes are
// honoured. One specialisation: an upload without a single quote character has nothing to
// honour, and its rows are then exactly its lines split on the separator; that path uses
// the runtime's native string search instead of a character loop (5-10x faster in goja).
// tests/api/csv-reader.test.ts checks both paths against d3-dsv in Node on generated input.

const MAX_OUT_CELL = 200;

/** d3-dsv's parsers, by separator. @type {Record<string, { parseRows: (text: string, row?: (fields: string[]) => null) => string[][] }> | null} */
let parsers = null;
/** @param {string} sep */
function parserFor(sep) {
  if (!parsers) {
    const dsv = require(`${__hooks}/vendor/csv-parser.js`);
    parsers = { ',': dsv.dsvFormat(','), ';': dsv.dsvFormat(';') };
  }
  return parsers[sep];
}

/**
 * Index of the first CR or LF in `text` (or its length).
 * @param {string} text
 */
function firstBreak(text) {
  const cr = text.indexOf('\r');
  const lf = text.indexOf('\n');
  if (cr < 0) return lf < 0 ? text.length : lf;
  return lf < 0 ? cr : Math.min(cr, lf);
}

/**
 * Line breaks inside one parsed field (CRLF counts once).
 * @param {string} field
 */
function breaksIn(field) {
  if (field.indexOf('\n') < 0 && field.indexOf('\r') < 0) return 0;
  const cr = field.split('\r').length - 1;
  const lf = field.split('\n').length - 1;
  const crlf = field.split('\r\n').length - 1;
  return cr + lf - crlf;
}

/**
 * Splits an upload into its header and body: `sep` is `;` when the first line has one,
 * else `,`; `names` are the header's trimmed cells; `body` is everything after the first
 * line break; the body's first line is line 2.
 * @param {string} text
 */
function readHeader(text) {
  const end = firstBreak(text);
  const line = text.slice(0, end);
  const sep = line.indexOf(';') >= 0 ? ';' : ',';
  const parsed = parserFor(sep).parseRows(line);
  const names = (parsed[0] || []).map((h) => h.trim());
  let start = end;
  if (text.charAt(start) === '\r' && text.charAt(start + 1) === '\n') start += 2;
  else if (start < text.length) start += 1;
  return { sep, names, body: text.slice(start) };
}

/**
 * Calls `onRow(fields, line, consumed)` for every record of `text` (no header handling):
 * `line` is the 1-based physical line the record starts on, counted from `firstLine`;
 * `consumed` approximates how many characters have been read (for progress). Returns the
 * line number after the text, so a file read in pieces (`pieces`) keeps counting.
 * @param {string} text
 * @param {string} sep
 * @param {(fields: string[], line: number, consumed: number) => void} onRow
 * @param {number} firstLine
 * @returns {number}
 */
function eachRow(text, sep, onRow, firstLine) {
  let line = firstLine || 1;
  if (text.indexOf('"') < 0) {
    // No quotes: records are lines. Native search, CR-only files included.
    if (text.indexOf('\r') < 0) {
      let pos = 0;
      while (pos < text.length) {
        let next = text.indexOf('\n', pos);
        if (next < 0) next = text.length;
        onRow(text.slice(pos, next).split(sep), line, next);
        line += 1;
        pos = next + 1;
      }
      return line;
    }
    const lines = text.split(/\r\n|\r|\n/);
    if (lines[lines.length - 1] === '') lines.pop();
    let consumed = 0;
    for (let i = 0; i < lines.length; i++) {
      consumed += lines[i].length + 1;
      onRow(lines[i].split(sep), line, consumed);
      line += 1;
    }
    return line;
  }
  let consumed = 0;
  parserFor(sep).parseRows(text, (fields) => {
    let inner = 0;
    for (let i = 0; i < fields.length; i++) {
      consumed += fields[i].length + 1;
      inner += breaksIn(fields[i]);
    }
    onRow(fields, line, consumed);
    line += 1 + inner;
    return null; // keep nothing: the caller holds what it needs
  });
  return line;
}

/**
 * Cuts a text read in chunks (`nextChunk()` returns the next one, '' or null at the end) into
 * pieces that each end with a line feed (the last one as the text ends). A line is never split,
 * nor a CRLF: `eachRow` over the pieces in turn, each starting at the line number the one before
 * returned, reads what it reads over the whole text, as long as no field is quoted (a quoted
 * field may hold a line feed; such a file is read whole).
 * @param {() => string | null | undefined} nextChunk
 * @returns {() => string | null}
 */
function pieces(nextChunk) {
  let carry = '';
  let ended = false;
  return function next() {
    while (!ended) {
      const chunk = nextChunk();
      if (chunk === null || chunk === undefined || chunk === '') {
        ended = true;
        break;
      }
      const text = carry === '' ? chunk : carry + chunk;
      const cut = text.lastIndexOf('\n');
      if (cut < 0) {
        carry = text;
        continue;
      }
      carry = text.slice(cut + 1);
      return text.slice(0, cut + 1);
    }
    const rest = carry;
    carry = '';
    return rest === '' ? null : rest;
  };
}

// Control characters (C0, DEL, C1; the rulebook's set) never reach a cell; they become spaces.
/** @type {RegExp | null} */
let control = null;
function controlGlobal() {
  if (!control) control = new RegExp(require(`${__hooks}/vendor/rules.js`).CONTROL_CHARACTERS.source, 'g');
  return control;
}

/**
 * One cell for a CSV the server writes (DECISIONS section 4): control characters become
 * spaces, a value starting with = + - @ is prefixed with ' so spreadsheets never run it as
 * a formula; every cell is quoted (RFC 4180).
 * @param {unknown} value
 */
function cell(value) {
  let text = value === null || value === undefined ? '' : String(value);
  text = text.replace(controlGlobal(), ' ');
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * One CSV line (no line break) of the server's format.
 * @param {unknown[]} cells
 */
function line(cells) {
  return cells.map(cell).join(';');
}

/**
 * UTF-8 with BOM, `;`-separated, CRLF: opens cleanly in German Excel.
 * @param {unknown[]} header
 * @param {unknown[][]} rows
 */
function write(header, rows) {
  const lines = [line(header)];
  for (const row of rows) lines.push(line(row));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * A cell of a failed row as it is echoed back: long values are cut, so a hostile field never fills the file.
 * @param {unknown} value
 */
function echo(value) {
  const text = String(value === null || value === undefined ? '' : value);
  return text.length > MAX_OUT_CELL ? `${text.slice(0, MAX_OUT_CELL)}…` : text;
}

module.exports = { readHeader, eachRow, pieces, firstBreak, cell, line, write, echo, MAX_OUT_CELL };
