/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// Fewer read connections to the SQLite files than PocketBase's default (lib/database.js).
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/database.js`).limitReadPools(e.app);
});
