import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAdmission, createTickets, FRONT_DEFAULTS, OVERLOAD, TICKET_HEADER } from '../../scripts/lib/front.mjs';
import { HOOKS_POOL_BEHIND_FRONT, ROOT } from '../../scripts/lib/pocketbase.mjs';
import { PASSWORD, unique, workshopData } from '../helpers/fixtures';
import { from, rawConnection, realtimeFrom, stalledUpload, startStack, type Stack } from '../helpers/front';
import { pace, until } from '../helpers/poll';
import { startPocketBase } from '../helpers/pocketbase';
import { connectRealtime } from '../helpers/realtime';

// Issue 32: the front counts work, not waiting (decision 030). Visitors are loopback addresses
// 127.0.0.x, each its own address to the front.

const SLOW = [path.join(ROOT, 'tests', 'helpers', 'hooks', 'slow-probe.pb.js')];
const signUp = (stack: Stack, address: string, email = `${unique('front')}@example.de`) =>
  from(address, stack.url, 'POST', '/api/collections/users/records', workshopData({ email }));

/** The refusal admission gives a read (a test fails when the read is admitted instead). */
const refused = (admission: ReturnType<typeof createAdmission>, address: string, since?: number, ticketed?: boolean) =>
  admission.acquire(address, 'read', since, ticketed).then(
    () => {
      throw new Error('admitted');
    },
    (err: { statusCode: number; retryAfter: number; message: string; tarpit: boolean }) => err,
  );

describe('the wait a refusal asks for grows with the overload', () => {
  // One slot, no line: every read beyond the one in flight is refused. The clock is the test's.

  it('2 s while refusals are rare, up to 10 s while far more are refused than answered, 2 s again once it eases', async () => {
    let clock = 1_000_000;
    const admission = createAdmission({ ...FRONT_DEFAULTS, maxInFlight: 1, writeReserve: 0, readQueueLength: 0 }, () => clock);
    let release = await admission.acquire('127.0.0.1', 'read');
    const first = await refused(admission, '127.0.0.2');
    expect(first).toMatchObject({ statusCode: 503, message: OVERLOAD.message, retryAfter: OVERLOAD.retryAfterSeconds });
    // In this second: 1 answered, 3 refused in all.
    await refused(admission, '127.0.0.3');
    await refused(admission, '127.0.0.4');
    release();
    release = await admission.acquire('127.0.0.1', 'read');
    // The next second sees 3 refused for 1 answered: come back after 2 × (1 + 3) = 8 s.
    clock += 1000;
    expect((await refused(admission, '127.0.0.5')).retryAfter).toBe(8);
    for (let i = 0; i < 20; i += 1) await refused(admission, `127.0.1.${i + 1}`);
    release();
    // 21 refused for 1 answered: the bound.
    clock += 1000;
    release = await admission.acquire('127.0.0.1', 'read');
    expect((await refused(admission, '127.0.0.6')).retryAfter).toBe(OVERLOAD.retryAfterMaxSeconds);
    release();
    // A quiet second later: the short wait again.
    clock += 2000;
    release = await admission.acquire('127.0.0.1', 'read');
    expect((await refused(admission, '127.0.0.7')).retryAfter).toBe(OVERLOAD.retryAfterSeconds);
    release();
  });
});

