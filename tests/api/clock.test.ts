import { afterAll, describe, expect, it } from 'vitest';

import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Decision 035: the campaign clock is shown where it is pinned; in production it is real time
// and nothing is said.

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

describe('GET /api/portal/clock', () => {
  it('names a pinned campaign clock (demo, tests), for anyone', async () => {
    const server = await startPocketBase({ env: { PORTAL_NOW: '2025-09-15T10:00:00+02:00' } });
    servers.push(server);
    const res = await request(server.url, null, 'GET', '/api/portal/clock');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ campaignNow: '2025-09-15T08:00:00.000Z', pinned: true });
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('is real time and not pinned without PORTAL_NOW (production)', async () => {
    const server = await startPocketBase({ env: { PORTAL_NOW: '' } });
    servers.push(server);
    const before = Date.now();
    const res = await request(server.url, null, 'GET', '/api/portal/clock');
    expect(res.json.pinned).toBe(false);
    const shown = new Date(res.json.campaignNow).getTime();
    expect(shown).toBeGreaterThanOrEqual(before - 5_000);
    expect(shown).toBeLessThanOrEqual(Date.now() + 5_000);
  });
});
