/// <reference path="../pb_data/types.d.ts" />
// The plausibility gate counts per week, not per file (issue 31, decision 029): the campaign's
// limits become codes per 7 days, campaign-wide and per workshop, across every file and
// uploader. A held import keeps what it was measured against: the week's codes with its own, the
// most any one workshop would have, why it is held, and the earlier files of the week. Its
// per-workshop forecast (workshop → codes) lets imports running at the same time count each other.
// Only the server sets them: the create rule refuses them from a client.
const NEW_FIELDS = ['gateWeekCodes', 'gateWeekMaxPerWorkshop', 'gateReason', 'gateEarlier', 'gateForecast'];
const GUARD = NEW_FIELDS.map((f) => ` && @request.body.${f}:isset = false`).join('');

migrate(
  (app) => {
    const campaigns = app.findCollectionByNameOrId('campaigns');
    campaigns.fields.getByName('maxCodesPerFile').name = 'maxCodesPerWeek';
    campaigns.fields.getByName('maxCodesPerWorkshopPerFile').name = 'maxCodesPerWorkshopPerWeek';
    app.save(campaigns);

    const files = app.findCollectionByNameOrId('sales_data_files');
    files.fields.add(new NumberField({ name: 'gateWeekCodes', onlyInt: true, min: 0 }));
    files.fields.add(new NumberField({ name: 'gateWeekMaxPerWorkshop', onlyInt: true, min: 0 }));
    files.fields.add(new TextField({ name: 'gateReason', max: 1000 }));
    files.fields.add(new JSONField({ name: 'gateEarlier', maxSize: 100000 }));
    files.fields.add(new JSONField({ name: 'gateForecast', maxSize: 5000000, hidden: true }));
    files.createRule = `${files.createRule}${GUARD}`;
    app.save(files);
  },
  (app) => {
    const files = app.findCollectionByNameOrId('sales_data_files');
    for (const name of ['gateWeekCodes', 'gateWeekMaxPerWorkshop', 'gateReason', 'gateEarlier', 'gateForecast'])
      files.fields.removeByName(name);
    app.save(files);
    const campaigns = app.findCollectionByNameOrId('campaigns');
    campaigns.fields.getByName('maxCodesPerWeek').name = 'maxCodesPerFile';
    campaigns.fields.getByName('maxCodesPerWorkshopPerWeek').name = 'maxCodesPerWorkshopPerFile';
    app.save(campaigns);
  },
);
