/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// users.noraLZConnections mirrors the workshop's user_lz_connections records, so
// the profile loads with one expanded request. Only the server writes it.
onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/connections.js`).syncUserConnections(e.app, e.record.getString('user'));
  e.next();
}, 'user_lz_connections');

onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/connections.js`).syncUserConnections(e.app, e.record.getString('user'));
  e.next();
}, 'user_lz_connections');

// The customer number's rule from the rulebook, with its German message (the schema's
// pattern would answer in English).
onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/connections.js`).assertCustomerNumber(e);
  e.next();
}, 'user_lz_connections');
onRecordUpdateRequest((e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/connections.js`).assertCustomerNumber(e);
  e.next();
}, 'user_lz_connections');
