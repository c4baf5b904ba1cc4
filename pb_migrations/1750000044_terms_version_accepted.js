/// <reference path="../pb_data/types.d.ts" />
// Which terms a workshop accepted (issue 60): the campaign in force at its sign-up and the
// version of that campaign's texts. Only the server sets them (the sign-up hook); the
// Aktionsbedingungen page can show that version to the workshop later.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.add(new TextField({ name: 'termsCampaign', max: 15 }));
    users.fields.add(new NumberField({ name: 'termsVersion', onlyInt: true, min: 0 }));
    const guard = '@request.body.termsCampaign:isset = false && @request.body.termsVersion:isset = false';
    users.createRule = `${users.createRule} && ${guard}`;
    users.updateRule = `${users.updateRule} && ${guard}`;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const guard = ' && @request.body.termsCampaign:isset = false && @request.body.termsVersion:isset = false';
    users.createRule = users.createRule.replace(guard, '');
    users.updateRule = users.updateRule.replace(guard, '');
    users.fields.removeByName('termsCampaign');
    users.fields.removeByName('termsVersion');
    app.save(users);
  },
);
