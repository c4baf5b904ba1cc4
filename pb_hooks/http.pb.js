/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Security and caching headers for the SPA, compression for its files, no caching of
// protected files (invoices, exports, audit files), no thumbnails at all, and load
// shedding for the API without the front (503 past the in-flight limit, lib/http.js admit).

// Without the front of `npm start` (decision 030): load shedding (lib/http.js admit) runs first, before
// PocketBase's request log and its token check: a refused request costs a counter and a short
// answer, not a database read and a log row (decision 020). Realtime connections are long-lived,
// not work in flight; file downloads are not counted either. Behind the front, admission is the
// front's (it counts work, not waiting), and this middleware is not registered at all: each JS
// middleware holds a JS runtime for the rest of the request and costs every API request CPU
// (decision 046). Thumbnails are dropped by the crash guard (crash-guards.pb.js).
if ($os.getenv('PORTAL_BEHIND_FRONT') !== 'true') {
  routerUse(
    new Middleware(
      (e) => {
        const path = e.request.url.path;
        if (path.indexOf('/api/') !== 0 || path === '/api/realtime' || path.indexOf('/api/files/') === 0) return e.next();
        return require(`${__hooks}/lib/http.js`).admit(e);
      },
      require(`${__hooks}/lib/http.js`).ADMIT_PRIORITY,
      'portalAdmit',
    ),
  );
}

// The SPA's pages: headers after PocketBase's own (this middleware runs after them), compressed.
routerUse((e) => {
  const path = e.request.url.path;
  if (path.indexOf('/api/') === 0 || path.indexOf('/_/') === 0) return e.next();
  return require(`${__hooks}/lib/http.js`).servePage(e, path);
});

// Refused requests are not logged one by one (at thousands a second the log itself would be
// the overload): once a minute the number refused goes to the log as a warning.
cronAdd('load-shedding-report', '* * * * *', () => {
  require(`${__hooks}/lib/http.js`).reportShed($app);
});

onFileDownloadRequest((e) => {
  // The embedded request event's writer (e.response is not promoted here).
  // (The generated types flatten the embedding and do not know this field.)
  const headers = /** @type {any} */ (e).requestEvent.response.header();
  headers.set('Cache-Control', 'no-store');
  headers.set('X-Content-Type-Options', 'nosniff');
  e.next();
});
