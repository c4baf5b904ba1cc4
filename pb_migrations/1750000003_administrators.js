/// <reference path="../pb_data/types.d.ts" />
// Staff accounts (administrators). Only the account itself may read its record; staff are
// created by a superuser (demo seed or CLI), never through the public API.
const SELF = "id = @request.auth.id && @request.auth.collectionName = 'administrators'";

migrate(
  (app) => {
    const collection = new Collection({
      type: 'auth',
      name: 'administrators',
      listRule: SELF,
      viewRule: SELF,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      manageRule: null,
      fields: [
        { name: 'firstName', type: 'text', max: 70 },
        { name: 'lastName', type: 'text', max: 70 },
        { name: 'screenName', type: 'text', max: 70 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      passwordAuth: { enabled: true, identityFields: ['email'] },
      authToken: { duration: 8 * 60 * 60 },
    });
    app.save(collection);
    // The system password field exists only after the first save.
    const password = collection.fields.getByName('password');
    password.min = 8;
    password.max = 71;
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('administrators'));
  },
);
