/// <reference path="../../../pb_data/types.d.ts" />
// Test-only route (loaded through startPocketBase({ extraHooks }), never shipped): a long job as the
// import's merge runs one, for `ms` milliseconds (at most 10 s): write transactions that each keep
// writing rows for 100 ms (the merge sizes its chunks by time too), one after the other, each
// followed by the hooks' yieldToReplication().
routerAdd('POST', '/api/test/long-job', (e) => {
  const ms = Math.min(10000, Number(e.request.url.query().get('ms')) || 1000);
  const database = require(`${__hooks}/lib/database.js`);
  $app.db().newQuery('CREATE TABLE IF NOT EXISTS test_long_job (id INTEGER PRIMARY KEY, at INTEGER NOT NULL)').execute();
  let chunks = 0;
  for (const end = Date.now() + ms; Date.now() < end; chunks++) {
    database.writeTransaction($app, (tx) => {
      for (const chunkEnd = Date.now() + 100; Date.now() < chunkEnd;) {
        tx.db().newQuery('INSERT INTO test_long_job (at) VALUES ({:at})').bind({ at: Date.now() }).execute();
      }
    });
    database.yieldToReplication();
  }
  return e.json(200, { chunks });
});
