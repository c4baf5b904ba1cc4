/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Login lockout for every account type (pb_hooks/lib/lockout.js).
onRecordAuthWithPasswordRequest(
  (e) => {
    const lockout = require(`${__hooks}/lib/lockout.js`);
    // Counted before the password check: a wrong password and an unknown identity both
    // end in PocketBase's own 'Failed to authenticate.' and stay counted.
    const key = lockout.admit(e.app, e.collection.name, e.identity);
    e.next();
    // The password was right (staff then still need their one-time code).
    lockout.clear(e.app, key);
  },
  'users',
  'administrators',
  'auditors',
);
