/// <reference path="../pb_data/types.d.ts" />
// The workshop's data as a ZIP (issue 37, pb_hooks/lib/data-export.js): the workshop itself,
// with its password, or an administrator answering a request received by letter or phone.

routerAdd('POST', '/api/portal/my-data', (e) => require(`${__hooks}/lib/data-export.js`).selfService(e), $apis.requireAuth('users'));

routerAdd(
  'POST',
  '/api/portal/backoffice/workshops/{id}/data-export',
  (e) => require(`${__hooks}/lib/data-export.js`).forStaff(e, e.request.pathValue('id')),
  $apis.requireAuth('administrators'),
);
