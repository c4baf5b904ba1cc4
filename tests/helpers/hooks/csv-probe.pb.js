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
