/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// The plausibility gate and the totals of sales rows written through the API; the upload itself is
// received in staff-uploads.pb.js (pb_hooks/lib/sales-import.js).

// The plausibility gate: an administrator confirms or discards a held import.
routerAdd(
  'POST',
  '/api/portal/sales-imports/{id}/{decision}',
  (e) => {
    const decision = e.request.pathValue('decision');
    if (decision !== 'confirm' && decision !== 'discard') throw new NotFoundError();
    const body = e.requestInfo().body || {};
    const record = require(`${__hooks}/lib/sales-held.js`).decideHeld(
      e.app,
      e.request.pathValue('id'),
      require(`${__hooks}/lib/guards.js`).signedIn(e),
      decision,
      body.selfConfirm === true,
    );
    return e.json(200, record);
  },
  $apis.requireAuth('administrators'),
);

// Sales rows written through the API (superuser only, e.g. the demo data) keep the totals right too.
onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/totals.js`).refreshTotal(e.app, e.record.getString('user'), e.record.getString('campaign'));
  require(`${__hooks}/lib/dashboard.js`).invalidateSalesWeekly(e.app, e.record.getString('campaign'));
  e.next();
}, 'sales_data');
onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/totals.js`).refreshTotal(e.app, e.record.getString('user'), e.record.getString('campaign'));
  require(`${__hooks}/lib/dashboard.js`).invalidateSalesWeekly(e.app, e.record.getString('campaign'));
  e.next();
}, 'sales_data');
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/totals.js`).refreshTotal(e.app, e.record.getString('user'), e.record.getString('campaign'));
  require(`${__hooks}/lib/dashboard.js`).invalidateSalesWeekly(e.app, e.record.getString('campaign'));
  e.next();
}, 'sales_data');
