/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// The consent record of each choice in the cookie banner (pb_hooks/lib/consents.js). Anyone
// may write one (visitors consent before they sign in); nobody reads them through the API.

routerAdd('POST', '/api/portal/consents', (e) => {
  const result = require(`${__hooks}/lib/consents.js`).record(e.app, e.requestInfo().body || {});
  if (result.error) return e.json(400, { status: 400, message: result.error, data: {} });
  return e.json(200, { ok: true });
});

// Three years after the choice, its record goes (nightly: pb_hooks/lib/nightly.js).
cronAdd('consent-retention', require(`${__hooks}/lib/nightly.js`).at('consent-retention'), () => {
  require(`${__hooks}/lib/consents.js`).purge($app);
});