describe('a refused read comes back no sooner than its place in line (decision 049)', () => {
  const refusedAfter = async (admission: ReturnType<typeof createAdmission>, address: string, since?: number, ticketed?: boolean) =>
    (await refused(admission, address, since, ticketed)).retryAfter;
  const answer = async (admission: ReturnType<typeof createAdmission>, addresses: string[], since?: number, ticketed?: boolean) => {
    for (const address of addresses) (await admission.acquire(address, 'read', since, ticketed))();
  };
  const many = (n: number, block: number) => Array.from({ length: n }, (_, i) => `127.${block}.${Math.floor(i / 250)}.${(i % 250) + 1}`);

  it('the reads refused before it and not served yet, at the pace of the last second, within 2-25 s; forgotten after the bound', async () => {
    const t0 = 10_000_000;
    let clock = t0;
    // One slot, no line: every read beyond the one in flight is refused. The clock is the test's.
    const admission = createAdmission({ ...FRONT_DEFAULTS, maxInFlight: 1, writeReserve: 0, readQueueLength: 0 }, () => clock);
    try {
      let hold = await admission.acquire('127.0.0.1', 'read');
      const first = many(40, 1);
      for (const address of first) await refusedAfter(admission, address);
      hold();
      clock += 1000;
      await answer(admission, many(10, 2));
      // 40 ahead at 10 answers a second, nothing refused in that second: 4 s, where the
      // overload alone (decision 045) would ask 2.
      clock += 1000;
      hold = await admission.acquire('127.0.0.1', 'read');
      expect(await refusedAfter(admission, '127.0.0.2')).toBe(4);
      // One of the first 40, back with its ticket: nobody is ahead of it.
      expect(await refusedAfter(admission, first[0]!, t0, true)).toBe(OVERLOAD.retryAfterSeconds);
      hold();
      // 35 of the 40 are served with their tickets (the one refused again is not counted twice);
      // a second later 2 answers a second: the next newcomer has 5 + 1 ahead, 3 s.
      clock += 1000;
      await answer(admission, first.slice(0, 35), t0, true);
      clock += 1000;
      await answer(admission, ['127.0.0.8', '127.0.0.9']);
      clock += 1000;
      hold = await admission.acquire('127.0.0.1', 'read');
      expect(await refusedAfter(admission, '127.0.0.3')).toBe(3);
      hold();
      // Far more ahead than a second's answers: the bound.
      clock += 1000;
      hold = await admission.acquire('127.0.0.1', 'read');
      for (const address of many(100, 3)) await refusedAfter(admission, address);
      hold();
      clock += 1000;
      await answer(admission, ['127.0.0.4']);
      clock += 1000;
      hold = await admission.acquire('127.0.0.1', 'read');
      expect(await refusedAfter(admission, '127.0.0.5')).toBe(OVERLOAD.retryAfterMaxSeconds);
      hold();
      // One address flooding adds no more than its share of open requests a second.
      clock += 1000;
      hold = await admission.acquire('127.0.0.1', 'read');
      for (let i = 0; i < 200; i += 1) await refusedAfter(admission, '127.0.9.9');
      hold();
      clock += 1000;
      await answer(admission, many(FRONT_DEFAULTS.perAddressOpen + 2, 4));
      clock += 1000;
      hold = await admission.acquire('127.0.0.1', 'read');
      // Ahead: 5 + 1 + 1 + 100 + 1 of the visitors above and 16 of the flood's 200, at 18 a second.
      expect(await refusedAfter(admission, '127.0.0.10')).toBe(
        Math.ceil((108 + FRONT_DEFAULTS.perAddressOpen) / (FRONT_DEFAULTS.perAddressOpen + 2)),
      );
      hold();
      // Once the app's bound has passed for all of them, they have given up: a short wait again.
      clock += OVERLOAD.retryForMs + 2000;
      await answer(admission, ['127.0.0.6']);
      clock += 1000;
      hold = await admission.acquire('127.0.0.1', 'read');
      expect(await refusedAfter(admission, '127.0.0.7')).toBe(OVERLOAD.retryAfterSeconds);
      hold();
    } finally {
      admission.close();
    }
  });
});

describe('an address refused again and again is slowed (decision 049)', () => {
  it('beyond 16 refusals in a second, its further refusals are held for the tarpit; another address and the next second are not', async () => {
    let clock = 20_000_000;
    const admission = createAdmission({ ...FRONT_DEFAULTS, maxInFlight: 1, writeReserve: 0, readQueueLength: 0 }, () => clock);
    const refusal = (address: string) => refused(admission, address);
    try {
      const hold = await admission.acquire('127.0.0.1', 'read');
      const flood = [];
      for (let i = 0; i < FRONT_DEFAULTS.perAddressOpen + 2; i += 1) flood.push(await refusal('127.0.9.9'));
      expect(flood.map((r) => r.tarpit)).toEqual([...Array(FRONT_DEFAULTS.perAddressOpen).fill(false), true, true]);
      // Held, it is still the same refusal: 503, the German text, nothing done.
      expect(flood.at(-1)).toMatchObject({ statusCode: 503, message: OVERLOAD.message });
      expect((await refusal('127.0.0.2')).tarpit).toBe(false);
      clock += 1000;
      expect((await refusal('127.0.9.9')).tarpit).toBe(false);
      expect(admission.stats.refusalsHeld).toBe(2);
      hold();
    } finally {
      admission.close();
    }
  });
});

