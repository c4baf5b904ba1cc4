/// <reference path="../pb_data/types.d.ts" />
// users.noraLZConnections lets the profile load expand a workshop's centres in one
// call (SPEC section 7). The server keeps it in step with user_lz_connections.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const connections = app.findCollectionByNameOrId('user_lz_connections');
    users.fields.add(new RelationField({ name: 'noraLZConnections', collectionId: connections.id, maxSelect: 999, cascadeDelete: false }));
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.removeByName('noraLZConnections');
    app.save(users);
  },
);
