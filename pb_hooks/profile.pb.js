/// <reference path="../pb_data/types.d.ts" />
// The workshop's profile page in one request (pb_hooks/lib/profile-page.js): one auth
// check instead of five collection rules, and no caching of personal data.
routerAdd(
  'GET',
  '/api/portal/profile-page',
  (e) => {
    const page = require(`${__hooks}/lib/profile-page.js`).profilePage(e.app, e.auth.id);
    e.response.header().set('Cache-Control', 'no-store');
    return e.json(200, page);
  },
  $apis.requireAuth('users'),
);