describe('whoever has waited longest goes first (decision 047)', () => {
  // One slot for reads and one place in their line; the clock is the test's.
  const settled = <T>(p: Promise<T>) =>
    p.then(
      (value) => ({ ok: true as const, value }),
      (err: { statusCode: number; since?: number }) => ({ ok: false as const, err }),
    );
  const limits = {
    ...FRONT_DEFAULTS,
    maxInFlight: 2,
    writeReserve: 1,
    readQueueLength: 1,
    readWaitMs: 60_000,
    ticketSecret: Buffer.from('test'),
  };

  it('a read refused earlier takes the place of a younger one in the full line, and gets the next slot', async () => {
    let clock = 2_000_000;
    const admission = createAdmission(limits, () => clock);
    try {
      const first = await admission.acquire('127.0.0.1', 'read');
      // Line full (one waiting); a newcomer is refused with a ticket of its time.
      const waiting = settled(admission.acquire('127.0.0.2', 'read'));
      const refused = await settled(admission.acquire('127.0.0.3', 'read', admission.visitor('127.0.0.3', undefined).since));
      expect(refused).toMatchObject({ ok: false, err: { statusCode: 503, since: 2_000_000 } });
      const ticket = admission.ticket('127.0.0.3', 2_000_000);
      // The waiting read gets the slot; a younger read takes the free place in the line.
      first();
      const second = await waiting;
      clock += 3000;
      const younger = settled(admission.acquire('127.0.0.4', 'read', admission.visitor('127.0.0.4', undefined).since));
      // Its refusal now asks nothing of the older visitor: the request hook lets it through too.
      const back = admission.visitor('127.0.0.3', ticket);
      expect(back).toEqual({ since: 2_000_000, ticketed: true });
      expect(admission.refusalNow('127.0.0.3', 'read', back.since, back.ticketed)).toBeNull();
      expect(admission.refusalNow('127.0.0.5', 'read', clock)).toMatchObject({ statusCode: 503 });
      // The older visitor comes back with its ticket: in, and the younger one is refused.
      const older = settled(admission.acquire('127.0.0.3', 'read', back.since, back.ticketed));
      expect(await younger).toMatchObject({ ok: false, err: { statusCode: 503, since: 2_003_000 } });
      expect(admission.stats.readsDisplaced).toBe(1);
      if (!second.ok) throw new Error('the waiting read was refused');
      second.value();
      const served = await older;
      expect(served.ok).toBe(true);
      if (served.ok) served.value();
    } finally {
      admission.close();
    }
  });

  it("a forged, altered, another address's or stale ticket counts as none", () => {
    let clock = 3_000_000;
    const tickets = createTickets(() => clock, Buffer.from('secret'));
    const own = tickets.issue('127.0.0.3', 2_990_000);
    expect(tickets.sinceOf('127.0.0.3', own)).toBe(2_990_000);
    const [time, mac] = own.split('.');
    const forged = [
      `${(2_000_000).toString(36)}.${mac}`,
      `${time}.${mac?.slice(0, -2)}AA`,
      `${time}.`,
      `${time}.${mac}.x`,
      createTickets(() => clock, Buffer.from('other')).issue('127.0.0.3', 2_990_000),
      'x'.repeat(500),
      '',
    ];
    for (const ticket of forged) expect(tickets.sinceOf('127.0.0.3', ticket), ticket).toBeNull();
    expect(tickets.sinceOf('127.0.0.4', own)).toBeNull();
    expect(tickets.sinceOf('127.0.0.3', tickets.issue('127.0.0.3', clock + 5000))).toBeNull();
    clock += 2 * OVERLOAD.retryForMs + 10_001;
    expect(tickets.sinceOf('127.0.0.3', own)).toBeNull();
  });
});

