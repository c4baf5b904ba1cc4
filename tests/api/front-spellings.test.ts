import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { OVERLOAD } from '../../scripts/lib/front.mjs';
import { readerSecret, SECRET_HEADER } from '../../scripts/reader/secret.mjs';
import { ensureBinary, spawnServe, upsertSuperuser, waitForHealth } from '../../scripts/lib/pocketbase.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { createStaff, createWorkshop, csvUpload, unique, workshopData } from '../helpers/fixtures';
import { from, realtimeFrom, stalledUpload, startStack, type Stack } from '../helpers/front';
import { request } from '../helpers/http';
import { until } from '../helpers/poll';

// Issue 59: the front and PocketBase read a request's target alike. Before, the front classified
// the raw target and PocketBase answered another reading of it: '/api/%72ealtime' opened a
// realtime stream that held a read slot, '/%61pi/...' reads and sign-ups passed uncounted, and
// HEAD /api/realtime was never counted at all. Through the front as `npm start` runs it.

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ maxRealtime: 6, perAddressRealtime: 2 });
  // A public collection with a record to read (the centres; campaigns are the administrators' since issue 60).
  await stack.pb.admin.collection('nora_lz').create({ partnerName: 'Autohaus Lesen', zipCode: '10115', city: 'Berlin', bnr: '880001' });
});

afterAll(async () => {
  await stack?.stop();
});

describe("the reader's internal routes", () => {
  it('are not reached through the front however spelled, even with the secret; PocketBase on its own port answers the reader', async () => {
    const secret = readerSecret(stack.pb.dataDir);
    for (const spelling of [
      '/api/internal/reader/claim',
      '/api//internal/reader/claim',
      '/api/%69nternal/reader/claim',
      '/%61pi/internal/reader/claim',
    ]) {
      const res = await from('127.0.0.72', stack.url, 'POST', spelling, {}, { [SECRET_HEADER]: secret });
      expect(res.status, spelling).toBe(404);
      expect(res.json).toEqual({ status: 404, message: "The requested resource wasn't found.", data: {} });
    }
    const direct = await fetch(`${stack.pb.url}/api/internal/reader/claim`, { method: 'POST', headers: { [SECRET_HEADER]: secret } });
    expect(direct.status).toBe(204);
  });
});

describe('realtime streams, however spelled', () => {
  it('count against the per-address bound and hold no slot: the third spelling from one address gets 429', async () => {
    const address = '127.0.0.70';
    const held = [await realtimeFrom(stack.url, address, '/api/%72ealtime'), await realtimeFrom(stack.url, address, '/%61pi/realtime')];
    expect(held.map((r) => r.status)).toEqual([200, 200]);
    expect(stack.front.realtimeOpen()).toBe(2);
    expect(stack.front.inFlight()).toBe(0);
    for (const spelling of ['/api/realtime\\..\\realtime', '/api/./realtime/', '/api//realtime', 'http://127.0.0.1:1/api/realtime']) {
      const third = await realtimeFrom(stack.url, address, spelling);
      expect(third.status, spelling).toBe(429);
      expect(third.json).toMatchObject({ message: OVERLOAD.perAddressMessage, notProcessed: true });
    }
    for (const r of held) r.close();
    await until('the streams are closed', () => stack.front.realtimeOpen() === 0);
  });

  it('HEAD /api/realtime, however spelled, is refused with 400 before PocketBase opens a stream for it', async () => {
    for (const spelling of ['/api/realtime', '/api/%72ealtime/']) {
      const before = stack.front.stats.refusedTarget;
      const res = await realtimeFrom(stack.url, '127.0.0.71', spelling, 'HEAD');
      expect(res.status, spelling).toBe(400);
      expect(stack.front.stats.refusedTarget).toBe(before + 1);
    }
    expect(stack.front.realtimeOpen()).toBe(0);
    // The same address then gets its two streams as anyone does.
    const held = [await realtimeFrom(stack.url, '127.0.0.71'), await realtimeFrom(stack.url, '127.0.0.71')];
    expect(held.map((r) => r.status)).toEqual([200, 200]);
    for (const r of held) r.close();
    await until('the streams are closed', () => stack.front.realtimeOpen() === 0);
  });

  it('a fragment, a malformed escape or a dot-dot after a doubled slash is refused with 400 and the German text, before PocketBase', async () => {
    for (const spelling of ['/api/realtime#x', '/api/%7zealtime', '/api//../realtime', '/api/collections/users/records#']) {
      const before = stack.front.stats.refusedTarget;
      const res = await from('127.0.0.72', stack.url, 'GET', spelling);
      expect(res.status, spelling).toBe(400);
      expect(res.json).toEqual({ status: 400, message: OVERLOAD.badTargetMessage, data: {}, notProcessed: true, retryAfter: 0 });
      expect(stack.front.stats.refusedTarget).toBe(before + 1);
    }
    expect(stack.front.realtimeOpen()).toBe(0);
  });
});

