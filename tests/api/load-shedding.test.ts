import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROOT } from '../../scripts/lib/pocketbase.mjs';
import { notProcessed } from '../../src/lib/repeat';
import { NOT_PROCESSED_HEADER, OVERLOAD } from '../../src/rules';
import { createWorkshop, type Actor } from '../helpers/fixtures';
import { until } from '../helpers/poll';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Issue 21: past its in-flight limit the server refuses at once (503, German message,
// Retry-After) instead of queueing, and the count comes back down when requests end, also
// when a client walks away halfway. The limit is 2 here; requests are held open by a body
// that arrives slowly, which is also what a slow or hostile client does.

let server: TestServer;
let workshop: Actor;

beforeAll(async () => {
  server = await startPocketBase({ env: { PORTAL_MAX_IN_FLIGHT: '2' } });
  workshop = await createWorkshop(server);
});
afterAll(async () => {
  await server?.stop();
});

/** A POST whose body is never finished: it stays in flight until `end()` or `abort()`. */
function slowRequest(pathname: string, base = server.url) {
  const url = new URL(base);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: pathname,
    method: 'POST',
    // A connection of its own: the API test files share a process (decision 069), and a request
    // handed a kept-alive socket from the shared agent may never reach this server.
    agent: false,
    headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', Authorization: workshop.token },
  });
  let status: number | null = null;
  const answer = new Promise<number>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve((status = res.statusCode ?? 0));
    });
    req.on('error', () => resolve((status = 0)));
  });
  req.write('{"consentId":');
  return { end: () => req.end('"x"}'), abort: () => req.destroy(), answer, status: () => status };
}

/**
 * Fills the in-flight limit with `count` requests whose bodies never finish and waits for a probe
 * to be refused. A held request that arrives while a probe has a slot is refused itself (the
 * limit works); a held request that ended any other way (its connection closed on a busy machine)
 * holds no slot either. Either is sent again, so the slots end up held by the slow requests alone.
 * On a timeout the error lists how the held requests ended (0: the connection closed).
 */
async function fillSlots(count: number, probe: () => Promise<Response>, base = server.url) {
  const held = Array.from({ length: count }, () => slowRequest('/api/portal/consents', base));
  const endings: number[] = [];
  const shed = await until('a request to be shed', async () => {
    held.forEach((h, i) => {
      const ended = h.status();
      if (ended === null) return;
      endings.push(ended);
      held[i] = slowRequest('/api/portal/consents', base);
    });
    const res = await probe();
    return res.status === 503 ? res : null;
  }).catch((err: Error) => {
    throw new Error(`${err.message}; the held requests ended with ${JSON.stringify(endings)}`);
  });
  return { held, shed };
}

const health = () => fetch(`${server.url}/api/health`);

// Without the front PocketBase refuses as the front does (decision 062): marked as not processed,
// so the app repeats it after the wait it names instead of showing the error at once.
const SHED_BODY = { status: 503, message: OVERLOAD.message, data: {}, notProcessed: true, retryAfter: OVERLOAD.retryAfterSeconds };

