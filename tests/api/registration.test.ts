import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  emailProblem,
  MESSAGES,
  passwordProblem,
  phoneProblem,
  SIGN_UP_PASSWORD,
  TEXT_RULES,
  textProblem,
  zipProblem,
} from '../../src/rules';
import { createCentre, createWorkshop, PASSWORD, workshopData, type Actor } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// The server refuses what the wizard refuses, whatever client sends it (SPEC sections 5 and 9).
let server: TestServer;
let workshop: Actor;
let other: Actor;

beforeAll(async () => {
  server = await startPocketBase();
  [workshop, other] = await Promise.all([createWorkshop(server), createWorkshop(server)]);
});

afterAll(async () => {
  await server?.stop();
});

const register = (data: Record<string, unknown>) => request(server.url, null, 'POST', '/api/collections/users/records', data);

async function accountsWith(email: string) {
  return server.admin.collection('users').getList(1, 1, { filter: server.admin.filter('email = {:e}', { e: email }) });
}

const refusals: [string, Record<string, unknown>, string][] = [
  ['a one-letter first name', { firstName: 'E' }, 'firstName'],
  ['a first name of spaces only', { firstName: '   ' }, 'firstName'],
  ['a last name of 71 characters', { lastName: 'x'.repeat(71) }, 'lastName'],
  ['a missing last name', { lastName: '' }, 'lastName'],
  ['a one-letter shop name', { shopName: 'K' }, 'shopName'],
  ['a street of 201 characters', { address: 'x'.repeat(201) }, 'address'],
  ['a missing house number', { streetNumber: '' }, 'streetNumber'],
  ['a house number of 11 characters', { streetNumber: '12345678901' }, 'streetNumber'],
  ['a four-digit PLZ', { zipCode: '1011' }, 'zipCode'],
  ['a six-digit PLZ', { zipCode: '101155' }, 'zipCode'],
  ['a PLZ with a letter', { zipCode: '1011a' }, 'zipCode'],
  ['a one-letter city', { city: 'B' }, 'city'],
  ['a city of 71 characters', { city: 'x'.repeat(71) }, 'city'],
  ['a phone with a slash', { phone: '030/1234' }, 'phone'],
  ['a phone without a digit', { phone: '+ ( ) -' }, 'phone'],
  ['a phone with two plus signs', { phone: '++4930123' }, 'phone'],
  ['a phone with a plus inside', { phone: '030+123' }, 'phone'],
  ['a phone of 21 characters', { phone: '0'.repeat(21) }, 'phone'],
  ['terms not accepted', { termsAccepted: false }, 'termsAccepted'],
  ['terms missing', { termsAccepted: undefined }, 'termsAccepted'],
  ['an invalid e-mail', { email: 'keine-mail' }, 'email'],
  ['an e-mail of 121 characters', { email: `${'a'.repeat(110)}@example.de` }, 'email'],
  ['a password of 7 characters', { password: 'kurz123', passwordConfirm: 'kurz123' }, 'password'],
  ['a password of 72 characters', { password: 'x'.repeat(72), passwordConfirm: 'x'.repeat(72) }, 'password'],
  ['a password confirmation that differs', { passwordConfirm: 'etwas-anderes' }, 'passwordConfirm'],
];

/** The rulebook's German message for the refused field: the wizard shows the server's message as it is (issue 16). */
function rulebookMessage(field: string, data: Record<string, unknown>): string | null {
  const value = data[field] as string | undefined;
  if (field in TEXT_RULES) return textProblem(value, TEXT_RULES[field as keyof typeof TEXT_RULES]);
  if (field === 'zipCode') return zipProblem(value);
  if (field === 'phone') return phoneProblem(value);
  if (field === 'email') return emailProblem(value);
  if (field === 'password') return passwordProblem(value);
  if (field === 'passwordConfirm') return MESSAGES.passwordMismatch;
  return MESSAGES.termsRequired;
}