describe('reads and writes, however spelled, are admitted (and counted) as what PocketBase answers', () => {
  it('an encoded read, a read through the files route with backslashes and an absolute-form read take a read slot', async () => {
    for (const spelling of [
      '/%61pi/collections/nora_lz/records',
      '/api/files/x\\..\\..\\collections/nora_lz/records',
      '/api/realtime\\..\\collections/nora_lz/records',
      `http://127.0.0.1:${new URL(stack.pb.url).port}/api/collections/nora_lz/records`,
    ]) {
      const before = stack.front.stats.admitted;
      const res = await from('127.0.0.73', stack.url, 'GET', spelling);
      expect(res.status, spelling).toBe(200);
      expect(res.json.items.length, spelling).toBeGreaterThan(0);
      expect(stack.front.stats.admitted, spelling).toBe(before + 1);
    }
  });

  it('a sign-up through /%61pi/ is admitted as a write and makes exactly that account', async () => {
    const email = `${unique('spelling')}@example.de`;
    const before = stack.front.stats.admitted;
    const res = await from('127.0.0.74', stack.url, 'POST', '/%61pi/collections/users/records', workshopData({ email }));
    expect(res.status).toBe(200);
    expect(stack.front.stats.admitted).toBe(before + 1);
    const made = await stack.pb.admin.collection('users').getFullList({ filter: stack.pb.admin.filter('email = {:e}', { e: email }) });
    expect(made).toHaveLength(1);
  });
});

