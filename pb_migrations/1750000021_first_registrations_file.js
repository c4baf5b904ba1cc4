/// <reference path="../pb_data/types.d.ts" />
// The first registrations file, at the first start (DECISIONS section 4); the daily cron
// in pb_hooks/exports.pb.js writes the following ones. The writer lives with the hooks;
// when migrations run without them (a bare `migrate` with another hooks dir), the first
// file simply comes with the next daily run.
migrate(
  (app) => {
    let exportsLib = null;
    try {
      exportsLib = require(`${__hooks}/lib/exports.js`);
    } catch (_) {
      return;
    }
    exportsLib.writeRegistrationFile(app);
  },
  (app) => {
    for (const record of app.findRecordsByFilter('workshop_files', '', '', 0, 0)) app.delete(record);
  },
);
