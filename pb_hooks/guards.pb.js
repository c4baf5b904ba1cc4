/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Guards for every collection (hook files load in no fixed order, so the guards read the raw
// request body, which no other handler changes):
// - record ids are made by the server: a client-chosen id on a create is refused;
// - stored text holds no control characters (line breaks, tabs, NUL, ...): a text field
//   that carries one is refused with a German field message (DECISIONS section 5).
// Superusers (the server's own tooling: demo data, fixtures) are not held to them.
onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/guards.js`).assertClientInput(e, true);
  e.next();
});

onRecordUpdateRequest((e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/guards.js`).assertClientInput(e, false);
  e.next();
});
