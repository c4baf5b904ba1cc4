/// <reference path="../pb_data/types.d.ts" />
// Issue 58: an uploaded audit file's rows that decide a submission with review signals are not
// applied at once; they wait, listed with their signals, until an auditor confirms or drops each
// (pb_hooks/lib/audits.js). The server alone writes the list and its count.
migrate(
  (app) => {
    const results = app.findCollectionByNameOrId('audit_results');
    results.fields.add(new JSONField({ name: 'held', maxSize: 1000000 }));
    results.fields.add(new NumberField({ name: 'heldRows', onlyInt: true, min: 0 }));
    results.createRule = `${results.createRule} && @request.body.held:isset = false && @request.body.heldRows:isset = false`;
    app.save(results);
  },
  (app) => {
    const results = app.findCollectionByNameOrId('audit_results');
    results.fields.removeByName('held');
    results.fields.removeByName('heldRows');
    results.createRule = results.createRule.replace(' && @request.body.held:isset = false && @request.body.heldRows:isset = false', '');
    app.save(results);
  },
);
