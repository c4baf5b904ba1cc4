import type { Page } from '@playwright/test';

import { LIVE_REGION_SETTLE_MS } from '../src/config/ui';
import { declineCookies, expect, hasFocusRing, signInAs, test } from './fixtures';

// Axe (WCAG 2.0–2.2 A and AA) on every route at a 360 px phone width and a
// 1280 px desktop width, anonymous and signed in as each role. The dialogs
// have their own axe checks in the feature specs (consent, cancel, centre
// picker, mobile menu, user menu).
const PUBLIC = [
  '/',
  '/login',
  '/forgot-password',
  '/reset-password/some-token',
  '/verify/some-token',
  '/register/init',
  '/register/account',
  '/impressum',
  '/datenschutz',
  '/aktionsbedingungen',
  '/barrierefreiheit',
  '/not-found',
];
const SIGNED_IN = [
  { role: 'users', id: 'demowerkstatt01', paths: ['/profile', '/cashback'] },
  { role: 'administrators', id: 'demoadmin000001', paths: ['/datacenter', '/adminprofile'] },
  { role: 'auditors', id: 'demopruefer0001', paths: ['/datacenter', '/adminprofile', '/cashback'] },
] as const;
const WIDTHS = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1280, height: 900 },
];

/** Opens a route, waits for its content, and checks axe and sideways scrolling. */
async function checkRoute(page: Page, path: string, expectNoA11yViolations: (page: Page) => Promise<void>) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Wird geladen')).toHaveCount(0);
  await expectNoA11yViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    // One test per route: twelve routes with axe in one test came within a second of the
    // 30 s limit on a slow machine, and a failure now names its route.
    for (const path of PUBLIC) {
      test(`public route ${path} has no axe violations and no horizontal scrolling`, async ({ page, expectNoA11yViolations }) => {
        await checkRoute(page, path, expectNoA11yViolations);
      });
    }

    for (const { role, id, paths } of SIGNED_IN) {
      test(`every ${role} route has no axe violations and no horizontal scrolling`, async ({ page, admin, expectNoA11yViolations }) => {
        await signInAs(page, admin, role, id);
        for (const path of paths) await checkRoute(page, path, expectNoA11yViolations);
      });
    }
  });
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the demo workshop’s codes are cards with their status, not a table cut off at the edge', async ({ page, admin }) => {
    await signInAs(page, admin, 'users', 'demowerkstatt01');
    await page.goto('/profile');
    const codes = page.getByRole('list', { name: 'Cashback-Codes' });
    await expect(codes.getByRole('listitem')).toHaveCount(3);
    await expect(codes.getByRole('listitem').filter({ hasText: 'NORA-Z9MF-5WSB' })).toContainText('Offen');
    await expect(page.getByRole('table', { name: /Cashback-Codes/ })).toBeHidden();
  });
});

