import { MESSAGES } from '../src/rules';
import { PDF_BYTES } from '../tests/helpers/fixtures';
import { linkIn } from '../tests/helpers/mail';
import { declineCookies, enterAs, expect, fillCashback, openVoucher, test } from './fixtures';

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

test.describe('the cashback form says why a code or a workshop cannot redeem (issue 35)', () => {
  test('an own code already in review or redeemed is named as such, not as invalid', async ({ page, admin, makeAccount }) => {
    const workshop = await makeAccount('users');
    const open = await openVoucher(admin, workshop.id, 1);
    const inReview = await openVoucher(admin, workshop.id, 2);
    await admin.collection('vouchers').update(inReview.id, { status: 'audit' });
    const redeemed = await openVoucher(admin, workshop.id, 3);
    await admin.collection('vouchers').update(redeemed.id, { status: 'closed' });
    await enterAs(page, admin, workshop, '/cashback');
    await declineCookies(page);
    await expect(page.getByRole('list', { name: 'Ihre offenen Codes' }).getByRole('listitem')).toHaveCount(1);
    await fillCashback(page, inReview.code, { name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES });
    await page.getByRole('button', { name: 'Bestätigen & Fortfahren' }).click();
    await expect(page.getByText(MESSAGES.codeInReview)).toBeVisible();
    await expect(page.getByText('Ungültige Eingabe')).toHaveCount(0);
    await expect(page.getByText('Ungültiger Cashback-Code')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Cashback-Code' }).fill(redeemed.code);
    await page.getByRole('button', { name: 'Bestätigen & Fortfahren' }).click();
    await expect(page.getByText(MESSAGES.codeRedeemed)).toBeVisible();
    // A code nobody has is still 'invalid', with SPEC's hint.
    await page.getByRole('textbox', { name: 'Cashback-Code' }).fill('NORA-ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Bestätigen & Fortfahren' }).click();
    await expect(page.getByText('Ungültiger Cashback-Code', { exact: true })).toBeVisible();
    await expect(page.getByText('Ungültige Eingabe')).toBeVisible();
    expect((await admin.collection('vouchers').getOne(open.id)).status).toBe('open');
  });

  test('a workshop without an open code is told so above the form', async ({ page, admin, makeAccount }) => {
    const workshop = await makeAccount('users');
    await enterAs(page, admin, workshop, '/cashback');
    await expect(page.getByText(MESSAGES.noOpenCode)).toBeVisible();
  });

  test('a blocked workshop reads that it is blocked and whom to ask, and cannot send the form', async ({ page, admin, makeAccount }) => {
    const workshop = await makeAccount('users', { blocked: true, blockedReason: 'Betrugsverdacht (intern)' });
    await openVoucher(admin, workshop.id, 1);
    await enterAs(page, admin, workshop, '/cashback');
    const campaign = await admin.collection('campaigns').getFirstListItem('active = true');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.blocked(campaign.contactEmail) })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bestätigen & Fortfahren' })).toBeDisabled();
    await expect(page.getByText('Betrugsverdacht')).toHaveCount(0);
  });
});
