/// <reference path="../pb_data/types.d.ts" />
// Security and caching headers for the SPA, compression for its files, no caching of
// protected files (invoices, exports, audit files), no thumbnails at all, and load
// shedding for the API (503 past the in-flight limit, lib/http.js admit).

routerUse((e) => {
  const path = e.request.url.path;
  if (path.indexOf('/api/files/') === 0) {
    // PocketBase would decode an image to make a thumbnail; an invoice whose header lies
    // about its size would take the server down with it (DECISIONS section 5). No screen of
    // the portal uses thumbnails, so the parameter is dropped before the file handler runs.
    require(`${__hooks}/lib/http.js`).dropThumb(e.request.url);
    return e.next();
  }
  // API requests pass the in-flight limit; long-lived realtime connections are not work in flight.
  if (path.indexOf('/api/') === 0) return path === '/api/realtime' ? e.next() : require(`${__hooks}/lib/http.js`).admit(e);
  if (path.indexOf('/_/') === 0) return e.next();
  return require(`${__hooks}/lib/http.js`).servePage(e, path);
});

onFileDownloadRequest((e) => {
  // The embedded request event's writer (e.response is not promoted here).
  const headers = e.requestEvent.response.header();
  headers.set('Cache-Control', 'no-store');
  headers.set('X-Content-Type-Options', 'nosniff');
  e.next();
});
