import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useConsentStore } from '@/stores/consent';

import { initConsent, trackEvent } from './consent';

type Loader = NonNullable<Parameters<typeof initConsent>[0]>['load'];

function fakeConsent(accepted: string[], { interact = false } = {}) {
  return (async () => ({
    run: async (config: { onConsent?: () => void; onFirstConsent?: () => void }) => {
      if (interact) config.onFirstConsent?.();
      config.onConsent?.();
    },
    acceptedCategory: (name: string) => accepted.includes(name),
    showPreferences: () => {},
  })) as unknown as Loader;
}

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
    const done = initConsent({ load: never, gtmId: 'GTM-TEST' });
    await vi.advanceTimersByTimeAsync(4999);
    expect(useConsentStore.getState().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(useConsentStore.getState()).toMatchObject({ status: 'failed', analytics: false, marketing: false });
    trackEvent('pageview', { page_path: '/' });
    expect(window.dataLayer).toEqual([]);
  });

  it('also fails when the library cannot be loaded', async () => {
    await initConsent({ load: (() => Promise.reject(new Error('offline'))) as unknown as Loader, gtmId: 'GTM-TEST' });
    expect(useConsentStore.getState().status).toBe('failed');
  });

  it('is initialized without loading the tag manager while only necessary cookies are allowed', async () => {
    await initConsent({ load: fakeConsent(['necessary']), gtmId: 'GTM-TEST' });
    expect(useConsentStore.getState()).toMatchObject({ status: 'initialized', analytics: false });
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
    trackEvent('cashbackSubmit', { campaign: 'x' });
    expect(window.dataLayer).toEqual([]);
  });

  it('loads the tag manager and lets events through once analytics is accepted', async () => {
    await initConsent({ load: fakeConsent(['necessary', 'analytics'], { interact: true }), gtmId: 'GTM-TEST' });
    expect(useConsentStore.getState()).toMatchObject({ status: 'interacted', analytics: true });
    expect(document.querySelector('script[src*="googletagmanager"]')?.getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-TEST',
    );
    trackEvent('cashbackSubmit', { campaign: 'c1' });
    expect(window.dataLayer).toContainEqual({ event: 'cashbackSubmit', campaign: 'c1' });
    expect(localStorage.getItem('nora-consent-interacted')).toBe('true');
  });

  it('loads no tag manager when none is configured, even with consent', async () => {
    await initConsent({ load: fakeConsent(['necessary', 'analytics']), gtmId: null });
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });
});
