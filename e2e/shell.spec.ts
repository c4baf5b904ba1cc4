import { RETURN_NOTICE } from '../src/rules/session';
import { declineCookies, expect, test } from './fixtures';

test('an unknown path shows the 404 page, whose link leads back to the start page', async ({ page }) => {
  const response = await page.goto('/diese-seite-gibt-es-nicht');
  expect(response?.status()).toBe(200); // PocketBase falls back to index.html; the SPA decides
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Wir schrauben am Preis!' })).toBeVisible();
});

test('a link to a page behind the login, as in the mails: the login first, then that page (issue 35)', async ({ page, makeAccount }) => {
  const workshop = await makeAccount('users');
  // 'Rechnung erneut einreichen' in the mail after a faulty invoice leads to /cashback.
  await page.goto('/cashback');
  await expect(page).toHaveURL(/\/login\?next=%2Fcashback$/);
  await expect(page.getByText(RETURN_NOTICE)).toBeVisible();
  await declineCookies(page);
  await page.getByLabel('E-Mail').fill(workshop.email);
  await page.getByLabel('Passwort').fill(workshop.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/cashback$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A role the page is not for still gets the 404 page (SPEC section 2).
  await page.goto('/datacenter');
  await expect(page).toHaveURL(/\/not-found$/);
  await page.goto('/datacenter/dateien');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
});

test('a login link naming an outside address leads to the role’s own page', async ({ page, makeAccount }) => {
  const workshop = await makeAccount('users');
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/profile')}`);
  await declineCookies(page);
  await page.getByLabel('E-Mail').fill(workshop.email);
  await page.getByLabel('Passwort').fill(workshop.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/profile$/);
});

test('a deep link to a lazy-loaded page loads its own chunk', async ({ page }) => {
  // The page arrives prerendered and shows its heading before any script; its chunk follows
  // once the app starts (decision 021), so wait for the chunk rather than for the heading.
  const chunk = page.waitForResponse((r) => /\/assets\/impressum-[\w-]+\.js$/.test(r.url()));
  await page.goto('/impressum');
  await expect(page.getByRole('heading', { name: 'Impressum' })).toBeVisible();
  expect((await chunk).status()).toBe(200);
});