describe("an address's requests per minute", () => {
  // The clock is the test's: a window of 60 s that starts with the address's first request.
  it("are PocketBase's '/api/' rate, applied before a slot: the excess gets 429 with the German text and the wait until the minute ends", async () => {
    let clock = 5_000_000;
    const admission = createAdmission({ ...FRONT_DEFAULTS, perAddressPerMinute: 3, rateExcluded: ['127.0.0.9'] }, () => clock);
    for (let i = 0; i < 3; i += 1) (await admission.acquire('127.0.0.1', 'read'))();
    clock += 20_000;
    const refusal = await admission.acquire('127.0.0.1', 'write').then(
      () => null,
      (err: { statusCode: number; message: string; retryAfter: number }) => err,
    );
    expect(refusal).toMatchObject({ statusCode: 429, message: OVERLOAD.perAddressRateMessage, retryAfter: 40 });
    expect(admission.refusalNow('127.0.0.1', 'read')).toMatchObject({ statusCode: 429, retryAfter: 40 });
    expect(admission.stats.refusedRate).toBe(2);
    // Nobody else is touched, and an excluded address (a monitoring host) is never limited.
    (await admission.acquire('127.0.0.2', 'read'))();
    for (let i = 0; i < 5; i += 1) (await admission.acquire('127.0.0.9', 'read'))();
    // The next minute, the address is served again.
    clock += 40_000;
    (await admission.acquire('127.0.0.1', 'read'))();
    expect(admission.stats.refusedRate).toBe(2);
  });

  it('PocketBase is set to the same number at every start', async () => {
    const pb = await startPocketBase();
    try {
      const settings = await pb.admin.settings.getAll();
      const general = settings.rateLimits.rules.find((r: { label: string }) => r.label === '/api/');
      expect(general).toMatchObject({ maxRequests: OVERLOAD.apiRequestsPerMinute, duration: 60 });
    } finally {
      await pb.stop();
    }
  });
});

