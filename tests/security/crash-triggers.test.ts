import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { blob, createStaff, createWorkshop, multipart, type Actor } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { until } from '../helpers/poll';
import { connectRealtime, topicWithOptions, type RealtimeClient } from '../helpers/realtime';

// CVE-2026-82410 (GHSA-84vh-m24q-wjjx): on PocketBase 0.38.2 a panic in a worker goroutine ends
// the process. The triggers a client reaches, and the guards that refuse them (decision 028).

const EXCERPT = { query: { fields: 'firstName:excerpt(-1)' } };
const GUARD_MESSAGE = {
  topic: 'Ungültiges Realtime-Abonnement: erlaubt sind nur "sammlung/*" und "sammlung/<id>" ohne Optionen.',
  fields: 'Ungültige Feldauswahl: nur Feldnamen, durch Kommas getrennt.',
  batch: 'Sammelanfragen werden nicht unterstützt.',
  query: 'Ungültige Anfrage: die Adresse enthält eine fehlerhafte Kodierung.',
};

const alive = (server: TestServer) => server.process.exitCode === null && server.process.signalCode === null;

async function patchOwnName(server: TestServer, workshop: Actor, firstName: string) {
  return request(server.url, workshop, 'PATCH', `/api/collections/users/records/${workshop.id}`, { firstName });
}

describe('without the guards (the pinned binary as it ships)', () => {
  it('a freshly registered, unverified workshop ends PocketBase with one realtime subscription and a profile save', async () => {
    const bare = await startPocketBase({ withoutHooks: ['crash-guards.pb.js'] });
    try {
      const workshop = await createWorkshop(bare, { verified: false });
      const rt = await connectRealtime(bare.url);
      const sub = await rt.subscribe([topicWithOptions(`users/${workshop.id}`, EXCERPT)], workshop.token);
      expect(sub.status).toBe(204);
      // The update itself is answered; the broadcast after it panics in its own goroutine.
      await patchOwnName(bare, workshop, 'Erik').catch(() => null);
      await until('PocketBase to exit', () => !alive(bare), { timeoutMs: 15_000 });
      expect(bare.process.exitCode).toBe(2);
      expect(bare.logs()).toContain('panic: runtime error: slice bounds out of range [:-1]');
      expect(bare.logs()).toContain('apis.realtimeBroadcastRecord');
      rt.close();
    } finally {
      await bare.stop();
    }
  });
});

