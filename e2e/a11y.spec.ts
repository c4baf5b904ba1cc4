import type { Page } from '@playwright/test';

import { jobsFor } from '../src/config/datacenter-jobs';
import { LIVE_REGION_SETTLE_MS } from '../src/config/ui';
import type { Role } from '../src/lib/roles';
import { invoicePdf } from '../tests/helpers/invoices';
import { declineCookies, expect, hasFocusRing, openInQueue, signInAs, storeSession, submissionToCheck, test } from './fixtures';

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
// Every job of the data area has its own address (issue 36): each is checked on its own at the
// phone's width, where its layout is tightest; at the desktop width the data area's first job
// (the feature specs run axe on the others there).
// (/datacenter is the role's first job.)
const jobPaths = (role: Role) =>
  jobsFor(role)
    .slice(1)
    .map((j) => `/datacenter/${j.slug}`);
const SIGNED_IN = [
  { role: 'users', id: 'demowerkstatt01', paths: ['/profile', '/cashback'], phoneOnly: [] },
  { role: 'administrators', id: 'demoadmin000001', paths: ['/adminprofile', '/datacenter'], phoneOnly: jobPaths('Administrator') },
  { role: 'auditors', id: 'demopruefer0001', paths: ['/adminprofile', '/cashback', '/datacenter'], phoneOnly: jobPaths('Auditor') },
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

    for (const { role, id, paths, phoneOnly } of SIGNED_IN) {
      for (const path of viewport.width <= 360 ? [...paths, ...phoneOnly] : paths) {
        test(`${role}: ${path} has no axe violations and no horizontal scrolling`, async ({ page, admin, expectNoA11yViolations }) => {
          await storeSession(page, admin, role, id);
          await checkRoute(page, path, expectNoA11yViolations);
        });
      }
    }
  });
}

// The check above must be able to fail: a page given an image without a text alternative, an
// unnamed button and pale text is refused, each violation named.
test('the axe check refuses a page with an image without alt text, an unnamed button and pale text', async ({
  page,
  expectNoA11yViolations,
}) => {
  await page.goto('/aktionsbedingungen');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.evaluate(() => {
    const flawed = document.createElement('div');
    flawed.innerHTML = '<img src="/robots.txt"><button></button><p style="color:#ccc;background:#fff">blass</p>';
    document.body.append(flawed);
  });
  const failure = await expectNoA11yViolations(page).then(
    () => '',
    (err: Error) => err.message,
  );
  for (const rule of ['image-alt', 'button-name', 'color-contrast']) expect(failure).toContain(rule);
});

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

  /**
   * Every button of the page (the files' downloads among them) lies inside the 360 px screen: file
   * tables stack their rows there instead of scrolling sideways (issue 36).
   */
  async function expectButtonsInsideScreen(page: Page) {
    const buttons = await page.getByRole('main').getByRole('button').all();
    expect(buttons.length).toBeGreaterThan(3);
    for (const button of buttons) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, (await button.getAttribute('aria-label')) ?? (await button.innerText())).toBeLessThanOrEqual(360);
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
    await page.goto('/datacenter/importe');
    await declineCookies(page);
    const upload = async (block: string, name: string, body: string) => {
      const region = page.getByRole('region', { name: block });
      await region.getByLabel(`${block} (CSV-Datei)`).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(body) });
      await expect(region.getByRole('row', { name: new RegExp(name.slice(0, 20)) }).first()).toContainText('Verarbeitet');
    };
    await upload('Umsatzdaten hochladen', LONG, `user,bnr,knr,gpnr,deliverydate,sales\n${workshop.id},400001,K1,G1,2025-06-01,1\nkaputt\n`);
    await upload('Geschäftspartnernummern hochladen', `gp_${LONG}`, `user,bnr,knr,gpnr\n${workshop.id},400001,K1,G1\n`);
    await expectButtonsInsideScreen(page);
    await page.goto('/datacenter/dateien');
    await page.getByRole('button', { name: 'Neue Userdaten-Datei erstellen' }).click();
    await page.getByRole('button', { name: 'Neue Registrierungsdatei erstellen' }).click();
    await expect(page.getByRole('region', { name: 'Registrierungsdaten' }).getByRole('row')).not.toHaveCount(1);
    // Files of one day are told apart by their time.
    await expect(page.getByRole('region', { name: 'Userdaten herunterladen' }).getByRole('row').nth(1)).toContainText(
      /\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/,
    );
    await expectButtonsInsideScreen(page);
    await reopenConsent(page);
    await expectNoPageOverflow(page);
  });

  test('auditor: the audit file and an uploaded result stay inside the screen', async ({ page, admin }) => {
    await signInAs(page, admin, 'auditors', 'demopruefer0001');
    await page.goto('/datacenter/pruefdateien');
    await declineCookies(page);
    const region = page.getByRole('region', { name: 'Prüfdatei hochladen' });
    await region
      .getByLabel('Prüfdatei hochladen (CSV-Datei)')
      .setInputFiles({ name: `pruefergebnis_${LONG}`, mimeType: 'text/csv', buffer: Buffer.from('id;status\n') });
    await expect(region.getByRole('row', { name: /pruefergebnis_/ })).toBeVisible();
    await expectButtonsInsideScreen(page);
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

test.describe('at 360 px, the review', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('an invoice PDF opens in the width of the phone, and the page does not scroll sideways', async ({ page, admin, makeAccount }) => {
    const pdf = new Blob([new Uint8Array(await invoicePdf(['Rechnungsnummer: RE-360', 'Rechnungsdatum: 01.09.2025']))], {
      type: 'application/pdf',
    });
    const { auditor, voucher, submission, settle } = await submissionToCheck(admin, makeAccount, {
      tier: 81,
      workshop: { shopName: 'Schmale Werkstatt' },
      file: pdf,
      filename: 'rechnung.pdf',
    });
    try {
      await signInAs(page, admin, 'auditors', auditor.id);
      await page.goto('/datacenter/pruefung');
      await declineCookies(page);
      const queue = await openInQueue(page, voucher.code);
      const sheet = queue.getByRole('img', { name: `Rechnung ${submission.id}, Seite 1` });
      await expect(sheet).toBeVisible();
      const box = (await sheet.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    } finally {
      await settle();
    }
  });
});
