import PocketBase from 'pocketbase';

// The one PocketBase client. The SPA is served by PocketBase itself (or proxied
// by Vite in development), so the API lives at the page's own origin.
export const pb = new PocketBase(import.meta.env.VITE_PB_URL || window.location.origin);

// SPEC section 7: auto-cancellation off; parallel requests are intended.
pb.autoCancellation(false);
