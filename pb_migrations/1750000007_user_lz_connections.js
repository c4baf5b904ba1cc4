/// <reference path="../pb_data/types.d.ts" />
// A workshop's link to one service centre with its customer number. Only the
// workshop itself reads and writes its links; `gpnr` is set by the administrator's
// business partner upload on the server, never by a client.
const OWNER = "user = @request.auth.id && @request.auth.collectionName = 'users'";

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const noraLz = app.findCollectionByNameOrId('nora_lz');
    const collection = new Collection({
      type: 'base',
      name: 'user_lz_connections',
      listRule: OWNER,
      viewRule: OWNER,
      createRule: `@request.auth.collectionName = 'users' && @request.body.user = @request.auth.id && @request.body.gpnr:isset = false`,
      updateRule: `${OWNER} && @request.body.user:isset = false && @request.body.noraLz:isset = false && @request.body.gpnr:isset = false`,
      deleteRule: OWNER,
      fields: [
        { name: 'user', type: 'relation', required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
        { name: 'noraLz', type: 'relation', required: true, collectionId: noraLz.id, maxSelect: 1, cascadeDelete: false },
        { name: 'customerNumber', type: 'text', required: true, max: 30, pattern: '^[A-Za-z0-9]+$' },
        { name: 'gpnr', type: 'text', max: 30 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX `idx_user_lz_connections_user_noraLz` ON `user_lz_connections` (`user`, `noraLz`)',
        'CREATE INDEX `idx_user_lz_connections_noraLz` ON `user_lz_connections` (`noraLz`)',
      ],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('user_lz_connections'));
  },
);
