/// <reference path="../../../pb_data/types.d.ts" />
// Test-only route (loaded through startPocketBase({ extraHooks }), never shipped): builds a
// pain.001 file in PocketBase's JS runtime from the names given, as the export does, after the
// same field check a redemption makes, and checks it against the schema. Superusers only.

routerAdd(
  'POST',
  '/api/test/sepa/build',
  (e) => {
    const body = e.requestInfo().body;
    const rules = require(`${__hooks}/vendor/rules.js`);
    const sepa = require(`${__hooks}/lib/sepa.js`);
    const accepted = [];
    const refused = [];
    for (const name of body.names) {
      const problem = rules.textProblem(name, rules.TEXT_RULES.ibanLastName);
      if (problem) refused.push({ name, problem });
      else accepted.push(name);
    }
    if (accepted.length === 0) return e.json(200, { accepted, refused, xml: '', invalid: '' });
    const xml = sepa.pain001({
      messageId: 'NORA-TEST-1',
      createdAt: new Date(),
      executionDate: '2025-09-16',
      debtor: { name: 'NORA Cashback-Aktion GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
      payments: accepted.map((name, i) => ({
        endToEndId: `NORA-AAAA-${String(1000 + i)}`,
        amount: 50,
        name: `${name} ${name}`,
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        remittance: `NORA Cashback ${name}`,
      })),
    });
    return e.json(200, { accepted, refused, xml, invalid: sepa.validate(xml) });
  },
  $apis.requireSuperuserAuth(),
);
