import PocketBase from 'pocketbase';

import { OVERLOAD } from '@/rules/load';
import { showNotice } from '@/stores/notice';

// The one PocketBase client. The SPA is served by PocketBase itself (or proxied
// by Vite in development), so the API lives at the page's own origin.
export const pb = new PocketBase(import.meta.env.VITE_PB_URL || (typeof window === 'undefined' ? '/' : window.location.origin));

// SPEC section 7: auto-cancellation off; parallel requests are intended.
pb.autoCancellation(false);

// An overloaded server refuses at once (503, issue 21): every page says so the same way.
pb.afterSend = (response, data) => {
  if (response.status === 503) showNotice(OVERLOAD.message);
  return data;
};
