/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// PocketBase's nightly backup follows PORTAL_NIGHTLY_JOBS as the portal's nightly jobs do
// (decision 042): with 'manual' (the tests' servers) it is not made by the clock.
onBackupCreate((e) => {
  if (require(`${__hooks}/lib/nightly.js`).holdsBackBackup(e.name)) {
    e.app.logger().info('nightly backup held back (PORTAL_NIGHTLY_JOBS=manual)', 'name', e.name);
    return;
  }
  e.next();
});
