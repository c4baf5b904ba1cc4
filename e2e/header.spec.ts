import { declineCookies, expect, enterAs, test } from './fixtures';

const mainNav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

test.describe('header', () => {
  test('anonymous: FAQ, Registrieren and an active Login button', async ({ page }) => {
    await page.goto('/impressum');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/#faq');
    await expect(nav.getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/#register');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveClass(/bg-brand-700/);
    await expect(nav.getByRole('link', { name: 'Datacenter' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Profil' })).toHaveCount(0);
  });

  test('on /register pages: no Registrieren link and a muted Login button', async ({ page }) => {
    await page.goto('/register/init');
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'FAQ' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Registrieren' })).toHaveCount(0);
    const loginLink = nav.getByRole('link', { name: 'Login' });
    await expect(loginLink).toHaveClass(/text-slate-600/);
    await expect(loginLink).not.toHaveClass(/bg-brand-700/);
  });

  test('workshop: Profil to /profile and a menu with the display name and Abmelden', async ({ page, makeAccount, admin }) => {
    const workshop = await makeAccount('users', { firstName: 'Erika', lastName: 'Mustermann' });
    await enterAs(page, admin, workshop);
    await expect(page).toHaveURL(/\/profile$/);
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/profile');
    await expect(nav.getByRole('link', { name: 'Registrieren' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Datacenter' })).toHaveCount(0);
    await nav.getByRole('button', { name: 'Benutzermenü E. Mustermann' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Profil', 'Abmelden']);
    await menu.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('the cookie banner appearing after the user menu was opened leaves the menu open', async ({ page, makeAccount, admin }) => {
    // The banner's script is held back until the menu is open; as it appears it takes the focus
    // (the library focuses its dialog), which once closed the menu a workshop had just opened.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/cookieconsent.esm-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const workshop = await makeAccount('users', { firstName: 'Erika', lastName: 'Mustermann' });
    await enterAs(page, admin, workshop);
    await mainNav(page).getByRole('button', { name: 'Benutzermenü E. Mustermann' }).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect(items).toHaveText(['Profil', 'Abmelden']);
    release();
    const banner = page.getByRole('dialog', { name: 'Cookie-Einwilligung' });
    await expect(banner).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('#cc-main') !== null)).toBe(true);
    await expect(items).toHaveText(['Profil', 'Abmelden']);
    // A click outside still closes it.
    await page.getByRole('heading', { level: 1 }).first().click();
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  for (const [collection, role] of [
    ['administrators', 'Administrator'],
    ['auditors', 'Auditor'],
  ] as const) {
    test(`${role}: Datacenter, Profil to /adminprofile and a menu with Datacenter`, async ({
      page,
      makeAccount,
      expectNoA11yViolations,
      admin,
    }) => {
      const staff = await makeAccount(collection);
      await enterAs(page, admin, staff);
      await expect(page).toHaveURL(/\/datacenter$/);
      const nav = mainNav(page);
      await expect(nav.getByRole('link', { name: 'Datacenter' })).toHaveAttribute('href', '/datacenter');
      await nav.getByRole('link', { name: 'Profil' }).click();
      await expect(page).toHaveURL(/\/adminprofile$/);
      await expect(page.getByRole('heading', { level: 1, name: role })).toBeVisible();
      await expect(page.getByText('zukünftig einsehen und bearbeiten')).toBeVisible();
      await nav.getByRole('button', { name: /Benutzermenü/ }).click();
      await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Profil', 'Datacenter', 'Abmelden']);
      await page.keyboard.press('Escape');
      await declineCookies(page);
      await expectNoA11yViolations(page);
    });
  }

  test('mobile: a side drawer with the same links, usable by keyboard', async ({ page, makeAccount, expectNoA11yViolations, admin }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await declineCookies(page);
    await expect(mainNav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menü' });
    await expect(drawer.getByRole('link')).toHaveText(['FAQ', 'Registrieren', 'Login']);
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const staff = await makeAccount('administrators');
    await enterAs(page, admin, staff);
    await expect(page).toHaveURL(/\/datacenter$/);
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await expect(drawer.getByRole('link')).toHaveText(['FAQ', 'Datacenter', 'Profil']);
    await drawer.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#register')).toBeVisible();
  });
});
