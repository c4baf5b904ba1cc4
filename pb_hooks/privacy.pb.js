/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// The workshop's data as a ZIP (issue 37, pb_hooks/lib/data-export.js): the workshop itself,
// with its password, or an administrator answering a request received by letter or phone.

routerAdd('POST', '/api/portal/my-data', (e) => require(`${__hooks}/lib/data-export.js`).selfService(e), $apis.requireAuth('users'));

routerAdd(
  'POST',
  '/api/portal/backoffice/workshops/{id}/data-export',
  (e) => require(`${__hooks}/lib/data-export.js`).forStaff(e, e.request.pathValue('id')),
  $apis.requireAuth('administrators'),
);

// 'Konto löschen' (pb_hooks/lib/account-deletion.js): what a deletion would do, and the deletion.
routerAdd(
  'GET',
  '/api/portal/account-deletion',
  (e) => {
    e.response.header().set('Cache-Control', 'no-store');
    const user = e.app.findRecordById('users', require(`${__hooks}/lib/guards.js`).signedIn(e).id);
    return e.json(200, require(`${__hooks}/lib/account-deletion.js`).preview(e.app, user));
  },
  $apis.requireAuth('users'),
);

routerAdd(
  'POST',
  '/api/portal/account-deletion',
  (e) => require(`${__hooks}/lib/account-deletion.js`).requestDeletion(e),
  $apis.requireAuth('users'),
);

routerAdd(
  'DELETE',
  '/api/portal/account-deletion',
  (e) => require(`${__hooks}/lib/account-deletion.js`).withdrawDeletion(e),
  $apis.requireAuth('users'),
);

// Deferred deletions run once their submissions and payouts are settled.
cronAdd('account-deletions', require(`${__hooks}/lib/nightly.js`).at('account-deletions'), () => {
  const result = require(`${__hooks}/lib/account-deletion.js`).runDeferred($app);
  if (result.deleted > 0) $app.logger().info('deferred account deletions', 'due', result.due, 'deleted', result.deleted);
});

// The back office: a deletion asked for by letter or phone, and the deletions that wait.
routerAdd(
  'POST',
  '/api/portal/backoffice/workshops/{id}/deletion',
  (e) => require(`${__hooks}/lib/account-deletion.js`).requestForStaff(e, e.request.pathValue('id')),
  $apis.requireAuth('administrators'),
);

routerAdd(
  'GET',
  '/api/portal/backoffice/deletions',
  (e) => {
    e.response.header().set('Cache-Control', 'no-store');
    return e.json(200, { items: require(`${__hooks}/lib/account-deletion.js`).pending(e.app) });
  },
  $apis.requireAuth('administrators'),
);

// Data with no purpose left goes by itself, nightly (pb_hooks/lib/retention.js, its time in
// pb_hooks/lib/nightly.js).
cronAdd('retention', require(`${__hooks}/lib/nightly.js`).at('retention'), () => {
  require(`${__hooks}/lib/retention.js`).run($app);
});
