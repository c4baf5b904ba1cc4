import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MESSAGES } from '../../src/rules';
import { ANSWER_MESSAGES, fieldAnswers, isPocketBaseEnglish, topAnswer } from '../../src/rules/server-answers';
import { PASSWORD, blob, createCentre, createVoucher, createWorkshop, multipart, submissionForm, type Actor } from '../helpers/fixtures';
import { request, type RawResponse } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Issue 58: every message a user can see is German, PocketBase's own validation answers included.
// This walks the routes the SPA calls with the inputs PocketBase itself refuses (before or beside
// the portal's hooks) and shows each answer to the SPA's reading of it (src/rules/server-answers.ts):
// what the SPA would put on the screen must be German.

let server: TestServer;
let workshop: Actor;
let other: Actor;

const ENGLISH = /\b(?:the|must|invalid|failed|cannot|value|values|be|blank|record|request|token|list|something|wrong)\b/i;
const GERMAN = /[äöüÄÖÜß]|\b(?:Bitte|Sie|ist|nicht|darf|muss|Das|Die|Der|Dieses|erforderlich|Ungültig|Anfragen|geklappt)\b/;

/** Every text the SPA would show for `res` (the top message and each field's). */
function shown(res: RawResponse): string[] {
  const fields = Object.values(fieldAnswers(res.json?.data));
  return [topAnswer(res.status, res.json?.message), ...fields];
}

/** The raw answer's texts that were PocketBase's English. */
function english(res: RawResponse): string[] {
  const texts = [
    res.json?.message,
    ...Object.values((res.json?.data ?? {}) as Record<string, { message?: string }>).map((f) => f?.message),
  ];
  return texts.filter((t): t is string => typeof t === 'string' && ENGLISH.test(t) && !GERMAN.test(t));
}

beforeAll(async () => {
  server = await startPocketBase();
  [workshop, other] = await Promise.all([createWorkshop(server), createWorkshop(server)]);
});

afterAll(async () => {
  await server?.stop();
});

describe("PocketBase's own answers on the SPA's routes, as the SPA shows them", () => {
  const walk: [string, () => Promise<RawResponse>][] = [
    [
      'e-mail change to the own address',
      () => request(server.url, workshop, 'POST', '/api/collections/users/request-email-change', { newEmail: workshop.email }),
    ],
    [
      "e-mail change to another workshop's address",
      () => request(server.url, workshop, 'POST', '/api/collections/users/request-email-change', { newEmail: other.email }),
    ],
    ['e-mail change without an address', () => request(server.url, workshop, 'POST', '/api/collections/users/request-email-change', {})],
    [
      'e-mail change confirmed with a forged token',
      () => request(server.url, null, 'POST', '/api/collections/users/confirm-email-change', { token: 'x.y.z', password: PASSWORD }),
    ],
    [
      'sign-up with fields of the wrong type',
      () => request(server.url, null, 'POST', '/api/collections/users/records', { email: ['a'], password: 5, termsAccepted: 'vielleicht' }),
    ],
    [
      'sign-up with a body that is no JSON',
      () => request(server.url, null, 'POST', '/api/collections/users/records', undefined, { 'Content-Type': 'application/json' }),
    ],
    [
      'login with a wrong password',
      () =>
        request(server.url, null, 'POST', '/api/collections/users/auth-with-password', {
          identity: workshop.email,
          password: 'falsch-falsch',
        }),
    ],
    [
      'profile update with a number where text belongs',
      () => request(server.url, workshop, 'PATCH', `/api/collections/users/records/${workshop.id}`, { zipCode: { a: 1 } }),
    ],
    [
      'centre link to a centre that does not exist',
      () =>
        request(server.url, workshop, 'POST', '/api/collections/user_lz_connections/records', {
          user: workshop.id,
          noraLz: 'gibtesnicht0000',
          customerNumber: 'K1',
        }),
    ],
    [
      'redemption without an invoice',
      async () => {
        const voucher = await createVoucher(server, workshop.id);
        const fd = submissionForm(workshop.id, voucher);
        fd.delete('file');
        return request(server.url, workshop, 'POST', '/api/collections/submissions/records', fd);
      },
    ],
    [
      'redemption with a file whose header lies',
      async () => {
        const voucher = await createVoucher(server, workshop.id);
        return request(
          server.url,
          workshop,
          'POST',
          '/api/collections/submissions/records',
          submissionForm(workshop.id, voucher, {}, blob('MZ nicht wirklich', 'image/png'), 'rechnung.png'),
        );
      },
    ],
    [
      'verification asked for a malformed address',
      () => request(server.url, null, 'POST', '/api/collections/users/request-verification', { email: 'keine adresse' }),
    ],
    [
      'password reset asked without an address',
      () => request(server.url, null, 'POST', '/api/collections/users/request-password-reset', {}),
    ],
  ];

  let englishSeen = 0;
  for (const [name, call] of walk)
    it(`${name}: refused, and what the SPA shows is German`, async () => {
      const res = await call();
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      englishSeen += english(res).length;
      for (const text of shown(res)) {
        expect(text, `${name}: ${res.text}`).toMatch(GERMAN);
        expect(ENGLISH.test(text) && !GERMAN.test(text), text).toBe(false);
        expect(isPocketBaseEnglish(text), text).toBe(false);
      }
    });

  it('the walk met PocketBase answering in English (it tests something)', () => {
    expect(englishSeen).toBeGreaterThan(3);
  });

  it('the e-mail change says exactly what went wrong, per field', async () => {
    const own = await request(server.url, workshop, 'POST', '/api/collections/users/request-email-change', { newEmail: workshop.email });
    expect(fieldAnswers(own.json.data)).toEqual({ newEmail: MESSAGES.emailUnchanged });
    const taken = await request(server.url, workshop, 'POST', '/api/collections/users/request-email-change', { newEmail: other.email });
    expect(fieldAnswers(taken.json.data)).toEqual({ newEmail: MESSAGES.emailInUse });
  });

  it("the rate limiter's 429 and PocketBase's 'Something went wrong' are said in German; the portal's own messages pass unchanged", () => {
    expect(topAnswer(429, 'Too Many Requests.')).toBe(ANSWER_MESSAGES.tooManyRequests);
    expect(topAnswer(400, 'Something went wrong while processing your request.', MESSAGES.exportFailed)).toBe(MESSAGES.exportFailed);
    expect(topAnswer(400, MESSAGES.reasonRequired)).toBe(MESSAGES.reasonRequired);
    expect(fieldAnswers({ newEmail: { code: 'validation_is_email', message: MESSAGES.emailInvalid } })).toEqual({
      newEmail: MESSAGES.emailInvalid,
    });
  });
});

describe('a centre link to an unknown centre, a multipart body without fields', () => {
  it('nothing is stored', async () => {
    const centre = await createCentre(server);
    const res = await request(
      server.url,
      workshop,
      'POST',
      '/api/collections/user_lz_connections/records',
      multipart({}, blob('x', 'text/plain'), 'x.txt'),
    );
    expect(res.status).toBe(400);
    const links = await server.admin
      .collection('user_lz_connections')
      .getFullList({ filter: server.admin.filter('noraLz = {:c}', { c: centre.id }) });
    expect(links).toHaveLength(0);
  });
});
