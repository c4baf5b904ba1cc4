/// <reference path="../pb_data/types.d.ts" />
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