describe('slow bodies hold no slot', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(
      { maxInFlight: 4, writeReserve: 1, perAddressOpen: 64, bodyGraceMs: 1500, bodyStallMs: 1500 },
      { extraHooks: SLOW },
    );
  });
  afterAll(async () => stack?.stop());

  it('a connection that sends half a header line, or nothing at all, is closed once the grace time has passed', async () => {
    const half = rawConnection(stack.url, '127.0.0.3', `GET /api/health HTTP/1.1\r\nHost: ${new URL(stack.url).host}\r\n`).closed;
    const silent = rawConnection(stack.url, '127.0.0.3').closed;
    // Both hold a connection, never a slot: everybody else is served meanwhile.
    expect((await signUp(stack, '127.0.1.20')).status).toBe(200);
    expect(await half).toMatch(/^HTTP\/1\.1 408/);
    await silent;
    // Both were closed by the front (before, neither ever was); none is counted any more.
    expect(stack.front.connectionsFrom('127.0.0.3')).toBe(0);
  });

  it('32 uploads that announce a body and send none leave every slot free; each ends with a German 408 in time', async () => {
    const stalled = Array.from({ length: 32 }, () => stalledUpload(stack.url, '127.0.0.2', '/api/collections/users/records', 100_000));
    const trickling = Array.from({ length: 4 }, () => stalledUpload(stack.url, '127.0.0.2', '/api/collections/users/records', 100_000, 10));
    // Others sign up at once, all of them, while the bodies hang.
    const others = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(stack, `127.0.1.${i + 1}`)));
    expect(others.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(stack.front.inFlight()).toBe(0);
    const answers = await Promise.all([...stalled, ...trickling].map((s) => s.closed));
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toContain(JSON.stringify(OVERLOAD.slowBodyMessage).slice(1, -1));
    }
  });

  it('a body that arrives slowly but steadily is taken', async () => {
    const body = JSON.stringify(workshopData({ email: `${unique('langsam')}@example.de` }));
    const target = new URL(stack.url);
    const net = await import('node:net');
    const socket = net.connect({ host: target.hostname, port: Number(target.port), localAddress: '127.0.0.3' });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (answer += d));
    await new Promise((r) => socket.on('connect', r));
    socket.write(
      `POST /api/collections/users/records HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    // In four pieces, each well within the stall bound.
    const parts = [0, 1, 2, 3].map((i) => body.slice((i * body.length) / 4, ((i + 1) * body.length) / 4));
    for (const part of parts) {
      socket.write(part);
      await pace(400);
    }
    await until('the answer', () => /\r\n\r\n\{/.test(answer), { timeoutMs: 10_000 }).catch(() => null);
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('fair to every address, and writes keep their share', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(
      // One place in the reads' line, so a test can fill it.
      {
        maxInFlight: 4,
        writeReserve: 1,
        perAddress: 2,
        perAddressOpen: 8,
        perAddressConnections: 16,
        writeWaitMs: 5000,
        readQueueLength: 1,
        readWaitMs: 8000,
      },
      { extraHooks: SLOW },
    );
  });
  afterAll(async () => stack?.stop());

  it('one address gets at most its share: its further requests wait behind its own, the excess is 429 before it costs anything', async () => {
    const before = stack.front.stats.refusedAddress;
    // The admitted requests are held at a gate until all 12 have reached the front, so none of
    // them can finish and make room before the burst is in, however busy the machine is.
    const key = unique('burst');
    const pending = Array.from({ length: 12 }, () => from('127.0.0.4', stack.url, 'GET', `/api/test/gate?key=${key}`));
    await until('the burst is in: 4 refused', () => stack.front.stats.refusedAddress === before + 4);
    await fetch(`${stack.pb.url}/api/test/gate/open?key=${key}`, { method: 'POST' });
    const burst = await Promise.all(pending);
    const ok = burst.filter((a) => a.status === 200);
    const refused = burst.filter((a) => a.status === 429);
    // 8 open at once are allowed (2 in flight, 6 waiting behind them); 4 more are refused at once.
    expect(ok).toHaveLength(8);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.json).toEqual({ status: 429, message: OVERLOAD.perAddressMessage, data: {}, notProcessed: true, retryAfter: 1 });
      expect(r.headers['retry-after']).toBe('1');
      expect(r.headers['x-portal-not-processed']).toBe('1');
    }
    expect(stack.front.stats.refusedAddress).toBe(before + 4);
    expect(stack.front.stats.peakPerAddress).toBeLessThanOrEqual(2);
  });

  it('while one address floods a cheap route, everybody else signs up without an error', async () => {
    let flooding = true;
    const floods: Promise<void>[] = [];
    const statuses = new Map<number, number>();
    const refusedAfter: number[] = [];
    for (let lane = 0; lane < 12; lane++) {
      floods.push(
        (async () => {
          while (flooding) {
            const started = performance.now();
            const a = await from('127.0.0.5', stack.url, 'GET', '/api/health');
            statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
            if (a.status === 429) refusedAfter.push(performance.now() - started);
          }
        })(),
      );
    }
    // The others come once the flood is on: its excess is being refused.
    await until('the flood is throttled', () => (statuses.get(429) ?? 0) > 0);
    const others = await Promise.all(Array.from({ length: 20 }, (_, i) => signUp(stack, `127.0.2.${i + 1}`)));
    flooding = false;
    await Promise.all(floods);
    expect(others.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(statuses.get(200)).toBeGreaterThan(0);
    // The flood's refusals are held for the tarpit's second: a client that repeats at once gets a
    // request per lane and second, not as many as the front could refuse. (A connection beyond the
    // address's bound is refused and closed at once, not held: hence the median.)
    refusedAfter.sort((a, b) => a - b);
    expect(refusedAfter[Math.floor(refusedAfter.length / 2)]).toBeGreaterThanOrEqual(FRONT_DEFAULTS.tarpitMs - 5);
  });

  it('one address holding idle connections cannot take every connection: beyond its 16 it gets 429 at once, everybody else gets in', async () => {
    const address = '127.0.0.40';
    const idle = Array.from({ length: 16 }, () => rawConnection(stack.url, address));
    await until('16 idle connections are counted', () => stack.front.connectionsFrom(address) === 16);
    const before = stack.front.stats.refusedConnections;
    const refused = await from(address, stack.url, 'GET', '/api/health');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ status: 429, message: OVERLOAD.perAddressMessage, data: {}, notProcessed: true, retryAfter: 1 });
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['x-portal-not-processed']).toBe('1');
    expect(stack.front.stats.refusedConnections).toBe(before + 1);
    // Everybody else is served, a sign-up included.
    expect((await from('127.0.0.41', stack.url, 'GET', '/api/health')).status).toBe(200);
    expect((await signUp(stack, '127.0.0.42')).status).toBe(200);
    // Once its connections close, the address gets in again.
    for (const connection of idle) connection.destroy();
    await until('the idle connections are gone', () => stack.front.connectionsFrom(address) === 0);
    expect((await from(address, stack.url, 'GET', '/api/health')).status).toBe(200);
  });

  it('reads cannot take the reserved slot: with the reads’ share busy, a read waits in its short line, the next is refused, a write gets through', async () => {
    // Three reads from three addresses held at a gate fill the reads' share (4 slots, 1 kept for writes).
    const key = unique('share');
    const holders = ['127.0.0.6', '127.0.0.7', '127.0.0.8'].map((a) => from(a, stack.url, 'GET', `/api/test/gate?key=${key}`));
    await until('three reads in flight', () => stack.front.inFlight() === 3);
    const waitedBefore = stack.front.stats.readsWaited;
    const waiting = from('127.0.0.9', stack.url, 'GET', '/api/health');
    await until('a read waits in line', () => stack.front.stats.readsWaited === waitedBefore + 1);
    // The line (one place here) is full: the next read is refused at once, marked as not processed.
    const read = await from('127.0.0.17', stack.url, 'GET', '/api/health');
    expect(read.status).toBe(503);
    const retryAfter = Number(read.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(OVERLOAD.retryAfterSeconds);
    expect(retryAfter).toBeLessThanOrEqual(OVERLOAD.retryAfterMaxSeconds);
    expect(read.json).toEqual({
      status: 503,
      message: OVERLOAD.message,
      data: {},
      notProcessed: true,
      retryAfter,
      ticket: expect.any(String),
    });
    // Sent back from its address, the ticket keeps the visitor's first time (decision 047); the read
    // already in line is older still, so it is refused again. (Another address's: below, with a test clock.)
    const again = await from('127.0.0.17', stack.url, 'GET', '/api/health', undefined, { [TICKET_HEADER]: read.json.ticket });
    expect(again.status).toBe(503);
    expect(again.json.ticket.split('.')[0]).toBe(read.json.ticket.split('.')[0]);
    const write = await signUp(stack, '127.0.0.10');
    expect(write.status).toBe(200);
    await fetch(`${stack.pb.url}/api/test/gate/open?key=${key}`, { method: 'POST' });
    // The read that waited is answered once a slot is free, without a repeat.
    expect((await waiting).status).toBe(200);
    expect((await Promise.all(holders)).map((a) => a.status)).toEqual([200, 200, 200]);
  });

  it('a read whose visitor leaves while it waits in line never reaches PocketBase', async () => {
    const key = unique('left');
    const holders = ['127.0.0.24', '127.0.0.25', '127.0.0.26'].map((a) => from(a, stack.url, 'GET', `/api/test/gate?key=${key}`));
    await until('three reads in flight', () => stack.front.inFlight() === 3);
    const waitedBefore = stack.front.stats.readsWaited;
    // Forwarded, this read would hold its slot at a gate nobody opens, for 10 s.
    const target = new URL(stack.url);
    const leaving = http.request({
      host: target.hostname,
      port: target.port,
      path: `/api/test/gate?key=${unique('never')}`,
      localAddress: '127.0.0.27',
      agent: false,
    });
    leaving.on('error', () => {});
    leaving.end();
    await until('it waits in line', () => stack.front.stats.readsWaited === waitedBefore + 1);
    leaving.destroy();
    await until('the front has seen it leave', () => stack.front.openFrom('127.0.0.27') === 0);
    await fetch(`${stack.pb.url}/api/test/gate/open?key=${key}`, { method: 'POST' });
    expect((await Promise.all(holders)).map((a) => a.status)).toEqual([200, 200, 200]);
    await until('every slot free again', () => stack.front.inFlight() === 0, { timeoutMs: 5_000 });
  });

  it('a write that finds every slot busy waits in line and is answered, not refused', async () => {
    const holders = ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14'].map((a) =>
      from(a, stack.url, 'POST', '/api/test/slow?ms=1000'),
    );
    await until('four in flight', () => stack.front.inFlight() === 4);
    const waited = stack.front.stats.waited;
    const write = await signUp(stack, '127.0.0.15');
    expect(write.status).toBe(200);
    expect(stack.front.stats.waited).toBe(waited + 1);
    await Promise.all(holders);
  });

  it('PocketBase sees each visitor’s own address, not the front’s; a forged X-Forwarded-For changes nothing', async () => {
    const seen = await from('127.0.0.16', stack.url, 'GET', '/api/test/slow', undefined, { 'X-Forwarded-For': '203.0.113.9' });
    expect(seen.json.ip).toBe('127.0.0.16');
  });

  it('realtime passes through the front without a slot', async () => {
    const rt = await connectRealtime(stack.url);
    expect(rt.clientId).toMatch(/\w+/);
    expect(stack.front.inFlight()).toBe(0);
    rt.close();
  });
});

describe('realtime connections are bounded, in all and per address (decision 050)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ maxRealtime: 3, perAddressRealtime: 2 });
  });
  afterAll(async () => stack?.stop());

  it('one address holds at most two: its third gets 429 with the German text, and PocketBase never sees it', async () => {
    const address = '127.0.0.60';
    const held = [await realtimeFrom(stack.url, address), await realtimeFrom(stack.url, address)];
    expect(held.map((r) => r.status)).toEqual([200, 200]);
    const before = stack.front.stats.refusedRealtime;
    const third = await realtimeFrom(stack.url, address);
    expect(third.status).toBe(429);
    expect(third.json).toEqual({ status: 429, message: OVERLOAD.perAddressMessage, data: {}, notProcessed: true, retryAfter: 1 });
    expect(third.headers['x-portal-not-processed']).toBe('1');
    expect(stack.front.stats.refusedRealtime).toBe(before + 1);
    expect(stack.front.realtimeOpen()).toBe(2);
    for (const r of held) r.close();
    await until('the connections are closed', () => stack.front.realtimeOpen() === 0);
  });

  it('in all at most maxRealtime: the next gets 503 with the German text, pages and sign-ups are answered meanwhile, and once one closes the next gets in', async () => {
    const held = [
      await realtimeFrom(stack.url, '127.0.0.61'),
      await realtimeFrom(stack.url, '127.0.0.62'),
      await realtimeFrom(stack.url, '127.0.0.63'),
    ];
    expect(held.map((r) => r.status)).toEqual([200, 200, 200]);
    const refused = await realtimeFrom(stack.url, '127.0.0.64');
    expect(refused.status).toBe(503);
    expect(refused.json).toEqual({
      status: 503,
      message: OVERLOAD.message,
      data: {},
      notProcessed: true,
      retryAfter: OVERLOAD.retryAfterSeconds,
    });
    expect(refused.headers['retry-after']).toBe(String(OVERLOAD.retryAfterSeconds));
    expect((await from('127.0.0.64', stack.url, 'GET', '/api/health')).status).toBe(200);
    expect((await signUp(stack, '127.0.0.64')).status).toBe(200);
    held[0]!.close();
    await until('one connection is closed', () => stack.front.realtimeOpen() === 2);
    const next = await realtimeFrom(stack.url, '127.0.0.64');
    expect(next.status).toBe(200);
    for (const r of [...held, next]) r.close();
  });

  it("PocketBase's JS runtimes behind the front cover three for each slot and two for each realtime connection", () => {
    expect(HOOKS_POOL_BEHIND_FRONT).toBeGreaterThanOrEqual(3 * FRONT_DEFAULTS.maxInFlight + 2 * FRONT_DEFAULTS.maxRealtime);
  });
});

describe("page reads take the front's short path (decision 048)", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ maxInFlight: 2, writeReserve: 1 }, { extraHooks: SLOW });
  });
  afterAll(async () => stack?.stop());

  it("a read's answer is PocketBase's own: status, type and body, errors included", async () => {
    for (const route of ['/api/health', '/api/collections/nope/records', '/api/portal/profile-page']) {
      const direct = await from('127.0.0.1', stack.pb.url, 'GET', route);
      const through = await from('127.0.0.50', stack.url, 'GET', route);
      expect(through.status).toBe(direct.status);
      expect(through.headers['content-type']).toBe(direct.headers['content-type']);
      expect(through.json).toEqual(direct.json);
    }
    expect(stack.front.inFlight()).toBe(0);
  });

  it('an answer larger than the connection holds reaches a visitor who stops reading for a while, byte for byte', async () => {
    const target = new URL(stack.url);
    let text = '';
    let paused = false;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(
        { host: target.hostname, port: target.port, path: '/api/test/large?kb=6144', localAddress: '127.0.0.55', agent: false },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    const status = res.statusCode;
    res.setEncoding('utf8');
    const ended = new Promise((resolve) => res.on('end', resolve));
    res.on('data', (d: string) => {
      text += d;
      // Stops after the first bytes: the front must wait, not drop or cut the answer.
      if (!paused) {
        paused = true;
        res.pause();
      }
    });
    await until('the first bytes', () => paused);
    // While the visitor does not read, PocketBase's answer cannot all be sent yet: the front waits
    // for the visitor (it pauses PocketBase's answer instead of holding it in memory).
    await until('the read held in flight', () => stack.front.inFlight() === 1);
    res.resume();
    await ended;
    expect(status).toBe(200);
    expect(JSON.parse(text).filler).toHaveLength(6144 * 1024);
    await until('the slot given back', () => stack.front.inFlight() === 0);
  });

  it('a Connection header naming X-Forwarded-For cannot drop the address the front sets, on a read or a write', async () => {
    const hostile = { Connection: 'keep-alive, X-Forwarded-For', 'X-Forwarded-For': '203.0.113.9' };
    const read = await from('127.0.0.51', stack.url, 'GET', '/api/test/slow', undefined, hostile);
    const write = await from('127.0.0.51', stack.url, 'POST', '/api/test/slow', {}, hostile);
    expect(read.json.ip).toBe('127.0.0.51');
    expect(write.json.ip).toBe('127.0.0.51');
  });

  it('a visitor who leaves before PocketBase has answered gives the slot back, and the next read gets it', async () => {
    const key = unique('weg');
    const host = new URL(stack.url).host;
    const gone = rawConnection(stack.url, '127.0.0.52', `GET /api/test/gate?key=${key} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    await until('the read in flight', () => stack.front.inFlight() === 1);
    gone.destroy();
    await from('127.0.0.53', stack.url, 'POST', `/api/test/gate/open?key=${key}`);
    await until('the slot given back', () => stack.front.inFlight() === 0);
    const next = await from('127.0.0.54', stack.url, 'GET', '/api/test/slow');
    expect(next.status).toBe(200);
  });
});

