import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';

import { OVERLOAD, TICKET_HEADER } from '@/rules';
import { clearNotice, useNoticeStore } from '@/stores/notice';

import { notProcessed, pb, repeatDelay, withRepeats } from './pocketbase';
import { nextRepeat } from './repeat';

const refusal = (status: number, extra: object = { notProcessed: true, retryAfter: 2 }) =>
  new ClientResponseError({ status, response: { status, message: OVERLOAD.message, data: {}, ...extra } });

/** A send that fails with the given errors in turn, then answers; records each call's options. */
function scripted(errors: unknown[], answer: unknown = { ok: true }) {
  const calls: object[] = [];
  return {
    calls,
    send: async (_path: string, options: object) => {
      calls.push(options);
      const next = errors.shift();
      if (next) throw next;
      return answer;
    },
  };
}

/** A clock that moves only when the code under test waits. */
function fakeClock() {
  let t = 0;
  const waits: number[] = [];
  return { waits, now: () => t, wait: async (ms: number) => void (waits.push(ms), (t += ms)) };
}

describe('the PocketBase client', () => {
  it('says in German that the portal is overloaded on a 503 PocketBase gives itself, but not on the front’s marked refusal', async () => {
    clearNotice();
    const data = { status: 500, message: 'boom', data: {} };
    expect(await pb.afterSend!(new Response('{}', { status: 500 }), data, {})).toBe(data);
    expect(useNoticeStore.getState().message).toBeNull();
    await pb.afterSend!(new Response('{}', { status: 503 }), { status: 503, message: OVERLOAD.message, data: {}, notProcessed: true }, {});
    expect(useNoticeStore.getState().message).toBeNull();
    await pb.afterSend!(new Response('{}', { status: 503 }), { status: 503, message: OVERLOAD.message, data: {} }, {});
    expect(useNoticeStore.getState().message).toBe(OVERLOAD.message);
  });

  it('repeats only refusals marked as not processed', () => {
    expect(notProcessed(refusal(503))).toEqual({ retryAfterMs: 2000 });
    expect(notProcessed(refusal(429, { notProcessed: true, retryAfter: 1 }))).toEqual({ retryAfterMs: 1000 });
    expect(notProcessed(refusal(503, {}))).toBeNull();
    // PocketBase's own rate limiter: the request may have counted; the form says so itself.
    expect(notProcessed(refusal(429, {}))).toBeNull();
    expect(notProcessed(refusal(400, { notProcessed: true }))).toBeNull();
    expect(notProcessed(new Error('offline'))).toBeNull();
  });

  it('waits the Retry-After plus up to half of it again, so a crowd does not come back in step', () => {
    expect(repeatDelay(2000, () => 0)).toBe(2000);
    expect(repeatDelay(2000, () => 0.999)).toBe(2999);
  });

  it('the longest wait the front asks for still leaves a visitor one more try before the bound (decision 051)', () => {
    const longest = OVERLOAD.retryAfterMaxSeconds * 1000;
    // After a read has waited its time in the front's line: without jitter the wait fits as asked,
    // with the most jitter it is cut to the last try just before the bound; never given up.
    expect(nextRepeat(longest, OVERLOAD.readWaitMs, OVERLOAD.retryForMs, () => 0)).toBe(longest);
    const jittered = nextRepeat(longest, OVERLOAD.readWaitMs, OVERLOAD.retryForMs, () => 0.999999);
    expect(jittered).not.toBeNull();
    expect(OVERLOAD.readWaitMs + jittered!).toBeLessThan(OVERLOAD.retryForMs);
    expect(OVERLOAD.readWaitMs + jittered!).toBeGreaterThan(OVERLOAD.retryForMs - 1000);
  });

  it('sends a refused request again with the same options (files and all), shows the calm notice meanwhile, and clears it on success', async () => {
    clearNotice();
    const file = new File(['%PDF-1.4'], 'rechnung.pdf', { type: 'application/pdf' });
    const body = new FormData();
    body.append('file', file);
    const server = scripted([refusal(503), refusal(429, { notProcessed: true, retryAfter: 1 })], { id: 'rec1' });
    const clock = fakeClock();
    const notices: (string | null)[] = [];
    const unsubscribe = useNoticeStore.subscribe((s) => notices.push(s.message));
    const send = withRepeats(server.send, { now: clock.now, wait: clock.wait, random: () => 0 });
    await expect(send('/api/collections/submissions/records', { method: 'POST', body })).resolves.toEqual({ id: 'rec1' });
    unsubscribe();
    expect(server.calls).toHaveLength(3);
    for (const call of server.calls) expect((call as { body: FormData }).body.get('file')).toBe(file);
    expect(clock.waits).toEqual([2000, 1000]);
    expect(notices).toEqual([OVERLOAD.waitMessage, null]);
    expect(useNoticeStore.getState().message).toBeNull();
  });

  it('gives up after about 30 seconds with the overload message and the last refusal', async () => {
    clearNotice();
    const server = scripted(Array.from({ length: 100 }, () => refusal(503)));
    const clock = fakeClock();
    const send = withRepeats(server.send, { now: clock.now, wait: clock.wait, random: () => 0.5 });
    await expect(send('/api/collections/users/records', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ClientResponseError);
    expect(clock.now()).toBeLessThanOrEqual(OVERLOAD.retryForMs);
    expect(clock.now()).toBeGreaterThan(OVERLOAD.retryForMs - 3000);
    expect(server.calls.length).toBe(clock.waits.length + 1);
    expect(useNoticeStore.getState().message).toBe(OVERLOAD.message);
  });

  it('passes every other error through at once', async () => {
    const wrong = new ClientResponseError({ status: 400, response: { status: 400, message: 'Ungültig', data: {} } });
    const server = scripted([wrong]);
    const clock = fakeClock();
    await expect(withRepeats(server.send, { now: clock.now, wait: clock.wait })('/x', {})).rejects.toBe(wrong);
    expect(server.calls).toHaveLength(1);
    expect(clock.waits).toEqual([]);
  });

  it('sends the ticket of the last refusal back with the repeat, and keeps the request as it was', async () => {
    const server = scripted(
      [
        refusal(503, { notProcessed: true, retryAfter: 2, ticket: 'abc.first' }),
        refusal(503, { notProcessed: true, retryAfter: 2, ticket: 'abc.second' }),
        refusal(429, { notProcessed: true, retryAfter: 1 }),
      ],
      { ok: true },
    );
    const clock = fakeClock();
    const send = withRepeats(server.send, { now: clock.now, wait: clock.wait, random: () => 0 });
    await send('/api/portal/profile-page', { headers: { 'X-Portal-Page-Token': 'tok' } });
    const headers = server.calls.map((c) => (c as { headers: Record<string, string> }).headers);
    expect(headers[0]).toEqual({ 'X-Portal-Page-Token': 'tok' });
    expect(headers[1]).toEqual({ 'X-Portal-Page-Token': 'tok', [TICKET_HEADER]: 'abc.first' });
    expect(headers[2]).toEqual({ 'X-Portal-Page-Token': 'tok', [TICKET_HEADER]: 'abc.second' });
    // A refusal without a ticket (too much from one address) keeps the last one.
    expect(headers[3]).toEqual({ 'X-Portal-Page-Token': 'tok', [TICKET_HEADER]: 'abc.second' });
  });

  it('cuts a wait that would pass the bound to a last try just before it, instead of giving up early', async () => {
    clearNotice();
    // Every refusal asks for 15 s, with the most jitter: 22.5 s each time.
    const server = scripted(Array.from({ length: 10 }, () => refusal(503, { notProcessed: true, retryAfter: 15 })));
    const clock = fakeClock();
    const send = withRepeats(server.send, { now: clock.now, wait: clock.wait, random: () => 0.999999 });
    await expect(send('/api/portal/profile-page', {})).rejects.toBeInstanceOf(ClientResponseError);
    // 22.5 s, then the rest up to just before 30 s: a second try where giving up at once left one.
    expect(clock.waits[0]).toBe(22_500);
    expect(clock.waits).toHaveLength(2);
    expect(clock.now()).toBeLessThan(OVERLOAD.retryForMs);
    expect(clock.now()).toBeGreaterThan(OVERLOAD.retryForMs - 1000);
    expect(server.calls).toHaveLength(3);
    expect(useNoticeStore.getState().message).toBe(OVERLOAD.message);
  });
});
