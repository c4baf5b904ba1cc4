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
  e.response.header().set('Cache-Control', 'no-store');
  e.response.header().set('X-Content-Type-Options', 'nosniff');
  e.next();
});
