import PocketBase, { type SendOptions } from 'pocketbase';

import { OVERLOAD } from '@/rules/load';
import { clearNotice, showNotice, useNoticeStore } from '@/stores/notice';

import { type RepeatOptions, withRepeats as repeating } from './repeat';

export { notProcessed, repeatDelay } from './repeat';

// The one PocketBase client. The SPA is served by PocketBase itself (or proxied
// by Vite in development), so the API lives at the page's own origin.
export const pb = new PocketBase(import.meta.env.VITE_PB_URL || (typeof window === 'undefined' ? '/' : window.location.origin));

// SPEC section 7: auto-cancellation off; parallel requests are intended.
pb.autoCancellation(false);

/**
 * Sends with repeats (src/lib/repeat.ts, decision 030): a request the server refused before doing
 * anything goes again after Retry-After for up to about 30 s, with a calm notice while it waits;
 * the form that sent it keeps its input and files. At the bound the overload message shows.
 */
export function withRepeats(send: (path: string, options: SendOptions) => Promise<unknown>, options: RepeatOptions = {}) {
  return repeating(send, {
    onWait: () => showNotice(OVERLOAD.waitMessage, 'info'),
    onDone: () => {
      if (useNoticeStore.getState().message === OVERLOAD.waitMessage) clearNotice();
    },
    onGiveUp: () => showNotice(OVERLOAD.message),
    ...options,
  });
}

pb.send = withRepeats(pb.send.bind(pb)) as typeof pb.send;

// A 503 that was not the front's marked refusal (PocketBase answering itself): said at once.
pb.afterSend = (response, data) => {
  if (response.status === 503 && (data as { notProcessed?: boolean } | null)?.notProcessed !== true) showNotice(OVERLOAD.message);
  return data;
};
