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
