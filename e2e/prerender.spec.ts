// Public pages arrive as HTML and React takes them over (issue 21, decision 021).
import type { Page } from '@playwright/test';

import { declineCookies, expect, test } from './fixtures';

const PUBLIC_PAGES: [string, string][] = [
  ['/', 'Wir schrauben am Preis!'],
  ['/login', 'Anmelden'],
  ['/forgot-password', 'Passwort vergessen'],
  ['/impressum', 'Impressum'],
  ['/datenschutz', 'Datenschutz'],
  ['/aktionsbedingungen', 'Aktionsbedingungen'],
  ['/barrierefreiheit', 'Erklärung zur Barrierefreiheit'],
  ['/not-found', 'Seite nicht gefunden'],
];

/** Every error or warning the page logs or throws: a hydration mismatch, an inline script the CSP blocks, … */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe('prerendered public pages', () => {
  test('each public page shows its content before any script runs; a page behind a login does not', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, heading] of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await expect(page, path).toHaveTitle(path === '/' ? 'NORA Cashback-Aktion – Wir schrauben am Preis!' : /– NORA Cashback-Aktion$/);
    }
    // Until React listens, the forms cannot be sent: the browser would put the password into the URL.
    await page.goto('/login');
    await expect(page.getByLabel('E-Mail')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeDisabled();
    await expect(page.locator('form')).toHaveAttribute('method', 'post');
    await page.goto('/');
    await expect(page.getByRole('form', { name: 'Registrierung starten' }).getByRole('textbox', { name: 'E-Mail' })).toBeDisabled();
    await page.goto('/profile');
    await expect(page.locator('#root')).toBeEmpty();
    await context.close();
  });

  test('the app’s scripts are requested only once the page is parsed and painted', async ({ page, request }) => {
    for (const path of ['/', '/login']) {
      // Nothing in the HTML makes the browser fetch the app's JS while it reads the page.
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('type="module"');
      expect(html, path).not.toContain('modulepreload');
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Cookie-Einstellungen öffnen' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { firstScript, parsed } = await page.evaluate(() => {
        const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
          (e) => e.name.endsWith('.js') && !e.name.includes('/boot-'),
        );
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { firstScript: Math.min(...scripts.map((e) => e.startTime)), parsed: navigation.domInteractive };
      });
      expect(Number.isFinite(firstScript), path).toBe(true);
      expect(firstScript, path).toBeGreaterThanOrEqual(parsed);
    }
  });

  test('React takes each prerendered page over without a hydration error or warning, and it then works', async ({ page }) => {
    const errors = watchErrors(page);
    for (const [path, heading] of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);

    // The login form answers: the check runs in the browser, so React has hydrated it.
    await page.goto('/login');
    await declineCookies(page);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('E-Mail-Adresse ist erforderlich')).toBeVisible();
    // A link leads within the app, without loading a page.
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(errors).toEqual([]);
  });

  /** Starts the registration in the landing page's form; the wizard stores the progress. */
  async function startOnLanding(page: Page, email: string) {
    await page.goto('/');
    await declineCookies(page);
    const form = page.getByRole('form', { name: 'Registrierung starten' });
    await form.getByRole('textbox', { name: 'E-Mail' }).fill(email);
    await form.getByRole('textbox', { name: 'Passwort', exact: true }).fill('geheim-passwort-1');
    await form.getByRole('textbox', { name: 'Passwort wiederholen' }).fill('geheim-passwort-1');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Jetzt registrieren' }).click();
    await expect(page).toHaveURL(/\/register\/account$/);
  }

  /** What the document looked like when parsing ended, before the app's scripts ran. */
  async function recordParsedState(page: Page) {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!;
        (window as unknown as { __parsed: object }).__parsed = {
          path: location.pathname,
          shown: getComputedStyle(root).display !== 'none',
          heading: root.querySelector('h1')?.textContent ?? null,
        };
      });
    });
  }
  const parsedState = (page: Page) => page.evaluate(() => (window as unknown as { __parsed: object }).__parsed);

  test('a registration step opened without stored progress is the landing page from the first paint', async ({ page }) => {
    const errors = watchErrors(page);
    await recordParsedState(page);
    await page.goto('/register/overview');
    expect(await parsedState(page)).toEqual({ path: '/', shown: true, heading: 'Wir schrauben am Preis!' });
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('NORA Cashback-Aktion – Wir schrauben am Preis!');
    // React took the HTML over as the landing page: its form checks in the browser.
    await declineCookies(page);
    const form = page.getByRole('form', { name: 'Registrierung starten' });
    await form.getByRole('button', { name: 'Jetzt registrieren' }).click();
    await expect(form.getByText('E-Mail ist erforderlich.')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a registration step opened with stored progress never shows the landing page; the step is drawn', async ({ page }) => {
    const errors = watchErrors(page);
    await startOnLanding(page, 'schritt@example.de');

    await recordParsedState(page);
    await page.goto('/register/account');
    expect(await parsedState(page)).toEqual({ path: '/register/account', shown: false, heading: 'Wir schrauben am Preis!' });
    await expect(page.getByRole('heading', { level: 1, name: '1. Account erstellen' })).toBeVisible();
    await expect(page.getByText('bitte geben Sie es für')).toContainText('schritt@example.de');
    await expect(page.getByRole('heading', { name: 'Wir schrauben am Preis!' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/register\/account$/);
    expect(errors).toEqual([]);
  });

  test('the landing form keeps what a visitor entered before a reload', async ({ page }) => {
    await startOnLanding(page, 'werkstatt@example.de');
    await page.goto('/');
    await expect(page.getByRole('form', { name: 'Registrierung starten' }).getByRole('textbox', { name: 'E-Mail' })).toHaveValue(
      'werkstatt@example.de',
    );
  });

  for (const path of ['/', '/login']) {
    test(`the consent pop-up on ${path} appears after the page has painted and is not its LCP element`, async ({ page }) => {
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: { inConsent: boolean; text: string }[] };
        w.__lcp = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
            w.__lcp.push({ inConsent: !!entry.element?.closest('#cc-main'), text: entry.element?.textContent ?? '' });
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(path);
      await expect(page.getByRole('dialog', { name: 'Cookie-Einwilligung' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const entries = await page.evaluate(() => (window as unknown as { __lcp: { inConsent: boolean; text: string }[] }).__lcp);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.filter((e) => e.inConsent)).toEqual([]);
      expect(entries.at(-1)?.text).not.toBe('');
    });
  }
});
