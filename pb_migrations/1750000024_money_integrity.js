/// <reference path="../pb_data/types.d.ts" />
// Money integrity (issue 14, docs/decisions/012-money-integrity.md):
// - campaigns carry the bounds on money: the per-row sales band and the plausibility
//   gate's limits (codes per file, codes per workshop per file);
// - a sales import has states for the gate (`held`, then `discarded` or on), for issuing
//   codes (`issuing`) and the gate's figures; `importSeq` numbers each import, so staged and
//   merged row ids never collide across files;
// - staged rows keep their line number (a key twice in one file fails the later row, found
//   by one sorted pass after staging; an index on the key made imports 3x slower);
// - `portal_counters` holds monotone counters (no API access).
const GATE_FIELDS = ['importSeq', 'gateCodes', 'gateWorkshops', 'gateMaxPerWorkshop', 'confirmedBy', 'confirmedAt', 'codesIssued'];

const UPLOADER =
  "((@request.auth.collectionName = 'administrators' && (@request.body.adminUploaded:isset = false || @request.body.adminUploaded = @request.auth.id) && @request.body.auditorUploaded:isset = false) || " +
  "(@request.auth.collectionName = 'auditors' && (@request.body.auditorUploaded:isset = false || @request.body.auditorUploaded = @request.auth.id) && @request.body.adminUploaded:isset = false))";
const serverOnly = (fields) => fields.map((f) => `@request.body.${f}:isset = false`).join(' && ');
const OLD_SERVER_ONLY = [
  'successfullyProcessedRows',
  'unchangedDataCount',
  'updatedDataCount',
  'newDataCount',
  'failedProcessedRows',
  'failedRowsCsv',
  'status',
  'progress',
  'errorMessage',
];

migrate(
  (app) => {
    const campaigns = app.findCollectionByNameOrId('campaigns');
    campaigns.fields.add(new NumberField({ name: 'maxSalesPerRow', min: 0.01, max: 100000000 }));
    campaigns.fields.add(new NumberField({ name: 'maxCodesPerFile', onlyInt: true, min: 0 }));
    campaigns.fields.add(new NumberField({ name: 'maxCodesPerWorkshopPerFile', onlyInt: true, min: 0 }));
    app.save(campaigns);
    for (const campaign of app.findRecordsByFilter('campaigns', '', '', 0, 0)) {
      campaign.set('maxSalesPerRow', 100000);
      campaign.set('maxCodesPerFile', 2000);
      campaign.set('maxCodesPerWorkshopPerFile', 20);
      app.save(campaign);
    }

    const administrators = app.findCollectionByNameOrId('administrators');
    const files = app.findCollectionByNameOrId('sales_data_files');
    files.fields.getByName('status').values = ['queued', 'processing', 'held', 'merging', 'issuing', 'done', 'failed', 'discarded'];
    files.fields.add(new NumberField({ name: 'importSeq', onlyInt: true, min: 0 }));
    files.fields.add(new NumberField({ name: 'gateCodes', onlyInt: true, min: 0 }));
    files.fields.add(new NumberField({ name: 'gateWorkshops', onlyInt: true, min: 0 }));
    files.fields.add(new NumberField({ name: 'gateMaxPerWorkshop', onlyInt: true, min: 0 }));
    files.fields.add(new RelationField({ name: 'confirmedBy', collectionId: administrators.id, maxSelect: 1 }));
    files.fields.add(new DateField({ name: 'confirmedAt' }));
    files.fields.add(new NumberField({ name: 'codesIssued', onlyInt: true, min: 0 }));
    files.createRule = `${UPLOADER} && ${serverOnly(OLD_SERVER_ONLY.concat(GATE_FIELDS))}`;
    files.addIndex('idx_sales_data_files_status', false, 'status', '');
    app.save(files);

    const staging = app.findCollectionByNameOrId('sales_import_rows');
    staging.fields.add(new NumberField({ name: 'line', onlyInt: true, min: 0 }));
    app.save(staging);

    // Verdict rows left blank (not audited yet) are counted, not failed.
    const results = app.findCollectionByNameOrId('audit_results');
    results.fields.add(new NumberField({ name: 'skippedRows', onlyInt: true, min: 0 }));
    results.createRule = `${results.createRule} && @request.body.skippedRows:isset = false`;
    app.save(results);

    const counters = new Collection({
      type: 'base',
      name: 'portal_counters',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'name', type: 'text', required: true, max: 50 },
        { name: 'value', type: 'number', onlyInt: true, min: 0 },
      ],
      indexes: ['CREATE UNIQUE INDEX `idx_portal_counters_name` ON `portal_counters` (`name`)'],
    });
    app.save(counters);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('portal_counters'));

    const results = app.findCollectionByNameOrId('audit_results');
    results.fields.removeByName('skippedRows');
    results.createRule = results.createRule.replace(' && @request.body.skippedRows:isset = false', '');
    app.save(results);

    const staging = app.findCollectionByNameOrId('sales_import_rows');
    staging.fields.removeByName('line');
    app.save(staging);

    const files = app.findCollectionByNameOrId('sales_data_files');
    for (const name of GATE_FIELDS) files.fields.removeByName(name);
    files.fields.getByName('status').values = ['queued', 'processing', 'merging', 'done', 'failed'];
    files.createRule = `${UPLOADER} && ${serverOnly(OLD_SERVER_ONLY)}`;
    files.removeIndex('idx_sales_data_files_status');
    app.save(files);

    const campaigns = app.findCollectionByNameOrId('campaigns');
    for (const name of ['maxSalesPerRow', 'maxCodesPerFile', 'maxCodesPerWorkshopPerFile']) campaigns.fields.removeByName(name);
    app.save(campaigns);
  },
);
