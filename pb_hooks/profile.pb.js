/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// The workshop's profile page in one request (pb_hooks/lib/profile-page.js): one auth
// check instead of five collection rules, and no caching of personal data. A page that was
// answered leaves no line in the request log (refusals do): the most frequent request of all,
// its log line cost CPU at a rush and kept each visit's address (decision 046).
// The SPA sends its token in PAGE_TOKEN_HEADER, not in Authorization (decision 047): PocketBase
// then reads no user record before the route, and the page's statement checks the token. A
// client that sends Authorization gets what $apis.requireAuth('users') gives it.
routerAdd(
  'GET',
  '/api/portal/profile-page',
  (e) => {
    const pages = require(`${__hooks}/lib/profile-page.js`);
    let page = null;
    if (e.auth) {
      if (e.auth.collection().name !== 'users') throw new ForbiddenError('The authorized record is not allowed to perform this action.');
      page = pages.profilePage(e.app, e.auth.id);
    } else {
      const token = e.request.header.get(require(`${__hooks}/vendor/rules-light.js`).PAGE_TOKEN_HEADER);
      if (token) page = pages.profilePageForToken(e.app, token);
    }
    if (page === null) throw new UnauthorizedError('The request requires valid record authorization token.');
    if (!page) return e.json(404, { status: 404, message: "The requested resource wasn't found.", data: {} });
    e.response.header().set('Cache-Control', 'no-store');
    return e.blob(200, 'application/json', page);
  },
  $apis.skipSuccessActivityLog(),
);