describe('with the guards', () => {
  let server: TestServer;
  let workshop: Actor;
  let admin: Actor;
  const clients: RealtimeClient[] = [];
  const connect = async () => {
    const c = await connectRealtime(server.url);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startPocketBase();
    [workshop, admin] = await Promise.all([createWorkshop(server, { verified: false }), createStaff(server, 'administrators')]);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.stop();
  });

  it('refuses every subscription with options, in any spelling, with a plain 400, and the process stays up', async () => {
    const own = `users/${workshop.id}`;
    const hostile = [
      topicWithOptions(own, EXCERPT),
      topicWithOptions('users/*', EXCERPT),
      topicWithOptions(own, { query: { fields: 'firstName:excerpt(-1,true)' } }),
      topicWithOptions(own, { QUERY: { fields: 'firstName:excerpt(-0x1)' } }),
      topicWithOptions(own, { query: { fields: 'id' }, Query: { fields: 'firstName:excerpt(-01)' } }),
      topicWithOptions(own, { query: { expand: 'noraLZConnections' } }),
      topicWithOptions(own, { headers: { 'x-anything': '1' } }),
      `${own}?options=${encodeURIComponent(JSON.stringify(EXCERPT))}&options=%7B%7D`,
      `${own}?foo=1&options=${encodeURIComponent(JSON.stringify(EXCERPT))}`,
      `users?options=${encodeURIComponent(JSON.stringify(EXCERPT))}`,
      'users',
      `${own}#x`,
      `${own}/extra`,
      '',
    ];
    for (const topic of hostile) {
      const rt = await connect();
      const res = await rt.subscribe([topic], workshop.token);
      expect(res.status, topic).toBe(400);
      expect(res.json, topic).toEqual({ status: 400, message: GUARD_MESSAGE.topic, data: {} });
      // One hostile topic among plain ones refuses the whole set.
      const mixed = await rt.subscribe([own, topic], workshop.token);
      expect(mixed.status, topic).toBe(400);
    }
    expect((await patchOwnName(server, workshop, 'Erik')).status).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(alive(server)).toBe(true);
  });

  it('still delivers plain subscriptions: the workshop sees its own record change', async () => {
    const rt = await connect();
    expect((await rt.subscribe([`users/${workshop.id}`], workshop.token)).status).toBe(204);
    expect((await patchOwnName(server, workshop, 'Erika')).status).toBe(200);
    const message = await until('the update event', () => rt.messages.find((m) => m.data?.record?.firstName === 'Erika'));
    expect(message.event).toBe(`users/${workshop.id}`);
    expect(message.data.action).toBe('update');
  });

  it('still delivers the import progress to the administrator who uploads a sales file', async () => {
    const rt = await connect();
    expect((await rt.subscribe(['sales_data_files/*'], admin.token)).status).toBe(204);
    const csv = `user,bnr,knr,gpnr,deliverydate,sales\n${workshop.id},4001,K1,G1,2025-06-01,120.50\n`;
    const res = await request(
      server.url,
      admin,
      'POST',
      '/api/collections/sales_data_files/records',
      multipart({ filename: 'umsatz.csv' }, blob(csv, 'text/csv'), 'umsatz.csv'),
    );
    expect(res.status).toBe(200);
    const done = await until('the finished import event', () =>
      rt.messages.find((m) => m.data?.record?.id === res.json.id && m.data.record.status === 'done'),
    );
    expect(done.event).toBe('sales_data_files/*');
    expect(done.data.record).toMatchObject({ progress: 100, newDataCount: 1 });
  });

  it('refuses field modifiers on every record route and in any encoding, and still picks plain fields', async () => {
    const paths = [
      `/api/collections/users/records/${workshop.id}?fields=firstName:excerpt(-1)`,
      `/api/collections/users/records?fields=firstName%3Aexcerpt(-1)`,
      `/api/collections/users/records?%66ields=firstName:excerpt(5)`,
      `/api/collections/users/records?fields=id&fields=firstName:excerpt(-1)`,
      `/api/collections/vouchers/records?fields=*:excerpt(-1,true)`,
    ];
    for (const p of paths) {
      const res = await request(server.url, workshop, 'GET', p);
      expect(res.status, p).toBe(400);
      expect(res.json, p).toEqual({ status: 400, message: GUARD_MESSAGE.fields, data: {} });
    }
    const refresh = await request(server.url, workshop, 'POST', '/api/collections/users/auth-refresh?fields=record.firstName:excerpt(-1)');
    expect(refresh.status).toBe(400);
    const broken = await request(server.url, workshop, 'GET', '/api/collections/users/records?fields=%E0%A4%A');
    expect(broken.json).toEqual({ status: 400, message: GUARD_MESSAGE.query, data: {} });

    const plain = await request(server.url, workshop, 'GET', `/api/collections/users/records/${workshop.id}?fields=id%2CfirstName`);
    expect(plain.status).toBe(200);
    expect(plain.json).toEqual({ id: workshop.id, firstName: expect.any(String) });
  });

  it('refuses batch requests, which would run their sub-requests in a goroutine of their own', async () => {
    const body = {
      requests: [
        { method: 'PATCH', url: `/api/collections/users/records/${workshop.id}?fields=firstName:excerpt(-1)`, body: { firstName: 'X' } },
      ],
    };
    for (const actor of [workshop, null]) {
      const res = await request(server.url, actor, 'POST', '/api/batch', body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ status: 400, message: GUARD_MESSAGE.batch, data: {} });
    }
    expect((await server.admin.collection('users').getOne(workshop.id)).firstName).not.toBe('X');
  });

  it('stays up whatever a workshop puts into query parameters and subscription options (property)', async () => {
    const token = fc.oneof(
      fc.constantFrom(
        'firstName',
        '*',
        'id',
        'email',
        'noraLZConnections',
        'expand',
        'record',
        ':excerpt(-1)',
        ':excerpt(0)',
        ':excerpt(9223372036854775807)',
        '(',
        ')',
        ',',
        '.',
        '%',
        '&',
        '=',
        '?',
        '#',
        ' ',
      ),
      fc.string({ maxLength: 6 }),
    );
    const text = fc.array(token, { maxLength: 8 }).map((parts) => parts.join(''));
    const param = fc.constantFrom('fields', 'expand', 'filter', 'sort', 'page', 'perPage', 'skipTotal', 'options');
    const rt = await connect();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(param, text), { minLength: 1, maxLength: 4 }),
        fc.record({
          query: fc.dictionary(param, text, { maxKeys: 3 }),
          headers: fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 2 }),
        }),
        async (params, options) => {
          const query = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const list = await request(server.url, workshop, 'GET', `/api/collections/users/records?${query}`);
          expect(list.status).not.toBe(0);
          const sub = await rt.subscribe([topicWithOptions(`users/${workshop.id}`, options)], workshop.token);
          expect(sub.status).toBe(400);
          await patchOwnName(server, workshop, `N${params.length}`);
          expect(alive(server)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
