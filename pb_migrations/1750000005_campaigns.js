/// <reference path="../pb_data/types.d.ts" />
// Campaign settings (DECISIONS §3). Public: the landing page and the wizard show
// dates and amounts before anyone signs in. Only the server changes them.
migrate(
  (app) => {
    const collection = new Collection({
      type: 'base',
      name: 'campaigns',
      listRule: '',
      viewRule: '',
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'name', type: 'text', required: true, max: 100 },
        { name: 'year', type: 'number', required: true, onlyInt: true, min: 2000, max: 2100 },
        { name: 'codePrefix', type: 'text', required: true, pattern: '^[A-Z]{2,10}$' },
        { name: 'threshold', type: 'number', required: true, min: 1 },
        { name: 'reward', type: 'number', required: true, min: 1 },
        { name: 'campaignStart', type: 'date', required: true },
        { name: 'campaignEnd', type: 'date', required: true },
        { name: 'redeemStart', type: 'date', required: true },
        { name: 'redeemEnd', type: 'date', required: true },
        { name: 'invoiceDateCutoff', type: 'date', required: true },
        { name: 'drawRegistrationDeadline', type: 'date', required: true },
        { name: 'contactEmail', type: 'email' },
        { name: 'active', type: 'bool' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX `idx_campaigns_year` ON `campaigns` (`year`)',
        'CREATE INDEX `idx_campaigns_active` ON `campaigns` (`active`)',
      ],
    });
    app.save(collection);

    // Dates are end-of-day in Europe/Berlin where SPEC names a last day ("bis 31.10.2025").
    const campaign = new Record(collection, {
      name: 'NORA Cashback-Aktion',
      year: 2025,
      codePrefix: 'NORA',
      threshold: 500,
      reward: 50,
      campaignStart: '2025-05-14 22:00:00.000Z',
      campaignEnd: '2025-10-31 22:59:59.999Z',
      redeemStart: '2025-07-14 22:00:00.000Z',
      redeemEnd: '2025-11-30 22:59:59.999Z',
      invoiceDateCutoff: '2025-10-31 22:59:59.999Z',
      drawRegistrationDeadline: '2025-08-01 21:59:59.999Z',
      contactEmail: 'cashback@nora-aktion.de',
      active: true,
    });
    app.save(campaign);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('campaigns'));
  },
);
