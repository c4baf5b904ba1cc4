import { PDF_BYTES } from '../tests/helpers/fixtures';
import { linkIn } from '../tests/helpers/mail';
import { declineCookies, expect, fillCashback, enterAs, openVoucher, test } from './fixtures';

// DECISIONS section 7: redeeming needs a verified address; the profile and the cashback page
// say so and offer a new mail; an expired link offers one too.
test.describe('e-mail verification', () => {
  test('an unverified workshop sees the state on its profile, resends the mail and verifies through its link', async ({
    page,
    makeAccount,
    inbox,
    admin,
  }) => {
    const workshop = await makeAccount('users', { verified: false });
    await enterAs(page, admin, workshop);
    await declineCookies(page);
    const notice = page.getByRole('status').filter({ hasText: 'E-Mail-Adresse nicht bestätigt' });
    await expect(notice).toContainText(`Wir haben Ihnen einen Bestätigungslink an ${workshop.email} gesendet.`);
    await notice.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
    await expect(notice).toContainText(`Wir haben Ihnen eine neue Bestätigungs-E-Mail an ${workshop.email} gesendet.`);
    const mail = await inbox.waitFor(workshop.email, (m) => m.subject === 'Bitte bestätigen Sie Ihre E-Mail-Adresse');
    await page.goto(new URL(linkIn(mail, '/verify/')).pathname);
    await expect(page.getByText('Vielen Dank! Ihre E-Mail-Adresse wurde erfolgreich bestätigt.')).toBeVisible();
    await page.getByRole('link', { name: 'Zum Profil' }).click();
    await expect(page.getByRole('heading', { name: 'Ihr Profil' })).toBeVisible();
    await expect(page.getByText('E-Mail-Adresse nicht bestätigt')).toHaveCount(0);
  });

  test('the cashback page explains why an unverified workshop cannot redeem and offers the mail', async ({ page, admin, makeAccount }) => {
    const workshop = await makeAccount('users', { verified: false });
    await openVoucher(admin, workshop.id, 1);
    await enterAs(page, admin, workshop);
    await page.goto('/cashback');
    await declineCookies(page);
    const notice = page.getByRole('status').filter({ hasText: 'E-Mail-Adresse nicht bestätigt' });
    await expect(notice).toContainText('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse: Erst dann können Sie Cashback-Codes einlösen.');
    await expect(notice.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Bestätigen & Fortfahren' })).toBeDisabled();
  });

  test('an invalid or expired link offers a new one for the address the visitor types', async ({ page, makeAccount, inbox }) => {
    const workshop = await makeAccount('users', { verified: false });
    await page.goto('/verify/abgelaufen');
    await declineCookies(page);
    await expect(page.getByText('Ungültiger Bestätigungslink.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Neuen Bestätigungslink anfordern' });
    await form.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
    await expect(form.getByText('E-Mail-Adresse ist erforderlich')).toBeVisible();
    await form.getByLabel('E-Mail').fill(workshop.email);
    await form.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
    await expect(form).toContainText(`Wir haben Ihnen eine neue Bestätigungs-E-Mail an ${workshop.email} gesendet.`);
    await inbox.waitFor(workshop.email, (m) => m.subject === 'Bitte bestätigen Sie Ihre E-Mail-Adresse');
  });
});

test.describe('the cashback form of a verified workshop', () => {
  test('offers its open codes, prefills the account holder, and names a file that only pretends to be a PDF', async ({
    page,
    admin,
    makeAccount,
  }) => {
    const workshop = await makeAccount('users', { firstName: 'Gisela', lastName: 'Gründlich' });
    const [first, second] = [await openVoucher(admin, workshop.id, 1), await openVoucher(admin, workshop.id, 2)];
    await enterAs(page, admin, workshop);
    // The profile's panel invites: two codes are open.
    await expect(page.getByRole('link', { name: /Cashback einlösen/ })).toContainText('2 offene Codes');
    await page.goto('/cashback');
    await declineCookies(page);
    await expect(page.getByText('E-Mail-Adresse nicht bestätigt')).toHaveCount(0);
    await expect(page.getByLabel('Vorname')).toHaveValue('Gisela');
    await expect(page.getByLabel('Nachname')).toHaveValue('Gründlich');
    const codes = page.getByRole('list', { name: 'Ihre offenen Codes' });
    await expect(codes.getByRole('listitem')).toHaveCount(2);
    await codes.getByRole('button', { name: `Code ${second.code} übernehmen` }).click();
    await expect(page.getByRole('textbox', { name: 'Cashback-Code' })).toHaveValue(second.code);

    // A text file named .pdf passes the picker (name and type look right); the server names the problem.
    await fillCashback(page, first.code, { name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Dies ist kein PDF') });
    await page.getByRole('button', { name: 'Bestätigen & Fortfahren' }).click();
    await expect(
      page.getByText('Die Datei ist keine PNG-, JPEG- oder PDF-Datei. Bitte laden Sie die Rechnung in einem dieser Formate hoch.'),
    ).toBeVisible();
    expect((await admin.collection('vouchers').getOne(first.id)).status).toBe('open');

    // With a real PDF it goes through.
    await page.getByLabel('Rechnungsdatei').setInputFiles({ name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES });
    await page.getByRole('button', { name: 'Bestätigen & Fortfahren' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('link', { name: /Cashback einlösen/ })).not.toContainText('offene Codes');
  });

  test('a workshop without open codes sees a quiet panel', async ({ page, makeAccount, admin }) => {
    const workshop = await makeAccount('users');
    await enterAs(page, admin, workshop);
    await expect(page.getByRole('link', { name: /Cashback einlösen/ })).toContainText('Sie haben gerade keinen offenen Cashback-Code.');
  });
});
