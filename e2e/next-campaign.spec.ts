import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Browser } from '@playwright/test';

import { TEST_BUILD_DIR } from '../scripts/lib/build.mjs';
import { startPageRenderer } from '../scripts/lib/page-renderer.mjs';
import { ROOT } from '../scripts/lib/pocketbase.mjs';
import { PASSWORD, voucherCode, workshopData } from '../tests/helpers/fixtures';
import { startPocketBase, type TestServer } from '../tests/helpers/pocketbase';
import { declineCookies, enterAs, expect, test } from './fixtures';

// Issue 60, end to end on a portal of its own (its clock is moved): an administrator creates
// the next campaign from 2025 and edits its terms, a second administrator releases it; on its
// start date the landing page and the terms show its facts and text, and a workshop registered
// in 2025 sees its codes of both campaigns with their labels.

let pb: TestServer;
let renderer: ReturnType<typeof startPageRenderer> | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-next-campaign-'));
const publicDir = path.join(ROOT, TEST_BUILD_DIR);
/** PocketBase with the clock at `now` and, as `npm start` runs it, the page renderer beside it (decision 061). */
const start = async (now: string) => {
  renderer?.stop();
  const server = await startPocketBase({ dataDir, publicDir, env: { PORTAL_NOW: now } });
  renderer = startPageRenderer({ apiUrl: server.url, dataDir, publicDir, intervalMs: 500 });
  await renderer.first;
  return server;
};
const pageOn = async (browser: Browser, options: { javaScriptEnabled?: boolean } = {}) =>
  (await browser.newContext({ baseURL: pb.url, locale: 'de-DE', ...options })).newPage();

test.afterAll(async () => {
  renderer?.stop();
  await pb?.stop();
});

test('the next campaign: made from 2025, released by a second administrator, in force on its start date', async ({ browser }) => {
  test.setTimeout(120_000);
  pb = await start('2025-09-15T10:00:00Z');
  const staff = (n: number) =>
    pb.admin.collection('administrators').create({
      email: `aktion-${n}-${Date.now()}@nora-aktion.de`,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      firstName: 'Ada',
      lastName: `Admin ${n}`,
      verified: true,
    });
  const [first, second] = [await staff(1), await staff(2)];
  const workshop = await pb.admin.collection('users').create(workshopData({ verified: true }));
  const c2025 = await pb.admin.collection('campaigns').getFirstListItem('year = 2025');
  await pb.admin.collection('vouchers').create({ code: voucherCode(), status: 'open', user: workshop.id, campaign: c2025.id, tier: 1 });

  // The first administrator makes the next campaign and writes its terms.
  let page = await pageOn(browser);
  await enterAs(page, pb.admin, { collection: 'administrators', id: first.id }, '/datacenter/aktionen');
  await declineCookies(page);
  await page.getByRole('button', { name: 'Neue Aktion' }).click();
  const editor = page.getByRole('region', { name: 'Aktion NORA Cashback-Aktion 2026 bearbeiten' });
  await editor.getByLabel('Cashback', { exact: true }).fill('60');
  await editor
    .getByLabel('Aktionsbedingungen')
    .fill('## Aktion 2026\n\nNeu in {{jahr}}: je {{schwelle}} Einkauf {{cashback}} zurück, vom {{start}} bis {{ende}}.');
  await editor.getByRole('button', { name: 'Speichern' }).click();
  await expect(editor.getByText('Gespeichert.')).toBeVisible();
  await page.context().close();

  // The second one releases it.
  page = await pageOn(browser);
  await enterAs(page, pb.admin, { collection: 'administrators', id: second.id }, '/datacenter/aktionen');
  await declineCookies(page);
  await page.getByRole('button', { name: 'NORA Cashback-Aktion 2026 bearbeiten' }).click();
  await page.getByRole('button', { name: 'Freigeben …' }).click();
  await page.getByRole('dialog', { name: 'Aktion freigeben?' }).getByRole('button', { name: 'Freigeben' }).click();
  await expect(page.getByText('Freigegeben: Die Aktion beginnt zu ihrem Aktionsbeginn.')).toBeVisible();
  await page.context().close();

  // Until it begins, 2025 is in force.
  page = await pageOn(browser);
  await page.goto('/aktionsbedingungen');
  await expect(page.getByRole('article')).toContainText('Teilnahmeerklärung zur NORA Cashback-Aktion 2025');
  await page.context().close();

  // On its start date (the portal restarted with the clock there), the public pages show it.
  const c2026 = await pb.admin.collection('campaigns').getFirstListItem('year = 2026');
  await pb.stop();
  pb = await start('2026-05-15T08:00:00Z');
  await pb.admin.collection('vouchers').create({ code: voucherCode(), status: 'open', user: workshop.id, campaign: c2026.id, tier: 1 });
  // The pages' HTML carries 2026's facts and text before any script runs (rendered at start).
  page = await pageOn(browser, { javaScriptEnabled: false });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Hinweise zur Aktion' })).toContainText(
    'Aktionszeitraum 15.05.2026 bis 31.10.2026. 60 € Cashback',
  );
  await page.goto('/aktionsbedingungen');
  await expect(page.getByRole('heading', { name: 'Aktion 2026' })).toBeVisible();
  await page.context().close();
  page = await pageOn(browser);
  await page.goto('/');
  const footnote = page.getByRole('region', { name: 'Hinweise zur Aktion' });
  await expect(footnote).toContainText('Aktionszeitraum 15.05.2026 bis 31.10.2026. 60 € Cashback');
  await page.goto('/aktionsbedingungen');
  await expect(page.getByRole('heading', { name: 'Aktion 2026' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText(/Neu in 2026: je 500\s€ Einkauf 60\s€ zurück, vom 15\.05\.2026 bis 31\.10\.2026\./);

  // The workshop of 2025 sees its codes of both campaigns, each with its campaign.
  await enterAs(page, pb.admin, { collection: 'users', id: workshop.id }, '/profile');
  await declineCookies(page);
  await expect(page.getByText('NORA Cashback-Aktion 2025').first()).toBeVisible();
  await expect(page.getByText('NORA Cashback-Aktion 2026').first()).toBeVisible();
  // It accepted 2025's terms at sign-up: the terms page says so and shows that version on request.
  await page.goto('/aktionsbedingungen');
  await expect(
    page.getByText(/Sie haben bei Ihrer Registrierung die Fassung 1 der Aktionsbedingungen „NORA Cashback-Aktion“ vom/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Akzeptierte Fassung anzeigen' }).click();
  await expect(page.getByRole('region', { name: 'Akzeptierte Fassung' })).toContainText('Teilnahmeerklärung zur NORA Cashback-Aktion 2025');
  await page.context().close();

  // A correction of the running campaign's terms is in the pages' HTML within a round of the
  // renderer, without a restart or a build; the app hydrates from the same text.
  const editorClient = await pb.admin.collection('administrators').impersonate(first.id, 600);
  await editorClient.send(`/api/portal/campaigns/${c2026.id}`, {
    method: 'POST',
    body: { terms: '## Aktion 2026\n\nKorrigiert: je {{schwelle}} Einkauf {{cashback}} zurück.' },
  });
  await expect
    .poll(async () => (await (await fetch(`${pb.url}/aktionsbedingungen`)).text()).includes('Korrigiert: je 500'), { timeout: 15_000 })
    .toBe(true);
  page = await pageOn(browser);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/aktionsbedingungen');
  await expect(page.getByRole('article')).toContainText(/Korrigiert: je 500\s€ Einkauf 60\s€ zurück\./);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  await page.context().close();
});
