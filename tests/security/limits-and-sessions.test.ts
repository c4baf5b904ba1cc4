// Issue 8: abuse limits and sessions. The rate limiter is tested on a server that
// keeps it on for the test's own address; lockout, MFA and sessions on one that
// leaves 127.0.0.1 out (else the limiter, not the lockout, would answer), with a
// mail catcher for the staff one-time codes.
import { getTokenPayload } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The test run's build (npm test makes it once; alone, the file builds it when missing or stale):
// dist/ is not made by npm test since issue 33.
import { testBuild } from '../../scripts/lib/build.mjs';
import { createStaff, createWorkshop, PASSWORD, unique } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { otpIn, startInbox, type MailInbox } from '../helpers/mail';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

let server: TestServer;
let limited: TestServer;
let inbox: MailInbox;

const LOCKED = 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.';

beforeAll(async () => {
  inbox = await startInbox();
  [server, limited] = await Promise.all([
    startPocketBase({ publicDir: testBuild(() => {}), env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort) } }),
    startPocketBase({ rateLimits: true }),
  ]);
});

afterAll(async () => {
  await server?.stop();
  await limited?.stop();
  await inbox?.close();
});

const login = (collection: string, identity: string, password: string, on = server) =>
  request(on.url, null, 'POST', `/api/collections/${collection}/auth-with-password`, { identity, password });

const claims = (token: string) => getTokenPayload(token) as { exp: number; iat?: number };

describe('rate limiter', () => {
  it('is on with rules for logins, one-time codes, resets, creation and the whole API', async () => {
    const settings = await limited.admin.settings.getAll();
    expect(settings.rateLimits.enabled).toBe(true);
    const labels = settings.rateLimits.rules.map((r: { label: string }) => r.label);
    expect(labels).toEqual(
      expect.arrayContaining(['*:auth', '*:requestOTP', '*:requestPasswordReset', '*:create', 'users:create', '/api/']),
    );
    expect(settings.rateLimits.excludedIPs).toEqual([]);
  });

  it('answers the eleventh login within a minute from one address with 429, whatever the identity', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await login('auditors', `${unique('flut')}@example.de`, 'falsch', limited)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('limits password-reset mails from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await request(limited.url, null, 'POST', '/api/collections/users/request-password-reset', { email: `${unique('r')}@example.de` }))
          .status,
      );
    }
    expect(statuses).toEqual([204, 204, 204, 429]);
  });

  it('operators can leave trusted addresses out (the other test server excludes 127.0.0.1)', async () => {
    expect((await server.admin.settings.getAll()).rateLimits.excludedIPs).toEqual(['127.0.0.1']);
  });
});

describe('login lockout', () => {
  it('locks an account after five wrong passwords, even for the right one, and answers an unknown address the same way', async () => {
    const workshop = await createWorkshop(server);
    const unknown = `${unique('niemand')}@example.de`;
    for (const identity of [workshop.email, unknown]) {
      for (let i = 0; i < 5; i += 1) {
        const res = await login('users', identity, `Falsch-${i}`);
        expect(res.status).toBe(400);
        expect(res.json.message).toBe('Failed to authenticate.');
      }
    }
    const locked = await login('users', workshop.email, PASSWORD);
    const lockedUnknown = await login('users', unknown, PASSWORD);
    expect(locked.status).toBe(429);
    // The lockout names itself in the data, so the SPA tells it from the rate limiter's 429 without reading the text.
    expect(locked.json).toEqual({ status: 429, message: LOCKED, data: { lockout: { code: 'login_locked', message: LOCKED } } });
    expect(lockedUnknown.status).toBe(locked.status);
    expect(lockedUnknown.json).toEqual(locked.json);
    expect(locked.text).not.toContain('token');
    // Other spellings of the address are the same account.
    expect((await login('users', workshop.email.toUpperCase(), PASSWORD)).status).toBe(429);
  });

  it('a right password in between starts the count again', async () => {
    const workshop = await createWorkshop(server);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 4; i += 1) expect((await login('users', workshop.email, 'falsch')).status).toBe(400);
      const ok = await login('users', workshop.email, PASSWORD);
      expect(ok.status).toBe(200);
      expect(ok.json.token).toBeTruthy();
    }
  });

  it('locks a superuser after five wrong passwords too, from any address (issue 59)', async () => {
    const email = `${unique('super')}@nora-aktion.de`;
    await server.admin.collection('_superusers').create({ email, password: PASSWORD, passwordConfirm: PASSWORD });
    for (let i = 0; i < 5; i += 1) expect((await login('_superusers', email, `Falsch-${i}`)).status).toBe(400);
    const locked = await login('_superusers', email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.json).toEqual({ status: 429, message: LOCKED, data: { lockout: { code: 'login_locked', message: LOCKED } } });
    expect(locked.text).not.toContain('token');
  });

  it('counts per account type: a locked workshop address does not lock a staff account of the same address', async () => {
    const admin = await createStaff(server, 'administrators');
    for (let i = 0; i < 5; i += 1) await login('users', admin.email, 'falsch');
    expect((await login('users', admin.email, PASSWORD)).status).toBe(429);
    const res = await login('administrators', admin.email, PASSWORD);
    expect(res.status).toBe(401);
    expect(res.json.mfaId).toBeTruthy();
  });
});