describe('load shedding', () => {
  it('answers 503 with the German message and Retry-After while the limit is reached, and admits again after', async () => {
    expect((await health()).status).toBe(200);
    // Both are admitted once the server has their headers; then the next request is shed.
    const { held, shed } = await fillSlots(2, health);
    expect(shed.headers.get('retry-after')).toBe(String(OVERLOAD.retryAfterSeconds));
    expect(shed.headers.get(NOT_PROCESSED_HEADER)).toBe('1');
    const body = await shed.json();
    expect(body).toEqual(SHED_BODY);
    expect(notProcessed({ status: 503, response: body })).toEqual({ retryAfterMs: OVERLOAD.retryAfterSeconds * 1000 });
    expect(OVERLOAD.message).toMatch(/Bitte versuchen Sie es später erneut/);

    // A profile page load is shed the same way, and names no data.
    const page = await fetch(`${server.url}/api/portal/profile-page`, { headers: { Authorization: workshop.token } });
    expect(page.status).toBe(503);
    expect(await page.text()).not.toContain(workshop.email);

    // One ends normally, one is abandoned halfway: both leave the count.
    held[0]!.end();
    held[1]!.abort();
    expect(await held[0]!.answer).toBeGreaterThanOrEqual(200);
    await until('the server to admit again', async () => ((await health()).status === 200 ? true : null));
    const again = await Promise.all([health(), health()]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
  });

  it('refuses before the token is read and reports the refusals once a minute instead of logging each', async () => {
    const logs = (filter: string, params: Record<string, unknown>) =>
      server.admin.send('/api/logs', { query: { filter: server.admin.filter(filter, params), sort: '-created', perPage: 50 } });
    // PocketBase runs a job it is asked to run in the background, so a flush of what earlier
    // tests refused may land after this test's first refusals: the reports from here on are
    // summed, not matched one by one.
    const since = new Date(Date.now() - 1000).toISOString().replace('T', ' ');
    await server.admin.crons.run('load-shedding-report');
    const { held } = await fillSlots(2, health);
    // A forged token and a guest's write are refused the same way: nothing of theirs is read first.
    const hostile = await Promise.all([
      fetch(`${server.url}/api/portal/profile-page`, { headers: { Authorization: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' } }),
      fetch(`${server.url}/api/collections/users/records`, { method: 'POST', body: '{"email":' }),
      ...Array.from({ length: 3 }, () => health()),
    ]);
    for (const res of hostile) {
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual(SHED_BODY);
    }
    // The shed probe and the hostile requests; a held request refused while a probe had its slot
    // is reported too, so the reports' sum is at least this.
    const refused = 1 + hostile.length;
    held[0]!.end();
    held[1]!.end();
    await Promise.all(held.map((h) => h.answer));
    await until('the server to admit again', async () => ((await health()).status === 200 ? true : null));

    await server.admin.crons.run('load-shedding-report');
    const reports = await until('the refusals to be reported', async () => {
      const found = await logs('message = {:m} && created >= {:since}', { m: 'load shedding: API requests refused', since });
      const total = found.items.reduce((sum: number, item: { data: { refused: number } }) => sum + item.data.refused, 0);
      return total >= refused ? found.items : null;
    });
    // A handful of report lines for all the refusals, not one per refusal.
    expect(reports.length).toBeLessThanOrEqual(3);
    expect(reports.length).toBeLessThan(refused);
    for (const report of reports) {
      expect(report.level).toBe(4); // warning
      expect(report.data).toMatchObject({ limit: 2 });
    }
    // The report was written after the refusals; none of them has a request log entry of its own.
    expect((await logs('data.type = "request" && data.status = 503', {})).totalItems).toBe(0);
  });

  it('does not count open realtime connections as work in flight', async () => {
    const streams = await Promise.all(
      [1, 2, 3].map(async () => {
        const controller = new AbortController();
        const res = await fetch(`${server.url}/api/realtime`, { signal: controller.signal });
        expect(res.status).toBe(200);
        return controller;
      }),
    );
    try {
      expect((await health()).status).toBe(200);
    } finally {
      for (const s of streams) s.abort();
    }
  });
});

describe('behind nginx or Caddy without the front (docs/operations-front.md, B)', () => {
  // PORTAL_TRUST_FORWARDED_FOR: PocketBase takes the visitor's address from the proxy's header and
  // keeps its own load shedding (PORTAL_BEHIND_FRONT would turn that off: the front's job).
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startPocketBase({
      env: { PORTAL_TRUST_FORWARDED_FOR: 'true', PORTAL_MAX_IN_FLIGHT: '1' },
      extraHooks: [path.join(ROOT, 'tests', 'helpers', 'hooks', 'slow-probe.pb.js')],
    });
  });
  afterAll(async () => proxied?.stop());

  it('sees the address the proxy names and still refuses past its in-flight limit', async () => {
    const seen = await fetch(`${proxied.url}/api/test/slow`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect((await seen.json()).ip).toBe('203.0.113.9');
    // A request whose body is still arriving fills the limit of one (PocketBase counts it).
    const { held, shed } = await fillSlots(1, () => fetch(`${proxied.url}/api/health`), proxied.url);
    expect(await shed.json()).toEqual(SHED_BODY);
    held[0]!.end();
    expect(await held[0]!.answer).toBeGreaterThanOrEqual(200);
  });
});
