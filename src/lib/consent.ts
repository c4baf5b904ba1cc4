import type * as CookieConsentApi from 'vanilla-cookieconsent';

import { CONSENT_TIMEOUT_MS } from '@/config/ui';
import { paths } from '@/config/paths';
import { hasInteracted, markInteracted, useConsentStore } from '@/stores/consent';

import { recordConsent, type ConsentChoice } from './api/record-consent';

type CookieConsentModule = typeof CookieConsentApi;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const GTM_ID = (import.meta.env.VITE_GTM_ID as string | undefined)?.trim() || null;
let api: CookieConsentModule | null = null;
let gtmLoaded = false;

/** Loads the tag manager once, and only when one is configured and analytics is accepted. */
function loadTagManager(gtmId: string | null) {
  if (!gtmId || gtmLoaded) return;
  gtmLoaded = true;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.appendChild(script);
}

function applyChoice(consent: CookieConsentModule, gtmId: string | null) {
  const analytics = consent.acceptedCategory('analytics');
  const marketing = consent.acceptedCategory('marketing');
  useConsentStore.setState({ analytics, marketing });
  if (analytics) {
    loadTagManager(gtmId);
    pushEvent({ event: 'consent_update', analytics, marketing });
  }
}

function pushEvent(event: Record<string, unknown>) {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}

/** Sends an analytics event, but only while the visitor allows analytics. */
export function trackEvent(event: string, data: Record<string, unknown> = {}) {
  if (!useConsentStore.getState().analytics) return;
  pushEvent({ event, ...data });
}

export function trackPageview(location: { pathname: string; hash: string; search: string }) {
  trackEvent('pageview', { page_path: location.pathname, page_hash: location.hash, page_search: location.search });
}

const texts: CookieConsentApi.Translation = {
  consentModal: {
    label: 'Cookie-Einwilligung',
    title: 'Wir verwenden Cookies',
    // One block per sentence: the dialog appears after the page has painted, and no block of it
    // may be larger than the page's own main text, or it would become the page's LCP element.
    description: [
      'Notwendige Cookies brauchen wir, damit das Portal funktioniert.',
      'Analyse- und Marketing-Dienste nutzen wir nur mit Ihrer Einwilligung.',
      'Sie helfen uns, das Portal zu verbessern.',
      'Sie können Ihre Einwilligung jederzeit für die Zukunft ändern oder widerrufen.',
    ]
      .map((sentence) => `<span class="cc-sentence">${sentence}</span>`)
      .join(' '),
    acceptAllBtn: 'Alle akzeptieren',
    acceptNecessaryBtn: 'Nur notwendige',
    showPreferencesBtn: 'Einstellungen',
    footer: `<a href="${paths.datenschutz.getHref()}">Datenschutz</a> <a href="${paths.impressum.getHref()}">Impressum</a>`,
  },
  preferencesModal: {
    title: 'Cookie-Einstellungen',
    acceptAllBtn: 'Alle akzeptieren',
    acceptNecessaryBtn: 'Nur notwendige',
    savePreferencesBtn: 'Auswahl speichern',
    closeIconLabel: 'Schließen',
    serviceCounterLabel: 'Dienste',
    sections: [
      {
        title: 'Ihre Privatsphäre',
        description:
          'Hier legen Sie fest, welche Cookies wir setzen dürfen. Marketing- und Tracking-Cookies setzen wir nur mit Ihrer Einwilligung. Cookies werden höchstens für die Dauer der Sitzung gespeichert.',
      },
      {
        title: 'Notwendig',
        description: 'Für Anmeldung, Registrierung und Sicherheit erforderlich. Diese Cookies brauchen keine Einwilligung.',
        linkedCategory: 'necessary',
      },
      {
        title: 'Analyse',
        description: 'Helfen uns zu verstehen, wie das Portal genutzt wird (Seitenaufrufe, Einreichungen). Aufbewahrung 14 Monate.',
        linkedCategory: 'analytics',
      },
      {
        title: 'Marketing',
        description: 'Ermöglichen es, die Aktion auf anderen Seiten passend zu bewerben.',
        linkedCategory: 'marketing',
      },
      {
        title: 'Weitere Informationen',
        description: `Details finden Sie in unserer <a href="${paths.datenschutz.getHref()}">Datenschutzerklärung</a>.`,
      },
    ],
  },
};

export interface InitOptions {
  load?: () => Promise<CookieConsentModule>;
  /** Where each choice is recorded (the server's consent record by default). */
  record?: (choice: ConsentChoice) => Promise<void>;
  timeoutMs?: number;
  gtmId?: string | null;
}

/**
 * Starts the consent manager. If it is not up within the timeout, the state is
 * 'failed' and nothing that needs consent ever runs.
 */
export async function initConsent({
  load = () => import('./consent-loader').then((m) => m.loadCookieConsent()),
  timeoutMs = CONSENT_TIMEOUT_MS,
  gtmId = GTM_ID,
  record = recordConsent,
}: InitOptions = {}): Promise<void> {
  // A failed record never stands in the visitor's way; the choice itself is kept in the browser.
  const keep = (consent: CookieConsentModule) =>
    void record(consent.getCookie() as ConsentChoice).catch((err: unknown) => console.error('Einwilligung nicht gespeichert', err));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const start = (async () => {
    const consent = await load();
    await consent.run({
      hideFromBots: false,
      revision: 1,
      // No cookie: the choice lives in local storage beside the interaction flag (SPEC section 4),
      // as the privacy notice says; cookies of the portal last at most the session.
      cookie: { name: 'nora_consent', useLocalStorage: true, expiresAfterDays: 365 },
      guiOptions: {
        consentModal: { layout: 'box', position: 'bottom right', equalWeightButtons: true },
        preferencesModal: { layout: 'box', equalWeightButtons: true },
      },
      categories: {
        necessary: { enabled: true, readOnly: true },
        analytics: { autoClear: { cookies: [{ name: /^_ga/ }, { name: '_gid' }] } },
        marketing: {},
      },
      onConsent: () => applyChoice(consent, gtmId),
      onChange: () => {
        applyChoice(consent, gtmId);
        keep(consent);
      },
      onFirstConsent: () => {
        markInteracted();
        keep(consent);
      },
      onModalShow: () => useConsentStore.setState({ status: 'open' }),
      onModalHide: () => useConsentStore.setState({ status: hasInteracted() ? 'interacted' : 'initialized' }),
      language: { default: 'de', translations: { de: texts } },
    });
    return consent;
  })();
  const result = await Promise.race([start.catch(() => 'timeout' as const), timeout]);
  clearTimeout(timer);
  if (result === 'timeout') {
    useConsentStore.setState({ status: 'failed', analytics: false, marketing: false });
    return;
  }
  api = result;
  if (useConsentStore.getState().status === 'pending') {
    useConsentStore.setState({ status: hasInteracted() ? 'interacted' : 'initialized' });
  }
}

/** Opens the preferences pop-up; after a failure it tries to start the manager again. */
export function openConsentPreferences() {
  if (api) {
    api.showPreferences();
    return;
  }
  useConsentStore.setState({ status: 'pending' });
  void initConsent().then(() => api?.showPreferences());
}
