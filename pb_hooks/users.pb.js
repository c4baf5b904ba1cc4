/// <reference path="../pb_data/types.d.ts" />
// Limits the users schema cannot express (SPEC section 9), checked for every
// client before PocketBase's own validation.
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/users.js`).assertUserLimits(e.record);
  e.next();
}, 'users');
