/// <reference path="../pb_data/types.d.ts" />
// Every invoice is read on arrival by the reader process beside PocketBase (issue 61, decision
// 063). A submission is its own queue entry: its reading state (waiting, reading, read, failed),
// the attempts so far, the reason of a failure, the lease of the reading in progress, and what
// was read (fields with confidence and place, page sizes). Written by the server only and hidden
// like the other review fields: a workshop neither sets nor reads them.
const FIELDS = ['readingState', 'readingAttempts', 'readingReason', 'readingLease', 'reading'];

migrate(
  (app) => {
    const submissions = app.findCollectionByNameOrId('submissions');
    submissions.fields.add(new SelectField({ name: 'readingState', values: ['waiting', 'reading', 'read', 'failed'], maxSelect: 1 }));
    submissions.fields.add(new NumberField({ name: 'readingAttempts', onlyInt: true, min: 0 }));
    submissions.fields.add(new TextField({ name: 'readingReason', max: 500 }));
    submissions.fields.add(new DateField({ name: 'readingLease' }));
    submissions.fields.add(new JSONField({ name: 'reading', maxSize: 200000 }));
    for (const name of FIELDS) submissions.fields.getByName(name).hidden = true;
    submissions.createRule = `${submissions.createRule} && ${FIELDS.map((f) => `@request.body.${f}:isset = false`).join(' && ')}`;
    submissions.addIndex('idx_submissions_readingState', false, 'readingState, created', '');
    app.save(submissions);
    // Submissions that arrived before the reader are read too (their text was read in a browser, if at all).
    app.db().newQuery("UPDATE submissions SET readingState = 'waiting', readingAttempts = 0").execute();
  },
  (app) => {
    const submissions = app.findCollectionByNameOrId('submissions');
    for (const name of FIELDS) submissions.fields.removeByName(name);
    submissions.createRule = submissions.createRule.replace(
      ` && ${FIELDS.map((f) => `@request.body.${f}:isset = false`).join(' && ')}`,
      '',
    );
    submissions.removeIndex('idx_submissions_readingState');
    app.save(submissions);
  },
);