describe('behind a trusted proxy (PORTAL_TRUSTED_PROXIES)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ perAddressOpen: 1, tarpitMs: 0 }, { extraHooks: SLOW }, ['127.0.0.1']);
  });
  afterAll(async () => stack?.stop());

  it("the visitor is the address the proxy forwards, on a read and a write; anyone else's X-Forwarded-For is ignored", async () => {
    const forwarded = { 'X-Forwarded-For': '203.0.113.7' };
    expect((await from('127.0.0.1', stack.url, 'GET', '/api/test/slow', undefined, forwarded)).json.ip).toBe('203.0.113.7');
    expect((await from('127.0.0.1', stack.url, 'POST', '/api/test/slow', {}, forwarded)).json.ip).toBe('203.0.113.7');
    expect((await from('127.0.0.60', stack.url, 'GET', '/api/test/slow', undefined, forwarded)).json.ip).toBe('127.0.0.60');
  });

  it("each forwarded address has its own share: one visitor's excess is 429, another's read behind the same proxy is answered", async () => {
    const first = { 'X-Forwarded-For': '203.0.113.8' };
    const holding = from('127.0.0.1', stack.url, 'GET', '/api/test/slow?ms=1500', undefined, first);
    await until('the first visitor has a request open', () => stack.front.inFlight() === 1);
    const excess = await from('127.0.0.1', stack.url, 'GET', '/api/test/slow', undefined, first);
    const other = await from('127.0.0.1', stack.url, 'GET', '/api/test/slow', undefined, { 'X-Forwarded-For': '203.0.113.9' });
    expect(excess.status).toBe(429);
    expect(excess.json).toMatchObject({ message: OVERLOAD.perAddressMessage, notProcessed: true });
    expect(other.status).toBe(200);
    expect(other.json.ip).toBe('203.0.113.9');
    expect((await holding).status).toBe(200);
  });
});