describe('registration refusals', () => {
  it.each(refusals)('refuses %s with the rulebook’s German message and creates no account', async (_name, override, field) => {
    const data = workshopData(override);
    const res = await register(data);
    expect(res.status).toBe(400);
    expect(res.json.data[field]).toMatchObject({ code: expect.any(String), message: rulebookMessage(field, data) });
    expect(rulebookMessage(field, data)).toMatch(/[a-zäöü]/);
    const email = typeof data.email === 'string' && data.email.includes('@') && data.email.length <= 120 ? data.email : null;
    if (email) expect((await accountsWith(email)).totalItems).toBe(0);
  });

  it('accepts a complete registration with a normalised phone and an empty one', async () => {
    const a = await register(workshopData({ phone: '00490301234567' }));
    expect(a.status).toBe(200);
    expect(a.json.phone).toBe('00490301234567');
    const b = await register(workshopData({ phone: '' }));
    expect(b.status).toBe(200);
  });

  it('answers a second registration with the same e-mail with validation_not_unique', async () => {
    const data = workshopData();
    expect((await register(data)).status).toBe(200);
    const again = await register({ ...data, email: data.email.toUpperCase() });
    expect(again.status).toBe(400);
    expect(again.json.data.email).toEqual({ code: 'validation_not_unique', message: MESSAGES.emailInUse });
    expect((await accountsWith(data.email)).totalItems).toBe(1);
    // The stored address is lower case (the SPA lower-cases what it sends at login too).
    const mixed = workshopData({ email: `Werkstatt.${Date.now()}@Example.DE` });
    const created = await register(mixed);
    expect((await server.admin.collection('users').getOne(created.json.id)).email).toBe(mixed.email.toLowerCase());
    const auth = await server.client().collection('users').authWithPassword(mixed.email.toLowerCase(), mixed.password);
    expect(auth.record.email).toBe(mixed.email.toLowerCase());
  });

  it('applies the same limits when a workshop edits its profile', async () => {
    for (const [override, field] of [
      [{ zipCode: '123' }, 'zipCode'],
      [{ phone: '++49' }, 'phone'],
      [{ firstName: ' ' }, 'firstName'],
    ] as const) {
      const res = await request(server.url, workshop, 'PATCH', `/api/collections/users/records/${workshop.id}`, override);
      expect(res.status).toBe(400);
      expect(res.json.data[field]).toBeDefined();
    }
    const stored = await server.admin.collection('users').getOne(workshop.id);
    expect(stored.zipCode).toBe('10115');
  });
});

/** The app's sign-up: the password under its own key, so PocketBase hashes it once (decision 052). */
function signUpData(overrides: Record<string, unknown> = {}) {
  const { password, ...data } = workshopData();
  return { ...data, [SIGN_UP_PASSWORD]: password, ...overrides };
}

describe('the password under the sign-up key (decision 052)', () => {
  it('creates an account whose password logs in, and answers neither key nor hash', async () => {
    const data = signUpData();
    const res = await register(data);
    expect(res.status).toBe(200);
    expect(res.json).not.toHaveProperty(SIGN_UP_PASSWORD);
    expect(res.json).not.toHaveProperty('password');
    expect(JSON.stringify(res.json)).not.toContain('$2');
    const auth = await server
      .client()
      .collection('users')
      .authWithPassword(data.email, data[SIGN_UP_PASSWORD] as string);
    expect(auth.record.id).toBe(res.json.id);
    await expect(server.client().collection('users').authWithPassword(data.email, 'Falsches-Pass-2025')).rejects.toMatchObject({
      status: 400,
    });
  });

  const refused: [string, Record<string, unknown>, string, string][] = [
    ['7 characters', { [SIGN_UP_PASSWORD]: 'kurz123', passwordConfirm: 'kurz123' }, 'password', MESSAGES.passwordMin],
    ['72 characters', { [SIGN_UP_PASSWORD]: 'x'.repeat(72), passwordConfirm: 'x'.repeat(72) }, 'password', MESSAGES.passwordMax],
    ['an empty one', { [SIGN_UP_PASSWORD]: '', passwordConfirm: '' }, 'password', MESSAGES.passwordMin],
    ['a number instead of text', { [SIGN_UP_PASSWORD]: 123456789, passwordConfirm: '123456789' }, 'password', MESSAGES.passwordMin],
    ['a confirmation that differs', { passwordConfirm: 'etwas-anderes' }, 'passwordConfirm', MESSAGES.passwordMismatch],
    ['`password` beside it saying something else', { password: 'Anderes-Pass-2025' }, 'password', MESSAGES.passwordMismatch],
  ];
  it.each(refused)('refuses %s with the German message and creates no account', async (_name, override, field, message) => {
    const data = signUpData(override);
    const res = await register(data);
    expect(res.status).toBe(400);
    expect(res.json.data[field]).toMatchObject({ message });
    expect((await accountsWith(data.email as string)).totalItems).toBe(0);
  });

  it('takes `password` beside it when both say the same', async () => {
    const data = signUpData({ password: PASSWORD });
    expect((await register(data)).status).toBe(200);
    expect((await server.client().collection('users').authWithPassword(data.email, PASSWORD)).record.email).toBe(data.email);
  });

  it('changes no password on an update: there it is no key at all', async () => {
    const res = await request(server.url, other, 'PATCH', `/api/collections/users/records/${other.id}`, {
      [SIGN_UP_PASSWORD]: 'Gekapert-Pass-2025',
      city: 'Hamburg',
    });
    expect(res.status).toBe(200);
    await expect(server.client().collection('users').authWithPassword(other.email, 'Gekapert-Pass-2025')).rejects.toMatchObject({
      status: 400,
    });
    expect((await server.client().collection('users').authWithPassword(other.email, PASSWORD)).record.id).toBe(other.id);
  });
});

