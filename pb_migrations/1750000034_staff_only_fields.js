/// <reference path="../pb_data/types.d.ts" />
// Staff notes never reach a workshop (issue 31, DECISIONS section 8): the block reason on a
// workshop's own record (also in its sign-in answer and realtime events) and the hold reason and
// return note on its payouts. Hidden fields are left out of every API answer except a superuser's;
// administrators read them through the back office's routes, which select them in SQL.
const HIDDEN = { users: ['blockedReason'], payouts: ['holdReason', 'returnNote'] };

const setHidden = (app, hidden) => {
  for (const [name, fields] of Object.entries(HIDDEN)) {
    const collection = app.findCollectionByNameOrId(name);
    for (const field of fields) collection.fields.getByName(field).hidden = hidden;
    app.save(collection);
  }
};

migrate(
  (app) => setHidden(app, true),
  (app) => setHidden(app, false),
);
