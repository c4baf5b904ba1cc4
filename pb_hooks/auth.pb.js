/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Login lockout for every account type (pb_hooks/lib/lockout.js), superusers included (issue 59:
// 18 wrong dashboard passwords from three addresses were all judged).
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
  '_superusers',
);

// The front asks here, before it reads a staff upload's body, whether the request's token is a
// staff member's (issue 59: a guest's 30 MB body went to disk before PocketBase refused it).
// 204 for an administrator or an auditor; PocketBase's own 401/403 for anyone else.
routerAdd('GET', '/api/portal/staff-token', (e) => e.noContent(204), $apis.requireAuth('administrators', 'auditors'));
