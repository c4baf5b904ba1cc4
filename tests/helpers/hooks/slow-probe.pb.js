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