describe('staff second factor (e-mail one-time code) and session lifetimes', () => {
  for (const collection of ['administrators', 'auditors'] as const) {
    it(`${collection}: password alone gives no token; password plus the mailed code gives an 8-hour session`, async () => {
      const account = await createStaff(server, collection);
      const first = await login(collection, account.email, PASSWORD);
      expect(first.status).toBe(401);
      expect(first.json.token).toBeUndefined();
      const mfaId = first.json.mfaId as string;

      const otp = await request(server.url, null, 'POST', `/api/collections/${collection}/request-otp`, { email: account.email });
      expect(otp.status).toBe(200);
      const mail = await inbox.waitFor(account.email, (m) => m.subject.startsWith('Ihr Anmeldecode'));
      expect(mail.html).toContain('5 Minuten gültig');
      const code = otpIn(mail);

      // The code without the password step is only a first factor again.
      const alone = await request(server.url, null, 'POST', `/api/collections/${collection}/auth-with-otp`, {
        otpId: otp.json.otpId,
        password: code,
      });
      expect(alone.status).toBe(401);
      expect(alone.json.token).toBeUndefined();

      const otp2 = await request(server.url, null, 'POST', `/api/collections/${collection}/request-otp`, { email: account.email });
      const mail2 = await inbox.waitFor(account.email, (m) => m.id !== mail.id && m.subject.startsWith('Ihr Anmeldecode'));
      const wrong = await request(server.url, null, 'POST', `/api/collections/${collection}/auth-with-otp?`, {
        otpId: otp2.json.otpId,
        password: otpIn(mail2) === '000000' ? '111111' : '000000',
        mfaId,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json.token).toBeUndefined();

      const done = await request(server.url, null, 'POST', `/api/collections/${collection}/auth-with-otp`, {
        otpId: otp2.json.otpId,
        password: otpIn(mail2),
        mfaId,
      });
      expect(done.status).toBe(200);
      expect(done.json.record.id).toBe(account.id);
      const { exp, iat } = claims(done.json.token);
      const lifetime = exp - (iat ?? Math.floor(Date.now() / 1000));
      expect(lifetime).toBeLessThanOrEqual(8 * 60 * 60);
      expect(lifetime).toBeGreaterThan(8 * 60 * 60 - 120);
    });
  }

  it('workshops sign in with the password alone and get a 24-hour session', async () => {
    const workshop = await createWorkshop(server);
    const res = await login('users', workshop.email, PASSWORD);
    expect(res.status).toBe(200);
    const lifetime = claims(res.json.token).exp - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeLessThanOrEqual(24 * 60 * 60);
    expect(lifetime).toBeGreaterThan(24 * 60 * 60 - 120);
  });

  it('no collection allows a longer session than its limit', async () => {
    const limits: Record<string, number> = { users: 86_400, administrators: 28_800, auditors: 28_800 };
    for (const [name, max] of Object.entries(limits)) {
      const collection = await server.admin.collections.getOne(name);
      expect(collection.authToken.duration, name).toBeLessThanOrEqual(max);
      expect(collection.mfa.enabled, name).toBe(name !== 'users');
    }
  });
});

describe('security headers of the SPA', () => {
  it('the pages carry a CSP without the tag manager when none is configured, frame denial and a referrer policy', async () => {
    for (const page of ['/', '/login', '/profile']) {
      const res = await fetch(`${server.url}${page}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      // Scripts from the portal itself and the one inline script a stand-in page has, by its hash.
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('googletagmanager');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('hashed assets are cached for a year and compressed', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const res = await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('with a tag manager configured, the CSP allows exactly its hosts', async () => {
    const withGtm = await startPocketBase({ publicDir: testBuild(() => {}), env: { VITE_GTM_ID: 'GTM-TEST123' } });
    try {
      const csp = (await fetch(`${withGtm.url}/`)).headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=' https:\/\/www\.googletagmanager\.com;/);
      expect(csp).toContain('connect-src');
      expect(csp).toContain("frame-ancestors 'none'");
    } finally {
      await withGtm.stop();
    }
  });
});
