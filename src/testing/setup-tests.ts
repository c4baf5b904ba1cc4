import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { pb } from '@/lib/pocketbase';
import { resetConsentStore } from '@/stores/consent';
import { resetSessionStore } from '@/stores/session';

// findBy… and waitFor poll; Testing Library gives up after 1 s by default, which a lazily loaded
// route on a busy machine (or the first, cold import of a run) can take. The bound is generous so
// a slow machine waits longer instead of failing; a correct page answers in milliseconds.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  pb.authStore.clear();
  resetSessionStore();
  resetConsentStore();
  localStorage.clear();
});

// jsdom has no layout; the app scrolls on navigation.
window.scrollTo = () => {};

// Unit tests have no server: every request fails fast as if offline. API tests use a real PocketBase.
globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch (unit tests run offline)'));

// jsdom lacks these browser APIs that cmdk and Radix call.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
