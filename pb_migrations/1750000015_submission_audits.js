/// <reference path="../pb_data/types.d.ts" />
// One row per verdict, so the history of every voucher can be traced. Written by
// the server while it processes an audit upload; auditors may read the history.
const AUDITOR = "@request.auth.collectionName = 'auditors'";

migrate(
  (app) => {
    const submissions = app.findCollectionByNameOrId('submissions');
    const auditors = app.findCollectionByNameOrId('auditors');
    const auditResults = app.findCollectionByNameOrId('audit_results');
    const collection = new Collection({
      type: 'base',
      name: 'submission_audits',
      listRule: AUDITOR,
      viewRule: AUDITOR,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'submission', type: 'relation', required: true, collectionId: submissions.id, maxSelect: 1, cascadeDelete: true },
        { name: 'auditor', type: 'relation', required: true, collectionId: auditors.id, maxSelect: 1 },
        { name: 'auditResult', type: 'relation', collectionId: auditResults.id, maxSelect: 1 },
        { name: 'checked', type: 'bool' },
        { name: 'faulty', type: 'bool' },
        { name: 'outcome', type: 'select', required: true, maxSelect: 1, values: ['passed', 'rejected'] },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX `idx_submission_audits_submission` ON `submission_audits` (`submission`)'],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('submission_audits'));
  },
);
