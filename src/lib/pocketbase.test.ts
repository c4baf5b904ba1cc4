import { describe, expect, it } from 'vitest';

import { OVERLOAD } from '@/rules';
import { clearNotice, useNoticeStore } from '@/stores/notice';

import { pb } from './pocketbase';

describe('the PocketBase client', () => {
  it('says in German that the portal is overloaded when the server sheds a request (503), and only then', async () => {
    clearNotice();
    const data = { status: 500, message: 'boom', data: {} };
    expect(await pb.afterSend!(new Response('{}', { status: 500 }), data, {})).toBe(data);
    expect(useNoticeStore.getState().message).toBeNull();
    await pb.afterSend!(new Response('{}', { status: 503 }), { status: 503, message: OVERLOAD.message, data: {} }, {});
    expect(useNoticeStore.getState().message).toBe(OVERLOAD.message);
    expect(OVERLOAD.message).toMatch(/später erneut/);
  });
});
