/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Limits the users schema cannot express (SPEC section 9), checked for every
// client before PocketBase's own validation.
onRecordCreateRequest((e) => {
  const users = require(`${__hooks}/lib/users.js`);
  // One mailbox, one account: 'Werkstatt@x.de' and 'werkstatt@x.de' must collide on the unique index.
  e.record.setEmail(users.normalizeEmail(e.record.email()));
  users.assertUserLimits(e, true);
  users.setSignUpPassword(e);
  // The terms accepted at sign-up: the campaign in force and its text version (issue 60).
  require(`${__hooks}/lib/campaign-records.js`).recordAcceptedTerms(e.app, e.record);
  e.next();
}, 'users');

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/users.js`).assertUserLimits(e);
  const account = require(`${__hooks}/lib/account.js`);
  // A new password: the current one first, and a notice mail in the same transaction (issue 35).
  if (account.changesPassword(e)) return account.changePassword(e, () => e.next());
  e.next();
}, 'users');

// A new e-mail address: checked and stored as every address is; the old address is told on confirmation.
onRecordRequestEmailChangeRequest((e) => require(`${__hooks}/lib/account.js`).requestEmailChange(e), 'users');
onRecordConfirmEmailChangeRequest((e) => require(`${__hooks}/lib/account.js`).confirmEmailChange(e), 'users');
