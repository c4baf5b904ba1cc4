import { expect, test } from './fixtures';

test('an unknown path shows the 404 page, whose link leads back to the start page', async ({ page }) => {
  const response = await page.goto('/diese-seite-gibt-es-nicht');
  expect(response?.status()).toBe(200); // PocketBase falls back to index.html; the SPA decides
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Wir schrauben am Preis!' })).toBeVisible();
});

test('a guarded page sends a visitor to /not-found', async ({ page }) => {
  await page.goto('/datacenter');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
});

test('a deep link to a lazy-loaded page loads its own chunk', async ({ page }) => {
  // The page arrives prerendered and shows its heading before any script; its chunk follows
  // once the app starts (decision 021), so wait for the chunk rather than for the heading.
  const chunk = page.waitForResponse((r) => /\/assets\/impressum-[\w-]+\.js$/.test(r.url()));
  await page.goto('/impressum');
  await expect(page.getByRole('heading', { name: 'Impressum' })).toBeVisible();
  expect((await chunk).status()).toBe(200);
});
