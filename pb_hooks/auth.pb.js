/// <reference path="../pb_data/types.d.ts" />
// Login lockout for every account type (pb_hooks/lib/lockout.js).
onRecordAuthWithPasswordRequest(
  (e) => {
    const lockout = require(`${__hooks}/lib/lockout.js`);
    const name = e.collection.name;
    const counter = lockout.guard(e.app, name, e.identity);
    try {
      // PocketBase's own check: a wrong password and an unknown identity both
      // end here with 'Failed to authenticate.'.
      e.next();
    } catch (err) {
      lockout.fail(e.app, name, e.identity);
      throw err;
    }
    // The password was right (staff then still need their one-time code).
    lockout.clear(e.app, counter);
  },
  'users',
  'administrators',
  'auditors',
);
