import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStaff, createWorkshop, signIn, workshopData, type Actor } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Issue 60: campaigns run by administrators — the copy, the rules, the four eyes, the freezing,
// the text versions, the staff log, and the campaign in force for the public pages.

let server: TestServer;
let dataDir: string;
let adminA: Actor;
let adminB: Actor;
let workshop: Actor;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-campaigns-'));
  server = await startPocketBase({ dataDir });
  [adminA, adminB, workshop] = await Promise.all([
    createStaff(server, 'administrators'),
    createStaff(server, 'administrators'),
    createWorkshop(server),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const call = (actor: Actor | null, method: string, url: string, body?: object) => request(server.url, actor, method, url, body);

describe('the campaign in force, for everyone', () => {
  it('is 2025 with its facts and texts, and nothing staff-only; the campaigns themselves are the administrators’', async () => {
    const res = await call(null, 'GET', '/api/portal/campaign');
    expect(res.status).toBe(200);
    expect(res.json.campaign).toMatchObject({ year: 2025, codePrefix: 'NORA', threshold: 500, reward: 50, phase: 'running' });
    expect(res.json.campaign.headline).toBe('Wir schrauben am Preis!');
    expect(res.json.campaign.terms).toContain('Für je {{schwelle}} (netto) Einkaufsvolumen');
    expect(res.json.campaign.faq).toHaveLength(7);
    expect(res.json.campaign.partsGroups.length).toBeGreaterThan(50);
    for (const key of ['createdBy', 'updatedBy', 'releasedBy', 'status', 'maxSalesPerRow'])
      expect(res.json.campaign).not.toHaveProperty(key);
    for (const actor of [null, workshop]) {
      const list = await call(actor, 'GET', '/api/collections/campaigns/records');
      expect(list.json.items ?? []).toEqual([]);
      expect((await call(actor, 'GET', '/api/portal/campaigns')).status).toBeGreaterThanOrEqual(401);
      expect((await call(actor, 'POST', '/api/portal/campaigns', {})).status).toBeGreaterThanOrEqual(401);
    }
  });
});

describe('an administrator’s next campaign', () => {
  let draft: Record<string, unknown> & { id: string };

  it('starts as a draft copy of the latest, a year later, and the public pages do not see it', async () => {
    const res = await call(adminA, 'POST', '/api/portal/campaigns', {});
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    draft = res.json;
    expect(draft).toMatchObject({
      name: 'NORA Cashback-Aktion 2026',
      year: 2026,
      status: 'draft',
      phase: 'draft',
      threshold: 500,
      campaignStart: '2026-05-14 22:00:00.000Z',
      redeemEnd: '2026-11-30 22:59:59.999Z',
      textVersion: 1,
      createdBy: adminA.id,
    });
    expect((await call(null, 'GET', '/api/portal/campaign')).json.campaign.year).toBe(2025);
    const list = await call(adminB, 'GET', '/api/portal/campaigns');
    expect(list.json.items.map((c: { year: number; phase: string }) => [c.year, c.phase])).toEqual([
      [2026, 'draft'],
      [2025, 'running'],
    ]);
  });

  it('refuses facts and texts against the rules with German field errors, and keeps nothing of them', async () => {
    const cases: [object, string, string][] = [
      [{ terms: 'Je {{schwele}} gibt es Geld.' }, 'terms', 'Unbekannter Platzhalter {{schwele}}.'],
      [{ campaignStart: '2025-10-01 10:00:00.000Z' }, 'campaignStart', 'überschneidet sich mit „NORA Cashback-Aktion“'],
      [{ reward: 600 }, 'threshold', 'Die Schwelle muss über dem Cashback liegen.'],
      [{ reward: 10.005 }, 'reward', 'höchstens zwei Nachkommastellen'],
      [{ reward: '50' }, 'reward', 'höchstens zwei Nachkommastellen'],
      [{ year: 2025 }, 'year', 'Das Jahr hat schon „NORA Cashback-Aktion“.'],
      [{ faq: [{ question: 'Frage ohne Antwort', answer: '' }] }, 'faq', 'Jede Frage braucht eine Antwort'],
      [{ faq: 'keine Liste' }, 'faq', 'Jede Frage braucht eine Antwort'],
      [{ partsGroups: [{ code: '', name: 'Bremsen' }] }, 'partsGroups', 'Jede Teilegruppe braucht Code'],
      [{ redeemEnd: '2026-08-01 10:00:00.000Z' }, 'redeemEnd', 'Der Einlösezeitraum darf nicht vor dem Aktionsende enden.'],
      // German thousands dots from the hooks too (PocketBase's runtime formats no German numbers).
      [{ terms: 'x'.repeat(50_001) }, 'terms', 'Aktionsbedingungen darf höchstens 50.000 Zeichen lang sein.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(adminA, 'POST', `/api/portal/campaigns/${draft.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.data[field].message, JSON.stringify(body)).toContain(message);
    }
    const stored = await server.admin.collection('campaigns').getOne(draft.id);
    expect(stored).toMatchObject({ reward: 50, year: 2026, textVersion: 1 });
  });

  it('keeps each text change as a version, logs facts before and after, and a second administrator releases it', async () => {
    const edited = await call(adminA, 'POST', `/api/portal/campaigns/${draft.id}`, {
      reward: 60,
      teaser: 'Jetzt {{cashback}} je {{schwelle}} sichern!',
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json).toMatchObject({ reward: 60, textVersion: 2, updatedBy: adminA.id });
    const versions = await call(adminA, 'GET', `/api/portal/campaigns/${draft.id}/versions`);
    expect(versions.json.items.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    expect((await call(adminA, 'POST', `/api/portal/campaigns/${draft.id}/release`, {})).json.message).toBe(
      'Eine Aktion gibt ein zweiter Administrator frei, nicht wer sie angelegt oder zuletzt geändert hat.',
    );
    const released = await call(adminB, 'POST', `/api/portal/campaigns/${draft.id}/release`, {});
    expect(released.status, JSON.stringify(released.json)).toBe(200);
    expect(released.json).toMatchObject({ status: 'released', phase: 'released', releasedBy: adminB.id });
    expect((await call(adminB, 'POST', `/api/portal/campaigns/${draft.id}/release`, {})).json.message).toBe(
      'Diese Aktion ist schon freigegeben.',
    );

    const log = await server.admin.collection('staff_log').getFullList({ filter: `targetId = "${draft.id}"`, sort: 'created' });
    expect(log.map((l) => [l.action, l.actorId])).toEqual([
      ['campaign.create', adminA.id],
      ['campaign.update', adminA.id],
      ['campaign.release', adminB.id],
    ]);
    expect(log[1]!.before).toMatchObject({ reward: 50, teaser: 'Version 1' });
    expect(log[1]!.after).toMatchObject({ reward: 60, teaser: 'Version 2' });
  });

  it('a released campaign that has not begun goes back to draft when its facts change; a text edit keeps it released', async () => {
    const text = await call(adminA, 'POST', `/api/portal/campaigns/${draft.id}`, { headline: 'Neue Saison, neues Cashback!' });
    expect(text.json).toMatchObject({ status: 'released', textVersion: 3 });
    const facts = await call(adminA, 'POST', `/api/portal/campaigns/${draft.id}`, { reward: 55 });
    expect(facts.json).toMatchObject({ status: 'draft', reward: 55, releasedBy: '' });
    expect((await call(adminB, 'POST', `/api/portal/campaigns/${draft.id}/release`, {})).status).toBe(200);
  });

  it('once its period began: money facts and passed dates are frozen, texts and future dates are not; the public pages show it', async () => {
    // The clock moves into 2026's period: the same data directory, restarted.
    await server.stop();
    server = await startPocketBase({ dataDir, env: { PORTAL_NOW: '2026-06-01T10:00:00Z' } });
    const pub = await call(null, 'GET', '/api/portal/campaign');
    expect(pub.json.campaign).toMatchObject({ year: 2026, reward: 55, phase: 'running', headline: 'Neue Saison, neues Cashback!' });
    // 'active' (the profile's totals, the dashboard, the contact mailbox) follows the campaign in force.
    const active = await server.admin.collection('campaigns').getFullList({ filter: 'active = true' });
    expect(active.map((c) => c.year)).toEqual([2026]);
    const frozen = await call(adminA, 'POST', `/api/portal/campaigns/${draft.id}`, {
      reward: 70,
      codePrefix: 'NEU',
      campaignStart: '2026-05-20 22:00:00.000Z',
      campaignEnd: '2026-05-25 22:00:00.000Z',
    });
    expect(frozen.status).toBe(400);
    expect(frozen.json.data).toMatchObject({
      reward: { message: 'Cashback ist eingefroren: Der Aktionszeitraum hat begonnen.' },
      codePrefix: { message: 'Code-Präfix ist eingefroren: Der Aktionszeitraum hat begonnen.' },
      campaignStart: { message: 'Aktionsbeginn ist schon vorbei und kann nicht mehr geändert werden.' },
      campaignEnd: { message: 'Aktionsende darf nicht in die Vergangenheit gelegt werden.' },
    });
    const later = await call(adminA, 'POST', `/api/portal/campaigns/${draft.id}`, {
      campaignEnd: '2026-11-15 22:59:59.999Z',
      terms: '## Aktion\n\nJe {{schwelle}} gibt es {{cashback}} bis {{ende}}.',
    });
    expect(later.status, JSON.stringify(later.json)).toBe(200);
    expect(later.json).toMatchObject({ status: 'released', campaignEnd: '2026-11-15 22:59:59.999Z', textVersion: 4 });
    expect((await call(null, 'GET', '/api/portal/campaign')).json.campaign.terms).toBe(
      '## Aktion\n\nJe {{schwelle}} gibt es {{cashback}} bis {{ende}}.',
    );
  });
});

describe('the terms a workshop accepted', () => {
  it('are recorded at sign-up (campaign in force, text version), cannot be set by the client, and are shown later', async () => {
    const res = await call(null, 'POST', '/api/collections/users/records', {
      ...workshopData({ email: `bedingungen-${Date.now()}@example.de` }),
      termsVersion: 99,
      termsCampaign: 'x',
    });
    expect(res.status).toBe(400);
    const ok = await call(null, 'POST', '/api/collections/users/records', workshopData({ email: `bedingungen2-${Date.now()}@example.de` }));
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const user = await server.admin.collection('users').getOne(ok.json.id);
    const inForce = (await call(null, 'GET', '/api/portal/campaign')).json.campaign;
    expect(user).toMatchObject({ termsCampaign: inForce.id, termsVersion: inForce.textVersion });

    const signedIn = await signIn(server, 'users', user.email, user.id);
    const patched = await call(signedIn, 'PATCH', `/api/collections/users/records/${user.id}`, { termsVersion: 1 });
    expect(patched.status).toBe(404);
    expect(JSON.stringify(patched.json)).not.toContain('termsVersion');
    expect((await server.admin.collection('users').getOne(user.id)).termsVersion).toBe(inForce.textVersion);
    // A later text change: the workshop still reads the version it accepted.
    const edited = await call(adminA, 'POST', `/api/portal/campaigns/${inForce.id}`, { terms: '## Neu\n\nGeänderte Bedingungen.' });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const accepted = await call(signedIn, 'GET', '/api/portal/terms/accepted');
    expect(accepted.json.accepted).toMatchObject({ id: inForce.id, version: inForce.textVersion, terms: inForce.terms });
    expect(accepted.json.accepted).not.toHaveProperty('createdBy');
    expect((await call(null, 'GET', '/api/portal/terms/accepted')).status).toBe(401);
    expect((await call(adminA, 'GET', '/api/portal/terms/accepted')).status).toBe(403);
  });
});
