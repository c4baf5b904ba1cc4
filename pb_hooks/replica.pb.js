/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// With a replica (PORTAL_REPLICA_URL, decision 037) Litestream does the WAL checkpoints:
// PocketBase's nightly 'PRAGMA wal_checkpoint(TRUNCATE)' would reset the WAL under it and force a
// new full snapshot of each database. Its other half, 'PRAGMA optimize', stays, in a job of ours.
onBootstrap((e) => {
  e.next();
  if (!$os.getenv('PORTAL_REPLICA_URL')) return;
  e.app.cron().remove('__pbDBOptimize__');
});

cronAdd('portal-db-optimize', require(`${__hooks}/lib/nightly.js`).at('portal-db-optimize'), () => {
  if (!$os.getenv('PORTAL_REPLICA_URL')) return;
  try {
    $app.db().newQuery('PRAGMA optimize').execute();
  } catch (err) {
    $app.logger().warn('PRAGMA optimize failed', 'error', String(err));
  }
});
