/// <reference path="../pb_data/types.d.ts" />
// Every sign-up, login and password reset looks a workshop up by e-mail (PocketBase's
// `email = {:email}`, and the sign-up hook's "address already in use" check). PocketBase's own
// unique index on `email` is partial (`WHERE email != ''`), which SQLite cannot use for
// `email = ?`: each lookup read all 40,000 workshops. A sign-up cost 390 ms of CPU at the
// campaign's size instead of 130 ms (issue 32, `npm run bench:burst`). A plain index lets the
// lookups seek; addresses are stored in lower case (pb_hooks/users.pb.js), so equality is enough.
migrate(
  (app) => {
    for (const name of ['users', 'administrators', 'auditors']) {
      const collection = app.findCollectionByNameOrId(name);
      collection.addIndex(`idx_${name}_email_lookup`, false, 'email', '');
      app.save(collection);
    }
  },
  (app) => {
    for (const name of ['users', 'administrators', 'auditors']) {
      const collection = app.findCollectionByNameOrId(name);
      collection.removeIndex(`idx_${name}_email_lookup`);
      app.save(collection);
    }
  },
);
