/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// The back office for administrators (pb_hooks/lib/backoffice.js, lib/dashboard.js).

routerAdd(
  'GET',
  '/api/portal/backoffice/workshops',
  (e) => {
    const q = e.request.url.query();
    return e.json(200, require(`${__hooks}/lib/backoffice.js`).search(e.app, q.get('q'), q.get('page'), q.get('campaign')));
  },
  $apis.requireAuth('administrators'),
);

routerAdd(
  'GET',
  '/api/portal/backoffice/workshops/{id}',
  (e) => e.json(200, require(`${__hooks}/lib/backoffice.js`).detail(e.app, e.request.pathValue('id'))),
  $apis.requireAuth('administrators'),
);

routerAdd(
  'POST',
  '/api/portal/backoffice/workshops/{id}/{action}',
  (e) => {
    const story = require(`${__hooks}/lib/backoffice.js`).act(
      e,
      e.request.pathValue('id'),
      e.request.pathValue('action'),
      e.requestInfo().body || {},
    );
    return e.json(200, story);
  },
  $apis.requireAuth('administrators'),
);

routerAdd(
  'GET',
  '/api/portal/backoffice/staff-log',
  (e) => {
    const q = e.request.url.query();
    const filters = { action: q.get('action'), actor: q.get('actor'), target: q.get('target') };
    return e.json(200, require(`${__hooks}/lib/staff-log.js`).staffLogPage(e.app, filters, q.get('page')));
  },
  $apis.requireAuth('administrators'),
);

// The staff log as CSV (the server's CSV rules: BOM, ';', quoted, no formulas).
routerAdd(
  'GET',
  '/api/portal/backoffice/staff-log.csv',
  (e) => {
    const q = e.request.url.query();
    const body = require(`${__hooks}/lib/staff-log.js`).staffLogCsv(e.app, {
      action: q.get('action'),
      actor: q.get('actor'),
      target: q.get('target'),
    });
    e.response.header().set('Content-Disposition', 'attachment; filename="mitarbeiterprotokoll.csv"');
    e.response.header().set('Cache-Control', 'no-store');
    return e.blob(200, 'text/csv; charset=utf-8', toBytes(body));
  },
  $apis.requireAuth('administrators'),
);

routerAdd(
  'GET',
  '/api/portal/backoffice/dashboard',
  (e) => e.json(200, require(`${__hooks}/lib/dashboard.js`).figures(e.app, e.request.url.query().get('campaign') || '')),
  $apis.requireAuth('administrators'),
);

onBootstrap((e) => {
  e.next();
  try {
    e.app.findCollectionByNameOrId('sales_weekly');
  } catch (_) {
    return; // CLI commands bootstrap before the migrations have run
  }
  require(`${__hooks}/lib/dashboard.js`).ensureSalesWeekly(e.app);
});
