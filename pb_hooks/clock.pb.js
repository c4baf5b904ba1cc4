/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// The campaign clock as the SPA shows it (issue 35, decision 035): where a rule depends on it
// and it is pinned (the demo, tests), the page says so. Public: the date is no secret.
routerAdd('GET', '/api/portal/clock', (e) => {
  e.response.header().set('Cache-Control', 'no-cache');
  return e.json(200, require(`${__hooks}/lib/clock.js`).describe());
});
