/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Staff uploads — the weekly sales file, business partner numbers, auditors' verdicts — received
// and resumed alike (pb_hooks/lib/staff-uploads.js). Each collection's create rule decides who
// may upload; PocketBase checks it before this hook.

onRecordCreateRequest(
  (e) => {
    require(`${__hooks}/lib/staff-uploads.js`).receive(e);
  },
  ...require(`${__hooks}/lib/staff-uploads.js`).UPLOAD_COLLECTIONS,
);

// A file interrupted by a crash is taken up again (each kind as lib/staff-uploads.js says).
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/staff-uploads.js`).resumeAtStart(e.app);
});
