/// <reference path="../pb_data/types.d.ts" />
// The server-side consent record of SPEC section 3 and the privacy notice: consent id, time,
// categories, template version and banner language, one row per choice made in the banner.
// Written only through POST /api/portal/consents (pb_hooks/consents.pb.js); no API rule lets
// anyone read or change it. A daily job deletes rows older than three years.
const RATE = { label: 'POST /api/portal/consents', maxRequests: 30, duration: 60, audience: '' };

migrate(
  (app) => {
    const collection = new Collection({
      type: 'base',
      name: 'consents',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          name: 'consentId',
          type: 'text',
          required: true,
          min: 36,
          max: 36,
          pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
        },
        { name: 'consentAt', type: 'date', required: true },
        { name: 'categories', type: 'json', maxSize: 200 },
        { name: 'templateVersion', type: 'number', onlyInt: true, min: 0, max: 1000 },
        { name: 'language', type: 'text', required: true, max: 5 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
      ],
      indexes: [
        'CREATE INDEX `idx_consents_consentId` ON `consents` (`consentId`)',
        'CREATE INDEX `idx_consents_created` ON `consents` (`created`)',
      ],
    });
    app.save(collection);
    const settings = app.settings();
    settings.rateLimits.rules = [RATE, ...settings.rateLimits.rules.filter((r) => r.label !== RATE.label)];
    app.save(settings);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('consents'));
    const settings = app.settings();
    settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => r.label !== RATE.label);
    app.save(settings);
  },
);
