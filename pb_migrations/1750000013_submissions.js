/// <reference path="../pb_data/types.d.ts" />
// Cashback redemptions: bank details plus the invoice. A workshop creates its own
// and reads them back; auditors read all for the invoice check. Owner, status,
// hash and duplicate flag are server-side facts and cannot be sent by a client.
// One live submission per voucher: a rejected one no longer counts, so the
// workshop can submit again after a faulty audit (docs/decisions/002).
const OWNER = "user = @request.auth.id && @request.auth.collectionName = 'users'";
const AUDITOR = "@request.auth.collectionName = 'auditors'";

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const vouchers = app.findCollectionByNameOrId('vouchers');
    const campaigns = app.findCollectionByNameOrId('campaigns');
    const collection = new Collection({
      type: 'base',
      name: 'submissions',
      listRule: `${OWNER} || ${AUDITOR}`,
      viewRule: `${OWNER} || ${AUDITOR}`,
      createRule:
        "@request.auth.collectionName = 'users' && @request.body.user = @request.auth.id && " +
        '@request.body.voucher.user = @request.auth.id && ' +
        '@request.body.status:isset = false && @request.body.fileHash:isset = false && @request.body.duplicateInvoice:isset = false',
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'user', type: 'relation', required: true, collectionId: users.id, maxSelect: 1 },
        { name: 'voucher', type: 'relation', required: true, collectionId: vouchers.id, maxSelect: 1 },
        { name: 'campaign', type: 'relation', required: true, collectionId: campaigns.id, maxSelect: 1 },
        { name: 'ibanFirstName', type: 'text', required: true, min: 2, max: 70 },
        { name: 'ibanLastName', type: 'text', required: true, min: 2, max: 70 },
        { name: 'ibanNumber', type: 'text', required: true, min: 15, max: 35, pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,31}$' },
        { name: 'ibanBic', type: 'text', required: true, min: 8, max: 11, pattern: '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$' },
        {
          name: 'file',
          type: 'file',
          required: true,
          maxSelect: 1,
          maxSize: 5 * 1024 * 1024,
          mimeTypes: ['image/png', 'image/jpeg', 'application/pdf'],
          protected: true,
        },
        { name: 'status', type: 'select', maxSelect: 1, values: ['pending', 'passed', 'rejected'] },
        { name: 'fileHash', type: 'text', max: 64 },
        { name: 'duplicateInvoice', type: 'bool' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        "CREATE UNIQUE INDEX `idx_submissions_voucher_live` ON `submissions` (`voucher`) WHERE `status` != 'rejected'",
        // The partial unique index serves only queries that also say status != 'rejected'.
        'CREATE INDEX `idx_submissions_voucher` ON `submissions` (`voucher`)',
        'CREATE INDEX `idx_submissions_user` ON `submissions` (`user`)',
        'CREATE INDEX `idx_submissions_status` ON `submissions` (`status`)',
        'CREATE INDEX `idx_submissions_fileHash` ON `submissions` (`fileHash`)',
      ],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('submissions'));
  },
);
