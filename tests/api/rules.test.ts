import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LIMITS, MESSAGES, SESSION_SECONDS, TEXT_RULES } from '../../src/rules';
import { ibanProblem } from '../../src/rules/bank';
import { createCentre, createVoucher, createWorkshop, submissionForm, type Actor } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Issue 16: one rulebook (src/rules) for the forms, the hooks and the schema. These tests
// read the limits the migrations gave PocketBase's collections and the messages the hooks
// answer with, and compare both with the module.

let server: TestServer;
let workshop: Actor;
beforeAll(async () => {
  server = await startPocketBase();
  workshop = await createWorkshop(server);
});
afterAll(async () => {
  await server?.stop();
});

async function field(collection: string, name: string) {
  const c = await server.admin.collections.getOne(collection);
  const f = c.fields.find((x: { name: string }) => x.name === name);
  if (!f) throw new Error(`${collection}.${name} is missing`);
  return f as { min?: number; max?: number; maxSize?: number; pattern?: string };
}

describe('every migration’s field limits are the rulebook’s', () => {
  const cases: [string, string, { min?: number; max?: number; maxSize?: number }][] = [
    ['users', 'firstName', { min: TEXT_RULES.firstName.min, max: TEXT_RULES.firstName.max }],
    ['users', 'lastName', { min: TEXT_RULES.lastName.min, max: TEXT_RULES.lastName.max }],
    ['users', 'shopName', { min: TEXT_RULES.shopName.min, max: TEXT_RULES.shopName.max }],
    ['users', 'address', { min: TEXT_RULES.address.min, max: TEXT_RULES.address.max }],
    ['users', 'streetNumber', { min: TEXT_RULES.streetNumber.min, max: TEXT_RULES.streetNumber.max }],
    ['users', 'city', { min: TEXT_RULES.city.min, max: TEXT_RULES.city.max }],
    ['users', 'phone', { max: LIMITS.phoneMax }],
    ['users', 'password', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }],
    ['submissions', 'ibanFirstName', { min: TEXT_RULES.ibanFirstName.min, max: TEXT_RULES.ibanFirstName.max }],
    ['submissions', 'ibanLastName', { min: TEXT_RULES.ibanLastName.min, max: TEXT_RULES.ibanLastName.max }],
    ['submissions', 'ibanNumber', { min: LIMITS.ibanMin, max: LIMITS.ibanMax }],
    ['submissions', 'ibanBic', { min: LIMITS.bicMin, max: LIMITS.bicMax }],
    ['submissions', 'file', { maxSize: LIMITS.invoiceMaxBytes }],
    ['user_lz_connections', 'customerNumber', { max: LIMITS.customerNumberMax }],
    ['vouchers', 'code', { max: LIMITS.codeMax }],
  ];
  for (const [collection, name, expected] of cases) {
    it(`${collection}.${name}`, async () => {
      const f = await field(collection, name);
      for (const [key, value] of Object.entries(expected)) expect(f[key as keyof typeof f], key).toBe(value);
    });
  }
});

describe('session lifetimes are the rulebook’s', () => {
  for (const [collection, seconds] of Object.entries(SESSION_SECONDS)) {
    it(`${collection}.authToken.duration`, async () => {
      const c = (await server.admin.collections.getOne(collection)) as unknown as { authToken: { duration: number } };
      expect(c.authToken.duration).toBe(seconds);
    });
  }
});

describe('the hooks answer with the rulebook’s final German messages', () => {
  it('on the workshop account', async () => {
    const res = await request(server.url, workshop, 'PATCH', `/api/collections/users/records/${workshop.id}`, {
      firstName: ' E ',
      shopName: 'x'.repeat(201),
      phone: '12+34',
      zipCode: '1234',
    });
    expect(res.status).toBe(400);
    expect(res.json.data.firstName.message).toBe(MESSAGES.tooShort('Vorname', 2));
    expect(res.json.data.shopName.message).toBe(MESSAGES.tooLong('Werkstattname', 200));
    expect(res.json.data.phone.message).toBe(MESSAGES.phonePlus);
    expect(res.json.data.zipCode.message).toBe(MESSAGES.zip);
  });

  it('on a customer number', async () => {
    const centre = await createCentre(server);
    const res = await request(server.url, workshop, 'POST', '/api/collections/user_lz_connections/records', {
      user: workshop.id,
      noraLz: centre.id,
      customerNumber: 'KD-12',
    });
    expect(res.status).toBe(400);
    expect(res.json.data.customerNumber.message).toBe(MESSAGES.customerNumberChars);
  });

  it('on a redemption: names, IBAN and BIC', async () => {
    const voucher = await createVoucher(server, workshop.id);
    for (const [extra, fieldName, message] of [
      [{ ibanFirstName: 'E' }, 'ibanFirstName', MESSAGES.tooShort('Vorname', 2)],
      [{ ibanNumber: 'DE89370400440532013001' }, 'ibanNumber', MESSAGES.iban],
      [{ ibanNumber: 'DE8937040044' }, 'ibanNumber', MESSAGES.ibanMin],
      [{ ibanBic: 'COBA1EFF' }, 'ibanBic', MESSAGES.bic],
    ] as const) {
      const res = await request(
        server.url,
        workshop,
        'POST',
        '/api/collections/submissions/records',
        submissionForm(workshop.id, voucher, extra),
      );
      expect(res.status, fieldName).toBe(400);
      expect(res.json.data[fieldName].message).toBe(message);
    }
  });

  it('accepts every SEPA IBAN the form accepts (ibantools on both sides), spaces and all, and refuses a valid one outside SEPA', async () => {
    const voucher = await createVoucher(server, workshop.id);
    // A valid Brazilian IBAN: ibantools knows it, but SEPA cannot pay it (decision 029).
    const brazil = await request(
      server.url,
      workshop,
      'POST',
      '/api/collections/submissions/records',
      submissionForm(workshop.id, voucher, { ibanNumber: 'BR18 0036 0305 0000 1000 9795 493C 1' }),
    );
    expect(brazil.status).toBe(400);
    expect(brazil.json.data.ibanNumber.message).toBe(ibanProblem('BR1800360305000010009795493C1'));
    const res = await request(
      server.url,
      workshop,
      'POST',
      '/api/collections/submissions/records',
      submissionForm(workshop.id, voucher, { ibanNumber: 'LI21 0881 0000 2324 013A A' }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.ibanNumber).toBe('LI21088100002324013AA');
  });
});
