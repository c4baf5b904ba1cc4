/// <reference path="../../../pb_data/types.d.ts" />
// Test-only routes (loaded by tests through startPocketBase({ extraHooks }), never shipped):
// they call the server's own CSV reader and writer in PocketBase's JS runtime, so a test can
// compare them with a Node parser on generated input. Superusers only.

routerAdd(
  'POST',
  '/api/test/csv/parse',
  (e) => {
    const body = e.requestInfo().body;
    const csv = require(`${__hooks}/lib/csv.js`);
    const rows = [];
    const text = String(body.text);
    if (body.withHeader) {
      const head = csv.readHeader(text);
      csv.eachRow(head.body, head.sep, (fields, line) => rows.push({ fields, line }), 2);
      return e.json(200, { sep: head.sep, names: head.names, rows });
    }
    csv.eachRow(text, body.sep, (fields, line) => rows.push({ fields, line }), 1);
    return e.json(200, { rows });
  },
  $apis.requireSuperuserAuth(),
);

routerAdd(
  'POST',
  '/api/test/csv/write',
  (e) => {
    const body = e.requestInfo().body;
    return e.string(200, require(`${__hooks}/lib/csv.js`).write(body.header, body.rows));
  },
  $apis.requireSuperuserAuth(),
);

// The same text handed to the reader in chunks of the given sizes (cycled), cut into pieces
// and read piece by piece, as the sales import reads a large plain file.
routerAdd(
  'POST',
  '/api/test/csv/pieces',
  (e) => {
    const body = e.requestInfo().body;
    const csv = require(`${__hooks}/lib/csv.js`);
    const text = String(body.text);
    const sizes = body.sizes.map(Number);
    let at = 0;
    let turn = 0;
    const next = csv.pieces(() => {
      const size = sizes[turn++ % sizes.length];
      const chunk = text.slice(at, at + size);
      at += size;
      return chunk;
    });
    const rows = [];
    const cuts = [];
    let line = 1;
    for (let piece = next(); piece !== null; piece = next()) {
      cuts.push(piece.length);
      line = csv.eachRow(piece, body.sep, (fields, l) => rows.push({ fields, line: l }), line);
    }
    return e.json(200, { rows, cuts, next: line });
  },
  $apis.requireSuperuserAuth(),
);
