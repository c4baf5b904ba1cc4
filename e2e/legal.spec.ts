import { RETENTION } from '../src/rules';
import { declineCookies, expect, test } from './fixtures';

test.describe('legal pages', () => {
  test('Impressum shows the company block with placeholders clearly marked', async ({ page, expectNoA11yViolations }) => {
    await page.goto('/impressum');
    await declineCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
    for (const heading of ['Geschäftsführung', 'Bankverbindung', 'Urheberrecht', 'Geltungsbereich']) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(page.locator('mark[title^="Platzhalter"]').first()).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('Datenschutz is rendered from markdown and states every retention fact', async ({ page, expectNoA11yViolations }) => {
    await page.goto('/datenschutz');
    await declineCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
    const article = page.getByRole('article');
    for (const fact of [
      'Stand: Juni 2025',
      `${RETENTION.consentYears} Jahre`,
      `${RETENTION.bookingVoucherYears} Jahre`,
      'Konto löschen',
      '14 Tagen',
      '14 Monate',
      'maximale Speicherdauer unserer Cookies ist die Sitzung',
      'Marketing- und Tracking-Cookies setzen wir nur mit Ihrer Einwilligung.',
      'externes Zahlungsinstitut',
      'Name und IBAN',
      'Telefonnummer bei der Registrierung ist freiwillig',
      'Consent-ID',
      'Version der Vorlage',
      'Sprache des Banners',
      'Ihre Rechte',
    ]) {
      await expect(article).toContainText(fact);
    }
    await expect(article.getByRole('listitem').first()).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('Aktionsbedingungen show the campaign terms and the two-column parts table', async ({ page, expectNoA11yViolations }) => {
    await page.goto('/aktionsbedingungen');
    await declineCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Aktionsbedingungen' })).toBeVisible();
    // One document (issue 35): the footer's 'Teilnahmeerklärung' and the registration's 'AGBs' lead here and are named here.
    await expect(
      page.getByText(/^Diese Aktionsbedingungen sind die Teilnahmeerklärung zur NORA Cashback-Aktion 2025 .*„AGBs“\.$/),
    ).toBeVisible();
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Teilnahmeerklärung' }).click();
    await expect(page).toHaveURL(/\/aktionsbedingungen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aktionsbedingungen' })).toBeVisible();
    await expect(page.getByText('Aktionszeitraum: 15.05.2025 bis 31.10.2025.')).toBeVisible();
    await expect(page.getByText('Das Rechnungsdatum darf nicht nach dem 31.10.2025 liegen.')).toBeVisible();
    await expect(page.getByText(/Unter allen bis zum 01\.08\.2025 Registrierten verlosen wir 5 Gewinne/)).toBeVisible();
    const table = page.getByRole('table', { name: /Teilegruppen/ });
    await expect(table.getByRole('columnheader')).toHaveText(['Teilegruppe', 'Bezeichnung']);
    const rows = await table.locator('tbody tr').count();
    expect(rows).toBeGreaterThanOrEqual(75);
    expect(rows).toBeLessThanOrEqual(90);
    await expect(table.getByRole('row', { name: /Bremsbeläge Vorderachse/ })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the accessibility statement is linked in the footer', async ({ page, expectNoA11yViolations }) => {
    await page.goto('/');
    await declineCookies(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Barrierefreiheit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the 404 page passes axe too', async ({ page, expectNoA11yViolations }) => {
    await page.goto('/gibt-es-nicht');
    await declineCookies(page);
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
