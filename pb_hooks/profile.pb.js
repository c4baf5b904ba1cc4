/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// The workshop's profile page in one request (pb_hooks/lib/profile-page.js): one auth
// check instead of five collection rules, and no caching of personal data. A page that was
// answered leaves no line in the request log (refusals do): the most frequent request of all,
// its log line cost CPU at a rush and kept each visit's address (decision 046).
routerAdd(
  'GET',
  '/api/portal/profile-page',
  (e) => {
    const page = require(`${__hooks}/lib/profile-page.js`).profilePage(e.app, e.auth.id);
    if (!page) return e.json(404, { status: 404, message: "The requested resource wasn't found.", data: {} });
    e.response.header().set('Cache-Control', 'no-store');
    return e.blob(200, 'application/json', page);
  },
  $apis.requireAuth('users'),
  $apis.skipSuccessActivityLog(),
);