test.describe('the data area at 360 px with every table filled', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  /** No sideways scrolling of the page, with the cookie banner still open and its buttons on screen. */
  async function expectNoPageOverflow(page: Page) {
    await expect(page.getByText('Wird geladen')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    for (const button of await page.getByRole('dialog').getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, await button.innerText()).toBeLessThanOrEqual(360);
    }
  }

  /** The first visit again: the cookie banner over the filled tables. */
  async function reopenConsent(page: Page) {
    await page.evaluate(() => {
      localStorage.removeItem('nora_consent');
      localStorage.removeItem('nora-consent-interacted');
    });
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Cookie-Einwilligung' })).toBeVisible();
  }

  const LONG = 'umsatzdaten_kalenderwoche_37_2025_alle_leistungszentren_nachlieferung.csv';

  test('administrator: uploads, server files and their download buttons stay inside the screen', async ({ page, admin, makeAccount }) => {
    const workshop = await makeAccount('users');
    await signInAs(page, admin, 'administrators', 'demoadmin000001');
    await page.goto('/datacenter');
    await declineCookies(page);
    const upload = async (block: string, name: string, body: string) => {
      const region = page.getByRole('region', { name: block });
      await region.getByLabel(`${block} (CSV-Datei)`).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(body) });
      await expect(region.getByRole('row', { name: new RegExp(name.slice(0, 20)) }).first()).toContainText('Verarbeitet');
    };
    await upload('Umsatzdaten hochladen', LONG, `user,bnr,knr,gpnr,deliverydate,sales\n${workshop.id},400001,K1,G1,2025-06-01,1\nkaputt\n`);
    await upload('Geschäftspartnernummern hochladen', `gp_${LONG}`, `user,bnr,knr,gpnr\n${workshop.id},400001,K1,G1\n`);
    await page.getByRole('button', { name: 'Neue Userdaten-Datei erstellen' }).click();
    await page.getByRole('button', { name: 'Neue Registrierungsdatei erstellen' }).click();
    await expect(page.getByRole('region', { name: 'Registrierungsdaten' }).getByRole('row')).not.toHaveCount(1);
    // Files of one day are told apart by their time.
    await expect(page.getByRole('region', { name: 'Userdaten herunterladen' }).getByRole('row').nth(1)).toContainText(
      /\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/,
    );
    await reopenConsent(page);
    await expectNoPageOverflow(page);
  });

  test('auditor: the audit file and an uploaded result stay inside the screen', async ({ page, admin }) => {
    await signInAs(page, admin, 'auditors', 'demopruefer0001');
    await page.goto('/datacenter');
    await declineCookies(page);
    const region = page.getByRole('region', { name: 'Prüfdatei hochladen' });
    await region
      .getByLabel('Prüfdatei hochladen (CSV-Datei)')
      .setInputFiles({ name: `pruefergebnis_${LONG}`, mimeType: 'text/csv', buffer: Buffer.from('id;status\n') });
    await expect(region.getByRole('row', { name: /pruefergebnis_/ })).toBeVisible();
    await reopenConsent(page);
    await expectNoPageOverflow(page);
  });
});

test('keyboard focus is visible on links, buttons and fields', async ({ page }) => {
  await page.goto('/login');
  await declineCookies(page);
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused, `focus ${i}`).toHaveCount(1);
    const tag = await focused.evaluate((el) => el.tagName);
    expect(await hasFocusRing(focused), `${tag} after ${i + 1} Tab presses shows no focus ring`).toBe(true);
  }
});

test('toasts are announced: the live region is in the page before the first toast goes into it', async ({ page }) => {
  // The toaster loads with the first toast; record when its live region and the toast appear.
  await page.addInitScript(() => {
    const seen = { region: 0, toast: 0 };
    (window as unknown as { toastTimes: typeof seen }).toastTimes = seen;
    new MutationObserver(() => {
      if (!seen.region && document.querySelector('section[aria-live]')) seen.region = performance.now();
      if (!seen.toast && document.querySelector('[data-sonner-toast]')) seen.toast = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await declineCookies(page);
  await page.waitForLoadState('networkidle');
  expect(await page.locator('section[aria-live]').count()).toBe(0); // no toast, no toaster
  // A stored session that has run out raises the session-expired toast on the next page.
  await page.evaluate(() => {
    const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60, type: 'auth', collectionId: 'x' }));
    localStorage.setItem('pocketbase_auth', JSON.stringify({ token: `e30.${payload}.sig`, record: { collectionName: 'users', id: 'x' } }));
  });
  await page.goto('/profile');
  const region = page.locator('section[aria-live]');
  await expect(region.locator('[data-sonner-toast]').filter({ hasText: 'Nicht eingeloggt oder Session abgelaufen.' })).toBeVisible();
  await expect(region).toHaveAttribute('aria-live', 'polite');
  const times = await page.evaluate(() => (window as unknown as { toastTimes: { region: number; toast: number } }).toastTimes);
  expect(times.region).toBeGreaterThan(0);
  expect(times.toast - times.region).toBeGreaterThanOrEqual(LIVE_REGION_SETTLE_MS - 20);
});
