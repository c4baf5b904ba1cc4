/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// The reader process's routes (issue 61, lib/invoice-reading.js): only a request with the
// reader's secret finds them; to everybody else they answer 404 like a route that is not there.

routerAdd('POST', '/api/internal/reader/start', (e) => {
  const reading = require(`${__hooks}/lib/invoice-reading.js`);
  reading.requireReader(e);
  return e.json(200, { again: reading.restart(e.app) });
});

// An idle reader asks once a second: its answered claims are not request-logged (a refused one
// is). Logged, they were 86,400 rows a day, and since PocketBase's log writer waits for 3 s
// without a new entry (or 200 entries) before it writes, they held every other log line back
// for minutes whenever nothing else happened.
routerAdd(
  'POST',
  '/api/internal/reader/claim',
  (e) => {
    const reading = require(`${__hooks}/lib/invoice-reading.js`);
    reading.requireReader(e);
    const job = reading.claim(e.app);
    return job ? e.json(200, job) : e.noContent(204);
  },
  $apis.skipSuccessActivityLog(),
);

routerAdd('GET', '/api/internal/reader/file/{id}', (e) => {
  const reading = require(`${__hooks}/lib/invoice-reading.js`);
  reading.requireReader(e);
  reading.serveFile(e, e.request.pathValue('id'));
});

routerAdd(
  'POST',
  '/api/internal/reader/result/{id}',
  (e) => {
    const reading = require(`${__hooks}/lib/invoice-reading.js`);
    reading.requireReader(e);
    const body = e.requestInfo().body || {};
    reading.store(e.app, e.request.pathValue('id'), body.attempt, body.result);
    return e.noContent(204);
  },
  $apis.bodyLimit(1 << 20),
);
