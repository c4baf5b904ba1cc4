/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Campaigns run by administrators (issue 60, pb_hooks/lib/campaigns.js) and the campaign in force
// for the public pages.

routerAdd('GET', '/api/portal/campaign', (e) => e.json(200, require(`${__hooks}/lib/campaign-records.js`).publicView(e.app)));

routerAdd(
  'GET',
  '/api/portal/campaigns',
  (e) => e.json(200, require(`${__hooks}/lib/campaigns.js`).list(e.app)),
  $apis.requireAuth('administrators'),
);

routerAdd(
  'POST',
  '/api/portal/campaigns',
  (e) => e.json(200, require(`${__hooks}/lib/campaigns.js`).createFromCopy(e.app, require(`${__hooks}/lib/guards.js`).signedIn(e))),
  $apis.requireAuth('administrators'),
);

routerAdd(
  'POST',
  '/api/portal/campaigns/{id}',
  (e) =>
    e.json(
      200,
      require(`${__hooks}/lib/campaigns.js`).update(
        e.app,
        require(`${__hooks}/lib/guards.js`).signedIn(e),
        e.request.pathValue('id'),
        e.requestInfo().body || {},
      ),
    ),
  $apis.requireAuth('administrators'),
);

routerAdd(
  'POST',
  '/api/portal/campaigns/{id}/release',
  (e) =>
    e.json(
      200,
      require(`${__hooks}/lib/campaigns.js`).release(e.app, require(`${__hooks}/lib/guards.js`).signedIn(e), e.request.pathValue('id')),
    ),
  $apis.requireAuth('administrators'),
);

routerAdd(
  'GET',
  '/api/portal/campaigns/{id}/versions',
  (e) => e.json(200, { items: require(`${__hooks}/lib/campaigns.js`).versions(e.app, e.request.pathValue('id')) }),
  $apis.requireAuth('administrators'),
);

// 'active' follows the campaign in force: at start, and each minute as the campaign clock passes
// a start or an end.
onBootstrap((e) => {
  e.next();
  try {
    e.app.findCollectionByNameOrId('campaign_texts');
  } catch (_) {
    return; // CLI commands bootstrap before the migrations have run
  }
  require(`${__hooks}/lib/campaign-records.js`).syncActive(e.app);
});

cronAdd('campaign-in-force', '* * * * *', () => {
  require(`${__hooks}/lib/campaign-records.js`).syncActive($app);
});

// The terms the signed-in workshop accepted at sign-up (its campaign and text version).
routerAdd(
  'GET',
  '/api/portal/terms/accepted',
  (e) => e.json(200, require(`${__hooks}/lib/campaign-records.js`).acceptedTerms(e.app, require(`${__hooks}/lib/guards.js`).signedIn(e))),
  $apis.requireAuth('users'),
);
