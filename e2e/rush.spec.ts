import path from 'node:path';

import type { Page } from '@playwright/test';

import { TEST_BUILD_DIR } from '../scripts/lib/build.mjs';
import { startFront } from '../scripts/lib/front.mjs';
import { ROOT } from '../scripts/lib/pocketbase.mjs';
import { freePort } from '../scripts/lib/ports.mjs';
import { PASSWORD, workshopData } from '../tests/helpers/fixtures';
import { startPocketBase, type TestServer } from '../tests/helpers/pocketbase';
import { declineCookies, expect, test } from './fixtures';

// Issue 32: a rush through the front with room for one request at a time (PORTAL_MAX_IN_FLIGHT=1)
// and a very short line, so requests are refused and the app repeats them. Several pages log in
// and finish their registration at the same moment; every one completes without an error.

const OVERLOAD_MESSAGE = 'Das Portal ist gerade stark ausgelastet. Bitte versuchen Sie es später erneut.';

test.describe('the rush, with room for one request at a time', () => {
  let pb: TestServer;
  let front: Awaited<ReturnType<typeof startFront>>;

  test.beforeAll(async () => {
    // The product's password cost: a sign-in's real work is what keeps the one slot busy.
    pb = await startPocketBase({
      publicDir: path.join(ROOT, TEST_BUILD_DIR),
      env: { PORTAL_BEHIND_FRONT: 'true' },
      productPasswordCost: true,
    });
    front = await startFront({
      host: '127.0.0.1',
      port: await freePort(),
      upstream: pb.url,
      // Every page here is the same address (127.0.0.1); the test is about capacity, not fairness.
      limits: { maxInFlight: 1, writeReserve: 0, writeWaitMs: 150, perAddress: 64, perAddressOpen: 256 },
    });
  });
  test.afterAll(async () => {
    await front?.close();
    await pb?.stop();
  });

  test('four logins and four registrations at the same moment all complete, with no error shown', async ({ browser }) => {
    test.setTimeout(120_000);
    const centre = await pb.admin
      .collection('nora_lz')
      .getFirstListItem('')
      .catch(async () =>
        pb.admin.collection('nora_lz').create({ partnerName: 'Autohaus Ansturm', zipCode: '10115', city: 'Berlin', bnr: '990001' }),
      );
    const accounts = await Promise.all(
      [1, 2, 3, 4].map(async (i) => {
        const data = workshopData({ verified: true, email: `ansturm-login-${i}-${Date.now()}@example.de` });
        await pb.admin.collection('users').create(data);
        return data;
      }),
    );
    const newcomers = [1, 2, 3, 4].map((i) => ({ ...workshopData({ email: `ansturm-neu-${i}-${Date.now()}@example.de` }) }));

    const open = async () => {
      const context = await browser.newContext({ baseURL: front.url, locale: 'de-DE' });
      return context.newPage();
    };
    const loginPages = await Promise.all(accounts.map(open));
    const registerPages = await Promise.all(newcomers.map(open));

    // Logins: the form filled on each page, then all sent at once.
    for (const [i, page] of loginPages.entries()) {
      await page.goto('/login');
      await page.getByLabel('E-Mail').fill(accounts[i]!.email);
      await page.getByLabel('Passwort').fill(PASSWORD);
    }
    // Registrations: each wizard at its last step (the data stored as after a reload), the password entered again.
    for (const [i, page] of registerPages.entries()) {
      const d = newcomers[i]!;
      await page.goto('/');
      await declineCookies(page);
      await page.evaluate(
        ({ data, centreId }) => {
          const stored = {
            state: {
              step: 'overview',
              drafts: {},
              data: {
                email: data.email,
                termsAccepted: true,
                firstName: data.firstName,
                lastName: data.lastName,
                phone: data.phone,
                shopName: data.shopName,
                address: data.address,
                streetNumber: data.streetNumber,
                zipCode: data.zipCode,
                city: data.city,
                lzConnections: [{ partnerId: centreId, partnerName: 'Autohaus', customerNumber: 'K4711' }],
              },
            },
            version: 0,
          };
          localStorage.setItem('nora-registration-data', JSON.stringify(stored));
        },
        { data: d, centreId: centre.id },
      );
      await page.goto('/register/overview');
      // Asked once after a reload (issue 58), once the wizard has taken over the prerendered page.
      await expect(page.getByText('bitte geben Sie es für')).toBeVisible();
      await page.getByLabel('Passwort').fill(PASSWORD);
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(page.getByRole('button', { name: 'Registrierung abschließen' })).toBeEnabled();
    }

    const refusedBefore = front.stats.refusedBusy + front.stats.timedOut;
    await Promise.all([
      ...loginPages.map((page) => page.getByRole('button', { name: 'Anmelden' }).click()),
      ...registerPages.map((page) => page.getByRole('button', { name: 'Registrierung abschließen' }).click()),
    ]);
    const arrived = async (page: Page) => {
      await page.waitForURL((url) => url.pathname === '/profile', { timeout: 60_000 });
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByText(OVERLOAD_MESSAGE)).toHaveCount(0);
    };
    await Promise.all([...loginPages, ...registerPages].map(arrived));
    // The front did refuse requests (the app repeated them), and every newcomer has exactly one account.
    expect(front.stats.refusedBusy + front.stats.timedOut).toBeGreaterThan(refusedBefore);
    for (const d of newcomers) {
      const found = await pb.admin.collection('users').getFullList({ filter: pb.admin.filter('email = {:e}', { e: d.email }) });
      expect(found).toHaveLength(1);
    }
    for (const page of [...loginPages, ...registerPages]) await page.context().close();
  });
});
