/// <reference path="../pb_data/types.d.ts" />
// Security and caching headers for the SPA, compression for its files, and
// no caching of protected files (invoices, exports, audit files).

routerUse((e) => {
  const path = e.request.url.path;
  if (path.indexOf('/api/') === 0 || path.indexOf('/_/') === 0) return e.next();
  return require(`${__hooks}/lib/http.js`).servePage(e, path);
});

onFileDownloadRequest((e) => {
  // The embedded request event's writer (e.response is not promoted here).
  const headers = e.requestEvent.response.header();
  headers.set('Cache-Control', 'no-store');
  headers.set('X-Content-Type-Options', 'nosniff');
  e.next();
});
