import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';

/** Records every tag-manager request and answers it inside the browser (there is no internet here). */
async function watchTagManager(page: Page) {
  const requests: string[] = [];
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: 'window.__gtmLoaded = true;' });
  });
  return requests;
}

const pageviews = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((e) => e.event === 'pageview'),
  );

test.describe('cookie consent', () => {
  test('no tag-manager request and no pageview before opt-in, nor after declining', async ({ page, expectNoA11yViolations }) => {
    const requests = await watchTagManager(page);
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'Cookie-Einwilligung' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await page.goto('/aktionsbedingungen?quelle=test#tabelle');
    expect(requests).toEqual([]);
    expect(await pageviews(page)).toEqual([]);

    await page.getByRole('button', { name: 'Nur notwendige' }).first().click();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Datenschutzerklärung' })).toBeVisible();
    expect(requests).toEqual([]);
    expect(await pageviews(page)).toEqual([]);
    await expect(page.getByRole('dialog', { name: 'Cookie-Einwilligung' })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('nora-consent-interacted'))).toBe('true');
  });

  test('the choice is kept in local storage, not in a cookie, and recorded on the server', async ({ page, admin }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Alle akzeptieren' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Cookie-Einwilligung' })).toBeHidden();
    // What the privacy notice says: no cookie outlives the session, the choice is in local storage.
    const cookies = await page.context().cookies();
    expect(cookies.filter((c) => c.expires > 0)).toEqual([]);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('nora_consent') ?? 'null'));
    expect(stored).toMatchObject({ categories: ['necessary', 'analytics', 'marketing'], languageCode: 'de' });
    // The server's record of that choice: consent id, categories, template version, language.
    await expect
      .poll(async () => (await admin.collection('consents').getList(1, 1, { filter: `consentId = "${stored.consentId}"` })).items[0])
      .toMatchObject({ categories: ['necessary', 'analytics', 'marketing'], templateVersion: 1, language: 'de' });
  });

  test('opt-in loads the tag manager and sends pageviews with path, hash and search', async ({ page }) => {
    const requests = await watchTagManager(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Alle akzeptieren' }).first().click();
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST');
    await expect.poll(() => pageviews(page)).toEqual([{ event: 'pageview', page_path: '/', page_hash: '', page_search: '' }]);

    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'FAQ' }).click();
    await expect
      .poll(async () => (await pageviews(page)).at(-1))
      .toEqual({ event: 'pageview', page_path: '/', page_hash: '#faq', page_search: '' });

    // After a reload the stored choice loads the tag manager again without asking.
    await page.goto('/impressum?quelle=mail');
    await expect(page.getByRole('dialog', { name: 'Cookie-Einwilligung' })).toBeHidden();
    await expect.poll(() => requests.length).toBe(2);
    await expect
      .poll(async () => (await pageviews(page)).at(-1))
      .toEqual({
        event: 'pageview',
        page_path: '/impressum',
        page_hash: '',
        page_search: '?quelle=mail',
      });
  });

  test('the button at the lower left opens the preferences on every page; withdrawal stops tracking from then on', async ({
    page,
    expectNoA11yViolations,
  }) => {
    const requests = await watchTagManager(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Alle akzeptieren' }).first().click();
    await expect.poll(() => requests.length).toBe(1);

    for (const path of ['/', '/login', '/impressum', '/datenschutz', '/aktionsbedingungen']) {
      await page.goto(path);
      const button = page.getByRole('button', { name: 'Cookie-Einstellungen öffnen' });
      const box = await button.boundingBox();
      const viewport = page.viewportSize()!;
      expect(box!.x).toBeLessThan(40);
      expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 40);
    }

    // The prerendered page shows the button before React has taken the page over, and a click
    // before that does nothing (beside a second npm test the click came first): as a visitor
    // would, click again while nothing has opened.
    const prefs = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
    await expect(async () => {
      if (!(await prefs.isVisible())) await page.getByRole('button', { name: 'Cookie-Einstellungen öffnen' }).click({ timeout: 2_000 });
      await expect(prefs).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(prefs.getByText('Notwendig', { exact: true }).first()).toBeVisible();
    await expect(prefs.getByText('Marketing', { exact: true }).first()).toBeVisible();
    await expectNoA11yViolations(page);
    const analytics = prefs.getByRole('checkbox', { name: 'Analyse' });
    await expect(analytics).toBeChecked();
    await analytics.uncheck({ force: true });
    await prefs.getByRole('button', { name: 'Auswahl speichern' }).click();
    await expect(prefs).toBeHidden();

    const before = (await pageviews(page)).length;
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Teilnahmeerklärung' }).click();
    await expect(page.getByRole('heading', { name: 'Aktionsbedingungen' })).toBeVisible();
    expect((await pageviews(page)).length).toBe(before);

    // A fresh page load after withdrawal does not load the tag manager at all.
    const loads = requests.length;
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Aktionsbedingungen' })).toBeVisible();
    // Everything the page loads of its own accord has loaded once the network is quiet.
    await page.waitForLoadState('networkidle');
    expect(requests).toHaveLength(loads);
  });
});
