import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useConsentStore } from '@/stores/consent';

import { initConsent, trackEvent } from './consent';

type Loader = NonNullable<Parameters<typeof initConsent>[0]>['load'];

const CHOICE = { consentId: '0b4c2c4e-9d36-4b8e-9a57-1f6c7a1d2e3f', revision: 1, languageCode: 'de' };

function fakeConsent(accepted: string[], { interact = false } = {}) {
  return (async () => ({
    run: async (config: { onConsent?: () => void; onFirstConsent?: () => void }) => {
      if (interact) config.onFirstConsent?.();
      config.onConsent?.();
    },
    acceptedCategory: (name: string) => accepted.includes(name),
    getCookie: () => ({ ...CHOICE, categories: accepted }),
    showPreferences: () => {},
  })) as unknown as Loader;
}
const noRecord = async () => {};

describe('the consent manager', () => {
  beforeEach(() => {
    window.dataLayer = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((s) => s.remove());
  });

  it('ends in the failed state when it is not up within 5000 ms, and tracks nothing', async () => {
    vi.useFakeTimers();
    const never = (() => new Promise(() => {})) as unknown as Loader;
    const done = initConsent({ load: never, gtmId: 'GTM-TEST', record: noRecord });
    await vi.advanceTimersByTimeAsync(4999);
    expect(useConsentStore.getState().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(useConsentStore.getState()).toMatchObject({ status: 'failed', analytics: false, marketing: false });
    trackEvent('pageview', { page_path: '/' });
    expect(window.dataLayer).toEqual([]);
  });

  it('also fails when the library cannot be loaded', async () => {
    await initConsent({ load: (() => Promise.reject(new Error('offline'))) as unknown as Loader, gtmId: 'GTM-TEST', record: noRecord });
    expect(useConsentStore.getState().status).toBe('failed');
  });

  it('is initialized without loading the tag manager while only necessary cookies are allowed', async () => {
    await initConsent({ load: fakeConsent(['necessary']), gtmId: 'GTM-TEST', record: noRecord });
    expect(useConsentStore.getState()).toMatchObject({ status: 'initialized', analytics: false });
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
    trackEvent('cashbackSubmit', { campaign: 'x' });
    expect(window.dataLayer).toEqual([]);
  });

  it('loads the tag manager and lets events through once analytics is accepted', async () => {
    await initConsent({ load: fakeConsent(['necessary', 'analytics'], { interact: true }), gtmId: 'GTM-TEST', record: noRecord });
    expect(useConsentStore.getState()).toMatchObject({ status: 'interacted', analytics: true });
    expect(document.querySelector('script[src*="googletagmanager"]')?.getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-TEST',
    );
    trackEvent('cashbackSubmit', { campaign: 'c1' });
    expect(window.dataLayer).toContainEqual({ event: 'cashbackSubmit', campaign: 'c1' });
    expect(localStorage.getItem('nora-consent-interacted')).toBe('true');
  });

  it('loads no tag manager when none is configured, even with consent', async () => {
    await initConsent({ load: fakeConsent(['necessary', 'analytics']), gtmId: null, record: noRecord });
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });

  it('records the first choice and every change for the server, and a failed record changes nothing', async () => {
    const recorded: unknown[] = [];
    await initConsent({
      load: fakeConsent(['necessary', 'analytics'], { interact: true }),
      gtmId: null,
      record: async (c) => void recorded.push(c),
    });
    expect(recorded).toEqual([{ ...CHOICE, categories: ['necessary', 'analytics'] }]);
    const failing = vi.spyOn(console, 'error').mockImplementation(() => {});
    await initConsent({
      load: fakeConsent(['necessary'], { interact: true }),
      gtmId: null,
      record: () => Promise.reject(new Error('offline')),
    });
    await vi.waitFor(() => expect(failing).toHaveBeenCalled());
    expect(useConsentStore.getState().status).toBe('interacted');
    failing.mockRestore();
  });

  it('keeps no consent cookie: the choice lives in local storage', async () => {
    let options: { cookie?: { useLocalStorage?: boolean } } = {};
    const spy = (async () => ({
      run: async (config: typeof options) => void (options = config),
      acceptedCategory: () => false,
      getCookie: () => ({}),
      showPreferences: () => {},
    })) as unknown as Loader;
    await initConsent({ load: spy, gtmId: null, record: noRecord });
    expect(options.cookie?.useLocalStorage).toBe(true);
  });
});
