import path from 'node:path';
import { dsvFormat } from 'd3-dsv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// The server's one CSV reader and writer (pb_hooks/lib/csv.js, run in PocketBase's own JS
// runtime through a test-only route) against d3-dsv in Node, on generated hostile input.

let server: TestServer;

beforeAll(async () => {
  server = await startPocketBase({ extraHooks: [path.resolve(import.meta.dirname, '../helpers/hooks/csv-probe.pb.js')] });
});
afterAll(async () => {
  await server?.stop();
});

interface ParsedRow {
  fields: string[];
  line: number;
}

async function serverParse(text: string, sep: string): Promise<ParsedRow[]> {
  const res = await fetch(`${server.url}/api/test/csv/parse`, {
    method: 'POST',
    headers: { Authorization: server.admin.authStore.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text, sep }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).rows;
}

async function serverWrite(header: string[], rows: string[][]): Promise<string> {
  const res = await fetch(`${server.url}/api/test/csv/write`, {
    method: 'POST',
    headers: { Authorization: server.admin.authStore.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ header, rows }),
  });
  expect(res.status).toBe(200);
  // Keep the BOM: res.text() would drop it.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
}

// Characters that break naive CSV readers: both separators, quotes, every line ending, a tab,
// a formula starter, non-ASCII.
const hostileChar = fc.constantFrom('a', 'Z', '7', ' ', '"', ',', ';', '\n', '\r', '\t', '=', 'ä', '€', '·');
const hostileText = (maxLength: number) => fc.string({ unit: hostileChar, maxLength });
const separator = fc.constantFrom(',', ';');
const lineEnd = fc.constantFrom('\r\n', '\n', '\r');

/** A field as a careful writer would put it: quoted when it must be, sometimes when it need not be. */
function serialiseField(value: string, sep: string, quoteAnyway: boolean) {
  const must = /["\r\n]/.test(value) || value.includes(sep);
  return must || quoteAnyway ? `"${value.replace(/"/g, '""')}"` : value;
}

const breaks = (text: string) => (text.match(/\r\n|\r|\n/g) ?? []).length;

describe('the server reads CSV exactly as d3-dsv does in Node', () => {
  it('on arbitrary hostile text, with or without quotes (both reading paths)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText(300), separator, async (text, sep) => {
        const rows = await serverParse(text, sep);
        expect(rows.map((r) => r.fields)).toEqual(dsvFormat(sep).parseRows(text));
      }),
      { numRuns: 150 },
    );
  });

  it('on arbitrary text without quotes (the native-search path), CR-only files included', async () => {
    const unquoted = fc.string({ unit: fc.constantFrom('a', '1', ' ', ',', ';', '\n', '\r', 'ü'), maxLength: 400 });
    await fc.assert(
      fc.asyncProperty(unquoted, separator, async (text, sep) => {
        const rows = await serverParse(text, sep);
        expect(rows.map((r) => r.fields)).toEqual(dsvFormat(sep).parseRows(text));
        // Without quotes every record is one line: the line numbers count up by one.
        expect(rows.map((r) => r.line)).toEqual(rows.map((_, i) => i + 1));
      }),
      { numRuns: 150 },
    );
  });

  it('gives back every record of a well-formed file with the line it starts on, whatever the quoting and line endings', async () => {
    const records = fc.array(fc.array(hostileText(12), { minLength: 2, maxLength: 6 }), { minLength: 1, maxLength: 25 });
    await fc.assert(
      fc.asyncProperty(
        records,
        separator,
        lineEnd,
        fc.boolean(),
        fc.infiniteStream(fc.boolean()),
        async (recs, sep, eol, trailing, quoting) => {
          const lines = recs.map((r) => r.map((f) => serialiseField(f, sep, quoting.next().value)).join(sep));
          const text = lines.join(eol) + (trailing ? eol : '');
          const expectedLines: number[] = [];
          let line = 1;
          for (const l of lines) {
            expectedLines.push(line);
            line += breaks(l) + 1;
          }
          const rows = await serverParse(text, sep);
          expect(rows.map((r) => r.fields)).toEqual(recs);
          expect(rows.map((r) => r.line)).toEqual(expectedLines);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('a large plain file read in pieces reads as the whole file', () => {
  async function serverPieces(text: string, sep: string, sizes: number[]) {
    const res = await fetch(`${server.url}/api/test/csv/pieces`, {
      method: 'POST',
      headers: { Authorization: server.admin.authStore.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text, sep, sizes }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { rows: ParsedRow[]; cuts: number[]; next: number };
  }

  it('whatever the chunk sizes, every line ending split between chunks included: same records, same line numbers', async () => {
    // No quotes (a file with one is read whole); CRLF pairs, lone CRs, empty lines, a missing last break.
    const unquoted = fc.string({ unit: fc.constantFrom('a', '1', ' ', ',', ';', '\n', '\r', '\r\n', '\n\n'), maxLength: 400 });
    await fc.assert(
      fc.asyncProperty(
        unquoted,
        separator,
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        async (text, sep, sizes) => {
          const whole = await serverParse(text, sep);
          const { rows, cuts, next } = await serverPieces(text, sep, sizes);
          expect(rows).toEqual(whole);
          expect(rows.map((r) => r.fields)).toEqual(dsvFormat(sep).parseRows(text));
          // The pieces are the text, in order, each ending at a line feed but perhaps the last.
          expect(cuts.reduce((a, b) => a + b, 0)).toBe(text.length);
          let at = 0;
          cuts.forEach((n, i) => {
            at += n;
            if (i < cuts.length - 1) expect(text[at - 1]).toBe('\n');
          });
          // Without quotes a record is a line: the count goes on after the last one.
          expect(next).toBe(whole.length + 1);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('what the server writes reads back unchanged', () => {
  // Anything a cell may hold, control characters and formula starters included.
  const anyCell = fc.string({ unit: fc.oneof(hostileChar, fc.constantFrom('\u0000', '\u0007', '+', '-', '@', '\u2028')), maxLength: 30 });

  it('every cell: control characters become spaces, formula starters get a leading quote, nothing else changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(anyCell, { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(anyCell, { minLength: 1, maxLength: 5 }), { maxLength: 10 }),
        async (header, rows) => {
          const text = await serverWrite(header, rows);
          expect(text.startsWith('\uFEFF')).toBe(true);
          expect(text.endsWith('\r\n')).toBe(true);
          const expected = (cell: string) => {
            // eslint-disable-next-line no-control-regex
            const clean = cell.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
            return /^[=+\-@]/.test(clean) ? `'${clean}` : clean;
          };
          const parsed = dsvFormat(';').parseRows(text.slice(1));
          expect(parsed).toEqual([header, ...rows].map((r) => r.map(expected)));
          // A value without control characters or a formula starter is exactly what was stored.
          for (const [i, row] of [header, ...rows].entries()) {
            row.forEach((cell, j) => {
              // eslint-disable-next-line no-control-regex
              if (!/[\u0000-\u001f\u007f-\u009f]/.test(cell) && !/^[=+\-@]/.test(cell)) expect(parsed[i]![j]).toBe(cell);
            });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

// Reading time on adversarial shapes (twice the input, at most 2.5x the time) is a speed figure, not
// a rule a test can assert on a busy machine (issue 33): `npm run bench:csv` measures it.