describe('staff uploads are read only for a staff session (issue 59)', () => {
  const SALES = '/api/collections/sales_data_files/records';
  const portalTempDirs = () => readdirSync(tmpdir()).filter((d) => d.startsWith('portal-front-')).length;

  it("a guest's or a workshop's 30 MB upload is refused with 401 and the German text before any of its body is stored", async () => {
    const workshop = await createWorkshop(stack.pb);
    const dirsBefore = portalTempDirs();
    for (const [who, authorization] of [
      ['guest', ''],
      ['workshop', workshop.token],
      ['forged token', 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6IngifQ.c2lnbmF0dXJl'],
    ] as const) {
      const upload = stalledUpload(stack.url, '127.0.0.75', SALES, 30 * 1024 * 1024, 64 * 1024, authorization);
      const answer = await upload.closed;
      expect(answer, who).toMatch(/^HTTP\/1\.1 401/);
      expect(answer, who).toContain(OVERLOAD.staffOnlyMessage);
      expect(portalTempDirs(), who).toBe(dirsBefore);
    }
  });

  it("an administrator's upload through the front is taken as before", async () => {
    const admin = await createStaff(stack.pb, 'administrators');
    const res = await request(stack.url, admin, 'POST', SALES, csvUpload({ filename: 'daten.csv', adminUploaded: admin.id }));
    expect(res.status, res.text).toBe(200);
    expect(res.json.filename).toBe('daten.csv');
  });

  it('temporary files for large bodies are bounded per address: the third at once from one address gets 429', async () => {
    const small = await startStack({ memoryBodyBytes: 1024, perAddressBodyFiles: 2, maxBodyFiles: 8 });
    try {
      const workshop = await createWorkshop(small.pb);
      const path = `/api/collections/users/records/${workshop.id}`;
      // Three bodies of 8 KB, each past the 1 KB kept in memory, sent but for their last byte.
      const held = [1, 2].map(() => stalledUpload(small.url, '127.0.0.76', path, 8192, 8191, workshop.token));
      await until('two bodies in temporary files', () => portalTempDirs() >= 2);
      const third = stalledUpload(small.url, '127.0.0.76', path, 8192, 8191, workshop.token);
      const answer = await third.closed;
      expect(answer).toMatch(/^HTTP\/1\.1 429/);
      expect(answer).toContain(OVERLOAD.bodyFilesMessage);
      for (const h of held) h.destroy();
    } finally {
      await small.stop();
    }
  });
});

describe("PocketBase's dashboard and superuser sign-in (issue 59)", () => {
  let proxied: Stack;
  beforeAll(async () => {
    // Behind a trusted proxy on 127.0.0.1, the visitor is the address it forwards.
    proxied = await startStack({}, {}, ['127.0.0.1']);
  });
  afterAll(async () => proxied?.stop());
  const visitor = { 'X-Forwarded-For': '203.0.113.9' };

  it('are refused from anywhere but the server itself, however spelled, with the German text', async () => {
    for (const [method, spelling] of [
      ['GET', '/_/'],
      ['GET', '/%5F/'],
      ['GET', '/api/collections/_superusers/records'],
      ['POST', '/api/collections/%5Fsuperusers/auth-with-password'],
      ['POST', '/api/collections/_superusers/request-otp'],
    ] as const) {
      const res = await from(
        '127.0.0.1',
        proxied.url,
        method,
        spelling,
        method === 'POST' ? { identity: 'x@example.de', password: 'x' } : undefined,
        visitor,
      );
      expect(res.status, spelling).toBe(403);
      expect(res.json, spelling).toEqual({ status: 403, message: OVERLOAD.dashboardClosedMessage, data: {} });
    }
    // The portal itself is open to the same visitor.
    expect((await from('127.0.0.1', proxied.url, 'GET', '/api/collections/nora_lz/records', undefined, visitor)).status).toBe(200);
  });

  it('are served from the server itself, and to anyone with PORTAL_ADMIN_DASHBOARD=public', async () => {
    expect((await from('127.0.0.1', proxied.url, 'GET', '/_/')).status).toBe(200);
    const open = await startStack({ adminDashboard: 'public' }, {}, ['127.0.0.1']);
    try {
      expect((await from('127.0.0.1', open.url, 'GET', '/_/', undefined, visitor)).status).toBe(200);
    } finally {
      await open.stop();
    }
  });

  it('with the dashboard public, a superuser needs a mailed code besides the password', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-public-dashboard-'));
    const bin = ensureBinary();
    const env = { ...process.env, PORTAL_ADMIN_DASHBOARD: 'public' };
    upsertSuperuser(bin, { dataDir, email: 'root@test.local', password: 'Dashboard-Passwort-1', env });
    const server = spawnServe(bin, { dataDir, http: `127.0.0.1:${await freePort()}`, env });
    try {
      const url = `http://${server.spawnargs.find((a) => a.startsWith('--http='))!.slice(7)}`;
      await waitForHealth(url, { child: server });
      const res = await from('127.0.0.1', url, 'POST', '/api/collections/_superusers/auth-with-password', {
        identity: 'root@test.local',
        password: 'Dashboard-Passwort-1',
      });
      expect(res.status).toBe(401);
      expect(res.json.mfaId).toBeTruthy();
      expect(JSON.stringify(res.json)).not.toContain('token');
    } finally {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
