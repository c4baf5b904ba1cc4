/// <reference path="../../../pb_data/types.d.ts" />
// Test-only route (loaded through startPocketBase({ extraHooks }), never shipped): the profile
// page's builder for any id, so a test can reach the case the auth check hides (a workshop
// that no longer exists). Superusers only.

routerAdd(
  'GET',
  '/api/test/profile-page/{id}',
  (e) => e.json(200, { page: require(`${__hooks}/lib/profile-page.js`).profilePage(e.app, e.request.pathValue('id')) }),
  $apis.requireSuperuserAuth(),
);