describe('a refusal is safe to repeat', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ maxInFlight: 1, writeReserve: 0, perAddress: 4, writeWaitMs: 100 }, { extraHooks: SLOW });
  });
  afterAll(async () => stack?.stop());

  it('a sign-up refused while the portal is full, sent again until it passes, makes exactly one account', async () => {
    const email = `${unique('wieder')}@example.de`;
    const holder = from('127.0.0.20', stack.url, 'POST', '/api/test/slow?ms=1500');
    await until('the one slot taken', () => stack.front.inFlight() === 1);
    const answers = [];
    for (;;) {
      const a = await signUp(stack, '127.0.0.21', email);
      answers.push(a);
      if (a.status !== 503) break;
      expect(a.json.notProcessed).toBe(true);
      // The client waits as the server asks (a tenth of it, to keep the test short).
      await pace(Number(a.headers['retry-after']) * 100);
    }
    expect(answers.length).toBeGreaterThan(1);
    expect(answers.at(-1)!.status).toBe(200);
    await holder;
    const found = await stack.pb.admin.collection('users').getFullList({ filter: stack.pb.admin.filter('email = {:e}', { e: email }) });
    expect(found).toHaveLength(1);
    // The account works.
    const login = await from('127.0.0.22', stack.url, 'POST', '/api/collections/users/auth-with-password', {
      identity: email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it('while PocketBase restarts, the front answers 503 marked as not processed', async () => {
    await stack.pb.crash();
    const down = await from('127.0.0.23', stack.url, 'GET', '/api/health');
    expect(down.status).toBe(503);
    expect(down.json).toMatchObject({ notProcessed: true });
    expect(down.headers['retry-after']).toBe(String(OVERLOAD.retryAfterSeconds));
  });
});
