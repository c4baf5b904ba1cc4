/// <reference path="../pb_data/types.d.ts" />
// The user data file (every workshop's contact data) records who made it (issue 31); the server
// sets it from the session, a client may not.
migrate(
  (app) => {
    const files = app.findCollectionByNameOrId('user_file');
    const administrators = app.findCollectionByNameOrId('administrators');
    files.fields.add(new RelationField({ name: 'createdBy', collectionId: administrators.id, maxSelect: 1 }));
    files.createRule = `${files.createRule} && @request.body.createdBy:isset = false`;
    app.save(files);
  },
  (app) => {
    const files = app.findCollectionByNameOrId('user_file');
    files.createRule = files.createRule.replace(' && @request.body.createdBy:isset = false', '');
    files.fields.removeByName('createdBy');
    app.save(files);
  },
);
