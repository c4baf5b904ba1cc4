/// <reference path="../pb_data/types.d.ts" />
// A workshop's redemption: every check and the voucher's move to audit in one transaction.
// Superusers (demo seed, test fixtures) write submissions directly.
onRecordCreateRequest((e) => {
  if (e.hasSuperuserAuth()) return e.next();
  require(`${__hooks}/lib/submissions.js`).createSubmission(e);
}, 'submissions');
