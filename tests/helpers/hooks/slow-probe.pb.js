/// <reference path="../../../pb_data/types.d.ts" />
// Test-only route (loaded through startPocketBase({ extraHooks }), never shipped): answers after
// `ms` milliseconds (at most 10 s), so admission tests can hold a slot for a known time. GET is a
// read, POST a write to the front. The address PocketBase saw comes back too.
const slow = (e) => {
  const ms = Math.min(10000, Number(e.request.url.query().get('ms')) || 0);
  if (ms > 0) sleep(ms);
  return e.json(200, { ms, ip: e.realIP() });
};
routerAdd('GET', '/api/test/slow', slow);
routerAdd('POST', '/api/test/slow', slow);

// A gate: requests to /api/test/gate?key=K wait (at most 10 s) until the test opens K with
// POST /api/test/gate/open?key=K, so a test holds requests in flight for as long as it needs
// instead of for a time that a busy machine may outrun.
const gated = (e) => {
  const key = 'test-gate:' + e.request.url.query().get('key');
  for (let waited = 0; waited < 10000 && !$app.store().has(key); waited += 20) sleep(20);
  return e.json(200, { open: $app.store().has(key) });
};
routerAdd('GET', '/api/test/gate', gated);
routerAdd('POST', '/api/test/gate/open', (e) => {
  $app.store().set('test-gate:' + e.request.url.query().get('key'), true);
  return e.json(200, { opened: true });
});

// A read whose answer is `kb` kilobytes of JSON (at most 8 MB): larger than a connection's
// buffers, so the front has to wait for a visitor who reads slowly.
routerAdd('GET', '/api/test/large', (e) => {
  const kb = Math.min(8192, Number(e.request.url.query().get('kb')) || 1);
  return e.json(200, { filler: 'x'.repeat(kb * 1024) });
});
