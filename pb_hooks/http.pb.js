/// <reference path="../pb_data/types.d.ts" />
// Security and caching headers for the SPA, compression for its files, and
// no caching of protected files (invoices, exports, audit files).

routerUse((e) => {
  const path = e.request.url.path;
  if (path.indexOf('/api/') === 0 || path.indexOf('/_/') === 0) return e.next();
  const headers = require(`${__hooks}/lib/http.js`).pageHeaders(path);
  for (const name of Object.keys(headers)) e.response.header().set(name, headers[name]);
  return $apis.gzip().func(e);
});

onFileDownloadRequest((e) => {
  // The embedded request event's writer (e.response is not promoted here).
  const headers = e.requestEvent.response.header();
  headers.set('Cache-Control', 'no-store');
  headers.set('X-Content-Type-Options', 'nosniff');
  e.next();
});
