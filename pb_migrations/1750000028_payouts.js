/// <reference path="../pb_data/types.d.ts" />
// Payouts (issue 17, DECISIONS section 6, docs/decisions/014-payouts.md).
// - payout_batches: created by an administrator, released by another (four-eyes), exported
//   as a SEPA pain.001.001.09 file and a CSV, confirmed as paid. Administrators read them;
//   every change goes through the server's routes.
// - payouts: one per passed submission (unique), amount from the campaign's reward, account
//   holder, IBAN and BIC, end-to-end id = the code. A workshop reads its own (the code table
//   shows 'Ausgezahlt am …'); administrators read all; nobody writes through the API.
// - portal_settings gains the debtor (the campaign's paying account) for the export.
const ADMIN = "@request.auth.collectionName = 'administrators'";
const OWNER = "user = @request.auth.id && @request.auth.collectionName = 'users'";

migrate(
  (app) => {
    const administrators = app.findCollectionByNameOrId('administrators');
    const batches = new Collection({
      type: 'base',
      name: 'payout_batches',
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'number', type: 'number', required: true, onlyInt: true, min: 1 },
        { name: 'status', type: 'select', required: true, maxSelect: 1, values: ['created', 'released', 'exported', 'paid'] },
        { name: 'count', type: 'number', onlyInt: true, min: 0 },
        { name: 'total', type: 'number', min: 0 },
        { name: 'createdBy', type: 'relation', collectionId: administrators.id, maxSelect: 1 },
        { name: 'releasedBy', type: 'relation', collectionId: administrators.id, maxSelect: 1 },
        { name: 'releasedAt', type: 'date' },
        { name: 'selfReleased', type: 'bool' },
        { name: 'executionDate', type: 'text', max: 10 },
        { name: 'exportedBy', type: 'relation', collectionId: administrators.id, maxSelect: 1 },
        { name: 'exportedAt', type: 'date' },
        { name: 'messageId', type: 'text', max: 35 },
        { name: 'paidOn', type: 'text', max: 10 },
        { name: 'paidBy', type: 'relation', collectionId: administrators.id, maxSelect: 1 },
        {
          name: 'pain001',
          type: 'file',
          maxSelect: 1,
          maxSize: 50 * 1024 * 1024,
          mimeTypes: ['application/xml', 'text/xml', 'text/plain'],
          protected: true,
        },
        { name: 'csv', type: 'file', maxSelect: 1, maxSize: 50 * 1024 * 1024, mimeTypes: ['text/csv', 'text/plain'], protected: true },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX `idx_payout_batches_number` ON `payout_batches` (`number`)',
        'CREATE INDEX `idx_payout_batches_created` ON `payout_batches` (`created`)',
      ],
    });
    app.save(batches);

    const users = app.findCollectionByNameOrId('users');
    const submissions = app.findCollectionByNameOrId('submissions');
    const vouchers = app.findCollectionByNameOrId('vouchers');
    const campaigns = app.findCollectionByNameOrId('campaigns');
    const payouts = new Collection({
      type: 'base',
      name: 'payouts',
      listRule: `${OWNER} || ${ADMIN}`,
      viewRule: `${OWNER} || ${ADMIN}`,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'submission', type: 'relation', required: true, collectionId: submissions.id, maxSelect: 1 },
        { name: 'user', type: 'relation', required: true, collectionId: users.id, maxSelect: 1 },
        { name: 'voucher', type: 'relation', required: true, collectionId: vouchers.id, maxSelect: 1 },
        { name: 'campaign', type: 'relation', required: true, collectionId: campaigns.id, maxSelect: 1 },
        { name: 'amount', type: 'number', required: true, min: 0.01 },
        { name: 'accountHolder', type: 'text', required: true, max: 141 },
        { name: 'iban', type: 'text', required: true, max: 34 },
        { name: 'bic', type: 'text', max: 11 },
        { name: 'endToEndId', type: 'text', required: true, max: 35 },
        { name: 'remittance', type: 'text', required: true, max: 140 },
        {
          name: 'status',
          type: 'select',
          required: true,
          maxSelect: 1,
          values: ['payable', 'held', 'in_batch', 'exported', 'paid', 'returned'],
        },
        { name: 'batch', type: 'relation', collectionId: batches.id, maxSelect: 1 },
        { name: 'paidOn', type: 'text', max: 10 },
        { name: 'returnReason', type: 'text', max: 4 },
        { name: 'returnNote', type: 'text', max: 500 },
        { name: 'returnedAt', type: 'date' },
        { name: 'holdReason', type: 'text', max: 500 },
        { name: 'bankDetailsChangedAt', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        // Never two payouts for one submission.
        'CREATE UNIQUE INDEX `idx_payouts_submission` ON `payouts` (`submission`)',
        'CREATE INDEX `idx_payouts_status` ON `payouts` (`status`, `created`)',
        'CREATE INDEX `idx_payouts_batch` ON `payouts` (`batch`)',
        'CREATE INDEX `idx_payouts_user` ON `payouts` (`user`)',
      ],
    });
    app.save(payouts);

    const settings = app.findCollectionByNameOrId('portal_settings');
    settings.fields.add(new TextField({ name: 'debtorName', max: 70 }));
    settings.fields.add(new TextField({ name: 'debtorIban', max: 34 }));
    settings.fields.add(new TextField({ name: 'debtorBic', max: 11 }));
    app.save(settings);
  },
  (app) => {
    const settings = app.findCollectionByNameOrId('portal_settings');
    for (const name of ['debtorName', 'debtorIban', 'debtorBic']) settings.fields.removeByName(name);
    app.save(settings);
    app.delete(app.findCollectionByNameOrId('payouts'));
    app.delete(app.findCollectionByNameOrId('payout_batches'));
  },
);
