/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// The auditor's review queue (pb_hooks/lib/review.js, docs/decisions/015-review-queue.md).

routerAdd(
  'GET',
  '/api/portal/review/queue',
  (e) => {
    const query = e.request.url.query();
    return e.json(200, require(`${__hooks}/lib/review.js`).queue(e.app, parseInt(query.get('limit') || '50', 10), query.get('campaign')));
  },
  $apis.requireAuth('auditors'),
);

routerAdd(
  'GET',
  '/api/portal/review/{id}',
  (e) => e.json(200, require(`${__hooks}/lib/review.js`).one(e.app, e.request.pathValue('id'))),
  $apis.requireAuth('auditors'),
);

routerAdd(
  'POST',
  '/api/portal/review/{id}/verdict',
  (e) => {
    const body = e.requestInfo().body || {};
    return e.json(
      200,
      require(`${__hooks}/lib/review.js`).verdict(
        e.app,
        require(`${__hooks}/lib/guards.js`).signedIn(e).id,
        e.request.pathValue('id'),
        String(body.outcome || ''),
        body.note,
      ),
    );
  },
  $apis.requireAuth('auditors'),
);

// A stored verdict corrected while nothing has left the portal (issue 58, lib/verdict-correction.js).
routerAdd(
  'POST',
  '/api/portal/review/{id}/correction',
  (e) => {
    const body = e.requestInfo().body || {};
    const id = e.request.pathValue('id');
    require(`${__hooks}/lib/verdict-correction.js`).correct(
      e.app,
      require(`${__hooks}/lib/guards.js`).signedIn(e).id,
      id,
      String(body.outcome || ''),
      body.reason,
    );
    return e.json(200, require(`${__hooks}/lib/review.js`).one(e.app, id));
  },
  $apis.requireAuth('auditors'),
);

// A field the reader read, corrected by an auditor (issue 61, lib/invoice-reading.js).
routerAdd(
  'POST',
  '/api/portal/review/{id}/reading',
  (e) => {
    const body = e.requestInfo().body || {};
    const id = e.request.pathValue('id');
    require(`${__hooks}/lib/invoice-reading.js`).correct(
      e.app,
      require(`${__hooks}/lib/guards.js`).signedIn(e).id,
      id,
      body.field,
      body.value,
    );
    return e.json(200, require(`${__hooks}/lib/review.js`).one(e.app, id));
  },
  $apis.requireAuth('auditors'),
);
