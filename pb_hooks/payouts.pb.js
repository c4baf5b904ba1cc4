/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Payout routes (pb_hooks/lib/payouts/, docs/decisions/014-payouts.md). Administrators run
// batches and record returns; a workshop gives new bank details for its own returned payout.

routerAdd(
  'POST',
  '/api/portal/payout-batches',
  (e) => {
    const body = e.requestInfo().body || {};
    return e.json(
      200,
      require(`${__hooks}/lib/payouts/batches.js`).createBatch(e.app, require(`${__hooks}/lib/guards.js`).signedIn(e), body.limit),
    );
  },
  $apis.requireAuth('administrators'),
);

routerAdd(
  'POST',
  '/api/portal/payout-batches/{id}/{action}',
  (e) => {
    const batches = require(`${__hooks}/lib/payouts/batches.js`);
    const admin = require(`${__hooks}/lib/guards.js`).signedIn(e);
    const id = e.request.pathValue('id');
    const body = e.requestInfo().body || {};
    const action = e.request.pathValue('action');
    if (action === 'release') return e.json(200, batches.releaseBatch(e.app, admin, id, body.selfConfirm === true));
    if (action === 'export')
      return e.json(200, require(`${__hooks}/lib/payouts/export.js`).exportBatch(e.app, admin, id, String(body.executionDate || '')));
    if (action === 'paid') return e.json(200, batches.markPaid(e.app, admin, id, String(body.paidOn || '')));
    throw new NotFoundError();
  },
  $apis.requireAuth('administrators'),
);

routerAdd(
  'POST',
  '/api/portal/payouts/{id}/{action}',
  (e) => {
    const returns = require(`${__hooks}/lib/payouts/returns.js`);
    const admin = require(`${__hooks}/lib/guards.js`).signedIn(e);
    const id = e.request.pathValue('id');
    const body = e.requestInfo().body || {};
    const action = e.request.pathValue('action');
    if (action === 'return') return e.json(200, returns.markReturned(e.app, admin, id, String(body.reason || ''), body.note));
    if (action === 'hold') return e.json(200, returns.setHold(e.app, admin, id, true, body.reason));
    if (action === 'unhold') return e.json(200, returns.setHold(e.app, admin, id, false, body.reason));
    if (action === 'request-bank-details') return e.json(200, returns.requestBankDetails(e.app, admin, id, body.reason));
    throw new NotFoundError();
  },
  $apis.requireAuth('administrators'),
);

routerAdd(
  'POST',
  '/api/portal/payouts/{id}/bank-details',
  (e) => e.json(200, require(`${__hooks}/lib/payouts/returns.js`).updateBankDetails(e, e.request.pathValue('id'))),
  $apis.requireAuth('users'),
);

// The 8-week promise: submissions not yet paid, by age.
routerAdd(
  'GET',
  '/api/portal/payouts/promise',
  (e) => e.json(200, { items: require(`${__hooks}/lib/payouts/promise.js`).promise(e.app) }),
  $apis.requireAuth('administrators'),
);

// Whether four eyes are possible (issue 35): how many administrators there are besides the
// asking one, so the data area offers 'Ich bin der einzige Administrator' only when it is true
// and no 'Freigeben' to the creator of a batch another administrator must release.
routerAdd(
  'GET',
  '/api/portal/administrators/others',
  (e) =>
    e.json(200, {
      count: require(`${__hooks}/lib/payouts/common.js`).countAdmins(e.app, require(`${__hooks}/lib/guards.js`).signedIn(e).id),
    }),
  $apis.requireAuth('administrators'),
);
