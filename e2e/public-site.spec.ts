import { declineCookies, expect, login, test } from './fixtures';

test.describe('landing page', () => {
  test('shows banner, four steps, footnote, registration, FAQ, call to action and footer with campaign data', async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Wir schrauben am Preis!' })).toBeVisible();
    await expect(page.getByText('Jetzt 50€ sichern!')).toBeVisible();
    await expect(page.getByRole('img', { name: 'NORA Original Teile' })).toBeVisible();
    for (const step of ['Registrieren', 'Original Teile kaufen', 'Cashback erhalten', 'Cashback einlösen']) {
      await expect(page.getByRole('link', { name: new RegExp(`Schritt \\d: ${step}`) })).toBeVisible();
    }
    // Dates and amounts come from the campaign record.
    const footnote = page.getByRole('region', { name: 'Hinweise zur Aktion' });
    await expect(footnote).toContainText('Aktionszeitraum 15.05.2025 bis 31.10.2025');
    await expect(footnote).toContainText('vom 15.07.2025 bis 30.11.2025');
    await expect(footnote.getByRole('link', { name: 'cashback@nora-aktion.de' })).toHaveAttribute('href', 'mailto:cashback@nora-aktion.de');
    await expect(page.locator('#register').getByRole('button', { name: 'Jetzt registrieren' })).toBeVisible();
    await expect(page.locator('#faq').getByRole('button')).toHaveCount(7);
    await expect(page.getByRole('link', { name: 'Neu registrieren' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
    await expect(footer.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');
    await expect(footer.getByRole('link', { name: 'Teilnahmeerklärung' })).toHaveAttribute('href', '/aktionsbedingungen');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await declineCookies(page);
    await expectNoA11yViolations(page);
  });

  test('the Registrieren button and a step card scroll to the registration form', async ({ page }) => {
    await page.goto('/');
    await declineCookies(page);
    await page.getByRole('link', { name: 'Registrieren', exact: true }).first().click();
    await expect(page.locator('#register')).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: /Schritt 3: Cashback erhalten/ }).click();
    await expect(page.locator('#register')).toBeInViewport();
    await expect(page.getByLabel('E-Mail')).toBeFocused();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('the FAQ opens an answer with the keyboard and uses the campaign amounts', async ({ page }) => {
    await page.goto('/#faq');
    await declineCookies(page);
    const question = page.getByRole('button', { name: 'Kann ich mehrfach teilnehmen?' });
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Für je 500 € Einkaufsvolumen erhalten Sie erneut 50 € Cashback')).toBeVisible();
  });

  test('the registration section hides on login and returns on logout without a reload', async ({ page, makeAccount }) => {
    const workshop = await makeAccount('users');
    await login(page, workshop);
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('link', { name: 'NORA Cashback-Aktion, zur Startseite' }).click();
    await expect(page.getByRole('heading', { name: 'Wir schrauben am Preis!' })).toBeVisible();
    await expect(page.locator('#register')).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.getByRole('button', { name: /Benutzermenü/ }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page.locator('#register')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });

  test('takes dates, amounts and the contact mailbox from the active campaign record', async ({ page, admin }) => {
    const campaign = await admin.collection('campaigns').getFirstListItem('active = true');
    await admin.collection('campaigns').update(campaign.id, {
      reward: 75,
      campaignEnd: '2025-12-31 22:59:59.999Z',
      contactEmail: 'aktion@example.de',
    });
    try {
      await page.goto('/');
      const footnote = page.getByRole('region', { name: 'Hinweise zur Aktion' });
      await expect(footnote).toContainText('Aktionszeitraum 15.05.2025 bis 31.12.2025. 75 € Cashback');
      await expect(footnote.getByRole('link', { name: 'aktion@example.de' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Schritt 3: Cashback erhalten/ })).toContainText('über 75 € per E-Mail');
    } finally {
      await admin.collection('campaigns').update(campaign.id, {
        reward: campaign.reward,
        campaignEnd: campaign.campaignEnd,
        contactEmail: campaign.contactEmail,
      });
    }
  });
  test('advertises the prize draw only until its registration deadline, on the campaign clock (issue 58)', async ({ page, admin }) => {
    const footnote = page.getByRole('region', { name: 'Hinweise zur Aktion' });
    // The clock stands on 15.09.2025; the draw's registration closed on 01.08.2025.
    await page.goto('/');
    await expect(footnote).toContainText('Aktionszeitraum 15.05.2025');
    await expect(footnote).not.toContainText('verlosen');
    const campaign = await admin.collection('campaigns').getFirstListItem('active = true');
    // Until the end of 15.09.2025 in Berlin: still open on the clock's day.
    await admin.collection('campaigns').update(campaign.id, { drawRegistrationDeadline: '2025-09-15 21:59:59.999Z' });
    try {
      await page.goto('/');
      await expect(footnote).toContainText('Unter allen bis zum 15.09.2025 Registrierten verlosen wir zusätzlich 5 Gewinne.');
    } finally {
      await admin.collection('campaigns').update(campaign.id, { drawRegistrationDeadline: campaign.drawRegistrationDeadline });
    }
  });
});
