import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CURRENT_CODE, currentCampaignFacts } from '../../scripts/demo/current-campaign.mjs';
import { DEMO_LOGINS, seedDemo } from '../../scripts/demo/seed.mjs';
import { PNG_BYTES, blob, freshIban } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { SUPERUSER, startPocketBase, type TestServer } from '../helpers/pocketbase';
import { until } from '../helpers/poll';

// Issue 60: `npm start`'s demo runs on real time (no pinned clock) with a campaign running today
// beside the closed 2025 one, and the demo workshop can redeem a code of it right away.

let server: TestServer;

beforeAll(async () => {
  server = await startPocketBase({ reader: true, env: { PORTAL_NOW: '' } });
  const first = await seedDemo({ url: server.url, superuser: SUPERUSER, current: true });
  expect(first.currentCampaign).toBe(true);
});
afterAll(async () => {
  await server?.stop();
});

describe('the demo on real time', () => {
  it('shows a running campaign that began before today and ends after it, next to the closed 2025 one', async () => {
    const res = await request(server.url, null, 'GET', '/api/portal/campaign');
    const c = res.json.campaign;
    expect(c.phase).toBe('running');
    const now = Date.now();
    expect(Date.parse(c.campaignStart.replace(' ', 'T'))).toBeLessThan(now);
    expect(Date.parse(c.campaignEnd.replace(' ', 'T'))).toBeGreaterThan(now);
    expect(Date.parse(c.redeemStart.replace(' ', 'T'))).toBeLessThan(now);
    expect(c.year).toBeGreaterThan(2025);
    const all = await server.admin.collection('campaigns').getFullList({ sort: 'campaignStart' });
    expect(all.map((x) => [x.year, x.status, x.active])).toEqual([
      [2025, 'released', false],
      [c.year, 'released', true],
    ]);
    // A later start adds nothing.
    expect((await seedDemo({ url: server.url, superuser: SUPERUSER, current: true })).currentCampaign).toBe(false);
    expect(await server.admin.collection('campaigns').getFullList()).toHaveLength(2);
  });

  it('the demo workshop redeems its open code of the running campaign today', async () => {
    const login = await request(server.url, null, 'POST', '/api/collections/users/auth-with-password', {
      identity: DEMO_LOGINS.workshop.email,
      password: DEMO_LOGINS.workshop.password,
    });
    expect(login.status).toBe(200);
    const workshop = { id: login.json.record.id, token: login.json.token } as never;
    const voucher = await server.admin.collection('vouchers').getFirstListItem(`code = "${CURRENT_CODE}"`);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      user: login.json.record.id,
      voucher: voucher.id,
      ibanFirstName: 'Karl',
      ibanLastName: 'Schrauber',
      ibanNumber: freshIban(),
      ibanBic: 'COBADEFFXXX',
    }))
      form.append(k, v);
    form.append('file', blob(PNG_BYTES, 'image/png'), 'rechnung.png');
    const res = await request(server.url, workshop, 'POST', '/api/collections/submissions/records', form);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const profile = await request(server.url, workshop, 'GET', '/api/portal/profile-page');
    expect(profile.json.stats.totalSales).toBe(600.5);
    expect(profile.json.campaignStats.map((s: { label: string }) => s.label)).toContain('NORA Cashback-Aktion 2025');
  });

  it('the closed 2025 campaign’s queue shows the signals its data was made for, not that its codes were made today', async () => {
    // The demo's 2025 codes are made at the first start, a year after the window in which a
    // workshop could have redeemed them; their invoices (2025) came 'before the code' only by that.
    const pending = await server.admin
      .collection('submissions')
      .getFullList({ filter: 'status = "pending" && campaign.year = 2025', sort: 'id' });
    expect(pending.map((s) => s.id)).toEqual(['demoeinreichun2', 'demoeinreichun3', 'demoeinreichun4']);
    const read = await until(
      'the demo invoices read',
      async () => {
        const all = await server.admin
          .collection('submissions')
          .getFullList({ filter: 'status = "pending" && campaign.year = 2025', sort: 'id' });
        return all.every((s) => s.readingState === 'read') ? all : null;
      },
      { timeoutMs: 60_000 },
    );
    const codes = Object.fromEntries(read.map((s) => [s.id, (s.signals as { code: string }[]).map((x) => x.code).sort()]));
    expect(codes).toEqual({
      demoeinreichun2: ['iban', 'number'],
      demoeinreichun3: ['iban', 'number'],
      demoeinreichun4: ['late'],
    });
  });

  it('the running campaign never overlaps the one before and keeps its year unique', () => {
    const previous = { campaignEnd: '2025-10-31 22:59:59.999Z', year: 2025 };
    const early = currentCampaignFacts(Date.parse('2025-11-20T10:00:00Z'), previous);
    expect(early.campaignStart >= '2025-11-01').toBe(true);
    expect(early.year).toBe(2026);
    const late = currentCampaignFacts(Date.parse('2026-11-28T10:00:00Z'), previous);
    expect(late.campaignStart).toBe('2026-09-29 00:00:00.000Z');
  });
});
