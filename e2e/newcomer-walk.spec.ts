import { MESSAGES, STAFF_LOG_LABELS } from '../src/rules';
import { RETURN_NOTICE } from '../src/rules/session';
import { declineCookies, enterAs, expect, openJob, test } from './fixtures';

// Issue 35's 'done when': a walk at a phone's and a desktop's width through what a newcomer
// tripped over, as a workshop and as an administrator. Each item has its own detailed test
// (named in the closing note); the walk shows them together at both widths.

const overflow = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const width of [360, 1280]) {
  test(`a new workshop's walk at ${width} px`, async ({ page, makeAccount, expectNoA11yViolations }) => {
    await page.setViewportSize({ width, height: 800 });
    const workshop = await makeAccount('users');
    // A mail's link while signed out: the login, then the page the link named.
    await page.goto('/cashback');
    await expect(page.getByText(RETURN_NOTICE)).toBeVisible();
    await declineCookies(page);
    await page.getByLabel('E-Mail').fill(workshop.email);
    await page.getByLabel('Passwort').fill(workshop.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/cashback$/);
    // No open code: said before the form; the pinned campaign clock is named.
    await expect(page.getByText(MESSAGES.noOpenCode)).toBeVisible();
    await expect(page.getByText(/^Demo: Die Aktionsuhr steht auf /)).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // The profile: own submissions and the account's access data.
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Meine Einreichungen' })).toContainText('Sie haben noch keine Rechnung eingereicht.');
    await expect(page.getByRole('form', { name: 'E-Mail-Adresse ändern' })).toContainText(workshop.email);
    await expect(page.getByRole('form', { name: 'Passwort ändern' })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);

    // One document for the terms.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Teilnahmeerklärung' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aktionsbedingungen' })).toBeVisible();
    await expect(page.getByText(/Diese Aktionsbedingungen sind die Teilnahmeerklärung/)).toBeVisible();
  });

  test(`an administrator's walk at ${width} px`, async ({ page, admin, makeAccount }) => {
    await page.setViewportSize({ width, height: 800 });
    const administrator = await makeAccount('administrators');
    await enterAs(page, admin, administrator, '/datacenter/werkstaetten');
    await declineCookies(page);
    await expect(page.getByText(/^Demo: Die Aktionsuhr steht auf /)).toBeVisible();
    // Search forgives spaces and hyphens; counts are singular for one.
    const block = page.getByRole('region', { name: 'Werkstätten' });
    await block.getByRole('searchbox', { name: 'Werkstatt suchen' }).fill('kd-48150');
    await expect(block.getByText('1 Werkstatt gefunden', { exact: true })).toBeVisible();
    // The staff log speaks German, in Berlin time.
    await openJob(page, 'Dateien');
    await page
      .getByRole('region', { name: 'Registrierungsdaten' })
      .getByRole('button', { name: 'Neue Registrierungsdatei erstellen' })
      .click();
    await openJob(page, 'Mitarbeiterprotokoll');
    const log = page.getByRole('region', { name: 'Mitarbeiterprotokoll' });
    await log.getByLabel('Wer (E-Mail)').fill(administrator.email);
    const entries = log.getByRole('list', { name: 'Einträge des Mitarbeiterprotokolls' }).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries).toContainText(STAFF_LOG_LABELS['registrations_file.create']!);
    await expect(entries).not.toContainText('registrations_file.create');
    // The payout monitor counts real days: no negative ages.
    await openJob(page, 'Auszahlungen');
    await expect(page.getByRole('region', { name: 'Auszahlungen' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Auszahlungen' })).not.toContainText(/-\d+ Tage/);
  });
}