describe('service-centre links at registration', () => {
  it('a workshop links a centre for itself', async () => {
    const centre = await createCentre(server);
    const res = await request(server.url, workshop, 'POST', '/api/collections/user_lz_connections/records', {
      user: workshop.id,
      noraLz: centre.id,
      customerNumber: 'K123',
    });
    expect(res.status).toBe(200);
    expect(res.json.user).toBe(workshop.id);
  });

  it('refuses a link created for another workshop, and a guest’s link', async () => {
    const centre = await createCentre(server);
    const forOther = await request(server.url, workshop, 'POST', '/api/collections/user_lz_connections/records', {
      user: other.id,
      noraLz: centre.id,
      customerNumber: 'K1',
    });
    expect(forOther.status).toBe(400);
    const guest = await request(server.url, null, 'POST', '/api/collections/user_lz_connections/records', {
      user: other.id,
      noraLz: centre.id,
      customerNumber: 'K1',
    });
    expect(guest.status).toBe(400);
    const links = await server.admin
      .collection('user_lz_connections')
      .getFullList({ filter: server.admin.filter('noraLz = {:c}', { c: centre.id }) });
    expect(links).toEqual([]);
  });

  it('refuses a second link of the same workshop to the same centre', async () => {
    const centre = await createCentre(server);
    const body = { user: workshop.id, noraLz: centre.id, customerNumber: 'K9' };
    expect((await request(server.url, workshop, 'POST', '/api/collections/user_lz_connections/records', body)).status).toBe(200);
    const dup = await request(server.url, workshop, 'POST', '/api/collections/user_lz_connections/records', {
      ...body,
      customerNumber: 'K10',
    });
    expect(dup.status).toBe(400);
  });

  it('refuses a customer number of 31 characters', async () => {
    const centre = await createCentre(server);
    const res = await request(server.url, workshop, 'POST', '/api/collections/user_lz_connections/records', {
      user: workshop.id,
      noraLz: centre.id,
      customerNumber: 'K'.repeat(31),
    });
    expect(res.status).toBe(400);
    expect(res.json.data.customerNumber).toBeDefined();
  });

  it('finds centres by name, PLZ or city with a parameterised filter, and an injection attempt matches nothing', async () => {
    await createCentre(server, { partnerName: 'Autohaus Sonnenschein', zipCode: '04109', city: 'Leipzig' });
    const search = (term: string) =>
      other.pb.collection('nora_lz').getList(1, 500, {
        filter: other.pb.filter('partnerName ~ {:t} || zipCode ~ {:t} || city ~ {:t}', { t: term }),
        sort: 'partnerName',
      });
    expect((await search('Sonnenschein')).items.map((c) => c.city)).toEqual(['Leipzig']);
    expect((await search('04109')).items.map((c) => c.partnerName)).toEqual(['Autohaus Sonnenschein']);
    expect((await search('Leipzig')).totalItems).toBe(1);
    expect((await search("' || id != '")).totalItems).toBe(0);
  });
});

describe('the profile’s connection list', () => {
  it('lists every centre when a workshop links several at the same moment', async () => {
    const fresh = await createWorkshop(server);
    const centres = await Promise.all(Array.from({ length: 20 }, () => createCentre(server)));
    const created = await Promise.all(
      centres.map((c, i) =>
        fresh.pb.collection('user_lz_connections').create({ user: fresh.id, noraLz: c.id, customerNumber: `K${i}` }, { requestKey: null }),
      ),
    );
    const profile = await fresh.pb.collection('users').getOne(fresh.id);
    expect([...profile.noraLZConnections].sort()).toEqual(created.map((c) => c.id).sort());
  });
});
