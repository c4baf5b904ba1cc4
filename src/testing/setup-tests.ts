import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

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

// The files of a worker share one jsdom and one module registry (isolate: false in
// vitest.config.ts: the layer took 60 core-s with a fresh environment per file, 13 without). What a
// fresh environment would give the next file is restored here: the app's modules are loaded anew
// (their module-level state with them), the document, storage, cookies and address are emptied,
// and mocks, stubs and fake timers are undone.
const startUrl = window.location.href;
afterAll(() => {
  vi.resetModules();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  document.body.removeAttribute('style');
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', startUrl);
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
