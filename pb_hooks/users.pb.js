/// <reference path="../pb_data/types.d.ts" />
// Limits the users schema cannot express (SPEC section 9), checked for every
// client before PocketBase's own validation.
onRecordCreateRequest((e) => {
  const users = require(`${__hooks}/lib/users.js`);
  // One mailbox, one account: 'Werkstatt@x.de' and 'werkstatt@x.de' must collide on the unique index.
  e.record.setEmail(users.normalizeEmail(e.record.email()));
  users.assertUserLimits(e, true);
  e.next();
}, 'users');

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/users.js`).assertUserLimits(e);
  e.next();
}, 'users');
