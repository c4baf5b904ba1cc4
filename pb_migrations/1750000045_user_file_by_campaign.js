/// <reference path="../pb_data/types.d.ts" />
// A user data file can hold one campaign's participants (issue 60): the workshops with sales or
// codes in it. The file names its campaign's year ('userfile_2026-11-28_aktion_2026.csv').
migrate(
  (app) => {
    const files = app.findCollectionByNameOrId('user_file');
    const campaigns = app.findCollectionByNameOrId('campaigns');
    files.fields.add(new RelationField({ name: 'campaign', collectionId: campaigns.id, maxSelect: 1 }));
    const filename = files.fields.getByName('filename');
    filename.pattern = '^userfile_\\d{4}-\\d{2}-\\d{2}(_aktion_\\d{4})?\\.csv$';
    app.save(files);
  },
  (app) => {
    const files = app.findCollectionByNameOrId('user_file');
    files.fields.removeByName('campaign');
    files.fields.getByName('filename').pattern = '^userfile_\\d{4}-\\d{2}-\\d{2}\\.csv$';
    app.save(files);
  },
);
