/// <reference path="../pb_data/types.d.ts" />
// An exported payout batch can be exported again (issue 31, decision 029): how often it was.
migrate(
  (app) => {
    const batches = app.findCollectionByNameOrId('payout_batches');
    batches.fields.add(new NumberField({ name: 'exportCount', onlyInt: true, min: 0 }));
    app.save(batches);
    app.db().newQuery("UPDATE payout_batches SET exportCount = 1 WHERE status IN ('exported', 'paid')").execute();
  },
  (app) => {
    const batches = app.findCollectionByNameOrId('payout_batches');
    batches.fields.removeByName('exportCount');
    app.save(batches);
  },
);
