/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Server-written staff files (pb_hooks/lib/exports.js); the business partner numbers are an upload
// (staff-uploads.pb.js, lib/partner-numbers.js).

// Creating a user_file record (administrators only, by rule) makes the server write it. The file
// holds every workshop's contact data: who asked for it is stored and logged with the record.
onRecordCreateRequest((e) => {
  if (e.auth && e.auth.collection().name === 'administrators') e.record.set('createdBy', e.auth.id);
  require(`${__hooks}/lib/staff-log.js`).createLogged(e, (r) => ({
    action: 'user_file.create',
    after: { filename: r.getString('filename'), campaign: r.getString('campaign') },
  }));
  require(`${__hooks}/lib/exports.js`).writeUserFile(e.app, e.record);
}, 'user_file');

// The registrations file: nightly (pb_hooks/lib/nightly.js; once in its minute, however often the scheduler ticks);
// the first one is written by a migration at the first start.
cronAdd('registrations-file', require(`${__hooks}/lib/nightly.js`).at('registrations-file'), () => {
  require(`${__hooks}/lib/exports.js`).writeDailyRegistrationFile($app);
});

// 'Neue Registrierungsdatei erstellen': an administrator writes a fresh registrations file at
// once (the daily run keeps going); the file and its staff-log entry are committed together.
routerAdd(
  'POST',
  '/api/portal/registration-files',
  (e) => {
    let record = null;
    require(`${__hooks}/lib/database.js`).writeTransaction(e.app, (tx) => {
      record = require(`${__hooks}/lib/exports.js`).writeRegistrationFile(tx);
      require(`${__hooks}/lib/staff-log.js`).write(tx, {
        actor: e.auth,
        action: 'registrations_file.create',
        target: { collection: 'workshop_files', id: record.id },
        after: { filename: record.getString('filename'), totalRows: record.getInt('totalRows') },
      });
    });
    return e.json(200, record);
  },
  // The superuser too: the demo loader writes the first file after the demo data.
  $apis.requireAuth('administrators', '_superusers'),
);
