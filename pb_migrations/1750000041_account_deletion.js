/// <reference path="../pb_data/types.d.ts" />
// Issue 37, 'Konto löschen' (docs/decisions/038-account-deletion.md):
// - users: when the workshop asked for its deletion while something was unsettled (a submission
//   in audit, a payout not yet paid), and whether it gave up its open codes. Hidden: the server
//   reads them, no API answer carries them.
// - retained_records: what the law requires to keep after a deletion (a paid payout and the
//   invoice that justified it: a booking voucher, § 147 AO), readable by administrators only,
//   written by the server only, removed when `keepUntil` has passed.
// - the deletion route's password tries per address, like the data export's.
const RATE = { label: 'POST /api/portal/account-deletion', maxRequests: 5, duration: 60, audience: '' };

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.add(new DateField({ name: 'deletionRequestedAt', hidden: true }));
    users.fields.add(new BoolField({ name: 'deletionForfeitCodes', hidden: true }));
    app.save(users);

    const retained = new Collection({
      type: 'base',
      name: 'retained_records',
      listRule: "@request.auth.collectionName = 'administrators'",
      viewRule: "@request.auth.collectionName = 'administrators'",
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'kind', type: 'select', required: true, maxSelect: 1, values: ['payout'] },
        { name: 'formerUser', type: 'text', required: true, max: 30 },
        { name: 'keepUntil', type: 'date', required: true },
        { name: 'legalBasis', type: 'text', required: true, max: 200 },
        { name: 'data', type: 'json', maxSize: 20000 },
        {
          name: 'invoice',
          type: 'file',
          maxSelect: 1,
          maxSize: 5 * 1024 * 1024,
          mimeTypes: ['image/png', 'image/jpeg', 'application/pdf'],
          protected: true,
        },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
      ],
      indexes: ['CREATE INDEX `idx_retained_keepUntil` ON `retained_records` (`keepUntil`)'],
    });
    app.save(retained);

    const settings = app.settings();
    settings.rateLimits.rules = [RATE, ...settings.rateLimits.rules.filter((r) => r.label !== RATE.label)];
    app.save(settings);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('retained_records'));
    const users = app.findCollectionByNameOrId('users');
    users.fields.removeByName('deletionRequestedAt');
    users.fields.removeByName('deletionForfeitCodes');
    app.save(users);
    const settings = app.settings();
    settings.rateLimits.rules = settings.rateLimits.rules.filter((r) => r.label !== RATE.label);
    app.save(settings);
  },
);
