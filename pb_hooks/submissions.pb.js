/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// A workshop's redemption: every check and the voucher's move to audit in one transaction.
// Superusers (demo seed, test fixtures) write submissions directly; their submissions get
// the signals the server knows at arrival too.
onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth()) return require(`${__hooks}/lib/submissions.js`).createSubmission(e);
  require(`${__hooks}/lib/invoice-reading.js`).enqueue(e.record);
  e.next();
  require(`${__hooks}/lib/review-signals.js`).onArrival(e.app, e.app.findRecordById('submissions', e.record.id));
}, 'submissions');

// The codes the cashback form offers a workshop: its open codes whose campaign's redeem window
// has not ended (decision 071). Personal: never cached.
routerAdd(
  'GET',
  '/api/portal/redeemable-codes',
  (e) => {
    e.response.header().set('Cache-Control', 'no-store');
    return e.json(200, { codes: require(`${__hooks}/lib/redeem-window.js`).redeemableCodes(e.app, e.auth ? e.auth.id : '') });
  },
  $apis.requireAuth('users'),
);
