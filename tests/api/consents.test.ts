import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStaff, createWorkshop } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { until } from '../helpers/poll';

// The server-side consent record (SPEC section 3, privacy notice section 5): one row per
// choice in the banner, written by anyone, read by nobody through the API, gone after three years.
let server: TestServer;

beforeAll(async () => {
  server = await startPocketBase();
});
afterAll(async () => server?.stop());

const valid = () => ({ consentId: randomUUID(), categories: ['analytics', 'necessary'], templateVersion: 1, language: 'de' });
const rowsOf = (consentId: string) =>
  server.admin.collection('consents').getFullList({ filter: server.admin.filter('consentId = {:id}', { id: consentId }) });

describe('consent records', () => {
  it('stores a visitor’s choice with the server’s time and the categories in a fixed order', async () => {
    const body = valid();
    const before = Date.now();
    const res = await request(server.url, null, 'POST', '/api/portal/consents', body);
    expect(res.status).toBe(200);
    const [row] = await rowsOf(body.consentId);
    expect(row).toMatchObject({ categories: ['necessary', 'analytics'], templateVersion: 1, language: 'de' });
    const at = new Date(row!.consentAt.replace(' ', 'T')).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    // A change of mind is a record of its own.
    await request(server.url, null, 'POST', '/api/portal/consents', { ...body, categories: ['necessary'] });
    expect((await rowsOf(body.consentId)).map((r) => r.categories)).toEqual(
      expect.arrayContaining([['necessary'], ['necessary', 'analytics']]),
    );
  });

  it('refuses hostile bodies with a German reason and stores nothing', async () => {
    const id = randomUUID();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid(), consentId: `${id}\n` }, 'Ungültige Consent-ID.'],
      [{ ...valid(), consentId: 'x'.repeat(5000) }, 'Ungültige Consent-ID.'],
      [{ ...valid(), consentId: "' OR 1=1 --" }, 'Ungültige Consent-ID.'],
      [{ ...valid(), consentId: id, categories: ['necessary', 'evil'] }, 'Ungültige Kategorien.'],
      [{ ...valid(), consentId: id, categories: ['necessary', 'necessary'] }, 'Ungültige Kategorien.'],
      [{ ...valid(), consentId: id, categories: ['analytics'] }, 'Ungültige Kategorien.'],
      [{ ...valid(), consentId: id, categories: Array(10_000).fill('necessary') }, 'Ungültige Kategorien.'],
      [{ ...valid(), consentId: id, categories: 'necessary' }, 'Ungültige Kategorien.'],
      [{ ...valid(), consentId: id, templateVersion: 1e300 }, 'Ungültige Vorlagenversion.'],
      [{ ...valid(), consentId: id, templateVersion: -1 }, 'Ungültige Vorlagenversion.'],
      [{ ...valid(), consentId: id, templateVersion: 1.5 }, 'Ungültige Vorlagenversion.'],
      [{ ...valid(), consentId: id, language: 'de\r\nX-Evil: 1' }, 'Ungültige Sprache.'],
    ];
    for (const [body, message] of cases) {
      const res = await request(server.url, null, 'POST', '/api/portal/consents', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('can be read, changed or deleted by no API client, however signed in', async () => {
    const body = valid();
    await request(server.url, null, 'POST', '/api/portal/consents', body);
    const [row] = await rowsOf(body.consentId);
    const actors = [null, await createWorkshop(server), await createStaff(server, 'administrators'), await createStaff(server, 'auditors')];
    for (const actor of actors) {
      const list = await request(server.url, actor, 'GET', '/api/collections/consents/records');
      expect(list.status).toBe(403);
      expect(list.text).not.toContain(body.consentId);
      const view = await request(server.url, actor, 'GET', `/api/collections/consents/records/${row!.id}`);
      expect(view.status).toBe(403);
      expect(view.text).not.toContain(body.consentId);
      expect((await request(server.url, actor, 'PATCH', `/api/collections/consents/records/${row!.id}`, { language: 'en' })).status).toBe(
        403,
      );
      expect((await request(server.url, actor, 'DELETE', `/api/collections/consents/records/${row!.id}`)).status).toBe(403);
      const forged = await request(server.url, actor, 'POST', '/api/collections/consents/records', { ...valid(), consentAt: '2020-01-01' });
      expect(forged.status).toBe(403);
    }
    expect((await server.admin.collection('consents').getOne(row!.id)).language).toBe('de');
  });

  it('are deleted three years after the choice by the daily job, younger ones are kept', async () => {
    const day = 24 * 3600 * 1000;
    const threeYearsAgo = new Date();
    threeYearsAgo.setUTCFullYear(threeYearsAgo.getUTCFullYear() - 3);
    const old = await server.admin
      .collection('consents')
      .create({ ...valid(), consentAt: new Date(threeYearsAgo.getTime() - day).toISOString() });
    const young = await server.admin
      .collection('consents')
      .create({ ...valid(), consentAt: new Date(threeYearsAgo.getTime() + day).toISOString() });
    // PocketBase starts the job and answers at once: poll until the old record is gone.
    await server.admin.crons.run('consent-retention');
    await until(
      'the old record deleted',
      async () => (await server.admin.collection('consents').getList(1, 1, { filter: `id = "${old.id}"` })).totalItems === 0,
      { timeoutMs: 10_000 },
    );
    await expect(server.admin.collection('consents').getOne(old.id)).rejects.toMatchObject({ status: 404 });
    expect((await server.admin.collection('consents').getOne(young.id)).id).toBe(young.id);
  });

  it('are limited to 30 per minute from one address', async () => {
    const limited = await startPocketBase({ rateLimits: true });
    try {
      const answers: number[] = [];
      for (let i = 0; i < 35; i++) answers.push((await request(limited.url, null, 'POST', '/api/portal/consents', valid())).status);
      expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(answers.slice(30).every((s) => s === 429)).toBe(true);
      expect((await limited.admin.collection('consents').getList(1, 1)).totalItems).toBe(30);
    } finally {
      await limited.stop();
    }
  });
});
