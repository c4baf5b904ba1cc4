/// <reference path="../pb_data/types.d.ts" />
// The auditor's review queue and its fraud signals (issue 18, docs/decisions/015-review-queue.md).
// Submissions keep their signals (German explanations the server derives) and what the
// invoice's text layer gave: invoice number, invoice date, whether the PDF had text at all.
// Every one of these is written by the server only; a client that sends one is refused.
const SERVER_ONLY = ['signals', 'invoiceNumber', 'invoiceDate', 'textExtracted', 'invoiceText'];
const OLD_CREATE =
  "@request.auth.collectionName = 'users' && @request.body.user = @request.auth.id && " +
  '@request.body.voucher.user = @request.auth.id && ' +
  '@request.body.status:isset = false && @request.body.fileHash:isset = false && @request.body.duplicateInvoice:isset = false';

migrate(
  (app) => {
    const submissions = app.findCollectionByNameOrId('submissions');
    submissions.fields.add(new JSONField({ name: 'signals', maxSize: 20000 }));
    submissions.fields.add(new TextField({ name: 'invoiceNumber', max: 40 }));
    submissions.fields.add(new TextField({ name: 'invoiceDate', max: 10 }));
    submissions.fields.add(new BoolField({ name: 'textExtracted' }));
    submissions.fields.add(new TextField({ name: 'invoiceText', max: 20000 }));
    submissions.createRule = `${OLD_CREATE} && ${SERVER_ONLY.map((f) => `@request.body.${f}:isset = false`).join(' && ')}`;
    submissions.addIndex('idx_submissions_ibanNumber', false, 'ibanNumber', '');
    submissions.addIndex('idx_submissions_invoiceNumber', false, 'invoiceNumber', '');
    app.save(submissions);

    const audits = app.findCollectionByNameOrId('submission_audits');
    audits.fields.add(new TextField({ name: 'note', max: 1000 }));
    audits.fields.add(new TextField({ name: 'source', max: 10 }));
    app.save(audits);
  },
  (app) => {
    const audits = app.findCollectionByNameOrId('submission_audits');
    audits.fields.removeByName('note');
    audits.fields.removeByName('source');
    app.save(audits);
    const submissions = app.findCollectionByNameOrId('submissions');
    for (const f of SERVER_ONLY) submissions.fields.removeByName(f);
    submissions.createRule = OLD_CREATE;
    submissions.removeIndex('idx_submissions_ibanNumber');
    submissions.removeIndex('idx_submissions_invoiceNumber');
    app.save(submissions);
  },
);
