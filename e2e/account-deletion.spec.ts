import { MESSAGES } from '../src/rules';
import { PASSWORD, submissionForm } from '../tests/helpers/fixtures';
import { declineCookies, enterAs, expect, openJob, openVoucher, test } from './fixtures';

// Issue 37: 'Konto löschen' at a phone's and a desktop's width: the page says what goes and what
// is kept until when, asks for the password and for giving up open codes, and signs the
// workshop out; with a submission in audit the deletion waits and says so.

for (const width of [360, 1280]) {
  test(`'Konto löschen' at ${width} px: what is kept until when, the open code given up explicitly, then signed out`, async ({
    page,
    admin,
    makeAccount,
    expectNoA11yViolations,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const workshop = await makeAccount('users');
    await openVoucher(admin, workshop.id, 1);
    const paidVoucher = await openVoucher(admin, workshop.id, 2);
    await admin.collection('vouchers').update(paidVoucher.id, { status: 'closed' });
    const sub = await admin.collection('submissions').create(submissionForm(workshop.id, paidVoucher, { status: 'passed' }));
    await admin.collection('payouts').create({
      submission: sub.id,
      user: workshop.id,
      voucher: paidVoucher.id,
      campaign: sub.campaign,
      amount: 50,
      accountHolder: 'Erika Mustermann',
      iban: 'DE89370400440532013000',
      endToEndId: `E2E${sub.id}`,
      remittance: 'NORA Cashback',
      status: 'paid',
      paidOn: '2026-03-02',
    });

    await enterAs(page, admin, workshop);
    await declineCookies(page);
    await page.getByRole('region', { name: 'Meine Daten' }).getByRole('link', { name: 'Konto löschen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Konto löschen' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Was wir aufbewahren müssen' })).toContainText('bis zum 31.12.2034');
    const form = page.getByRole('form', { name: 'Löschung bestätigen' });
    await form.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await form.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await expect(form.getByText(MESSAGES.deletionForfeitRequired(1))).toBeVisible();
    await form.getByLabel(/Ich verzichte auf meinen offenen Cashback-Code/).check();
    await form.getByLabel('Aktuelles Passwort').fill('Falsches-Passwort-9');
    await form.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await expect(form.getByText(MESSAGES.currentPasswordWrong)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoA11yViolations(page);

    await form.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await form.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(MESSAGES.deletionDone)).toBeVisible();
    // Signed out: the profile now asks for a sign-in.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login/);
    await expect(admin.collection('users').getOne(workshop.id)).rejects.toThrow();
  });
}

test('with a submission in audit the deletion waits, and the page says what for', async ({
  page,
  admin,
  makeAccount,
  expectNoA11yViolations,
}) => {
  const workshop = await makeAccount('users');
  const voucher = await openVoucher(admin, workshop.id, 1);
  await admin.collection('vouchers').update(voucher.id, { status: 'audit' });
  const pending = await admin.collection('submissions').create(submissionForm(workshop.id, voucher, { status: 'pending' }));
  await enterAs(page, admin, workshop, '/konto-loeschen');
  await declineCookies(page);
  await expect(page.getByText('Ihre Löschung müsste warten, bis 1 Einreichung geprüft ist.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Löschung bestätigen' });
  await form.getByLabel('Aktuelles Passwort').fill(PASSWORD);
  await form.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page.getByText(MESSAGES.deletionDeferred)).toBeVisible();
  await expect(
    page.getByText(/Sie haben die Löschung am .* beantragt\. Sie wird automatisch ausgeführt, sobald 1 Einreichung geprüft ist\./),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  expect((await admin.collection('users').getOne(workshop.id)).id).toBe(workshop.id);
  // Issue 58: the waiting deletion is taken back; the form to ask for it is there again.
  await page.getByRole('button', { name: 'Löschung zurücknehmen' }).click();
  await expect(page.getByText(MESSAGES.deletionWithdrawn)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Löschung bestätigen' })).toBeVisible();
  expect((await admin.collection('users').getOne(workshop.id)).deletionRequestedAt).toBeFalsy();
  await admin.collection('submissions').update(pending.id, { status: 'rejected' });
});

test('an administrator enters deletions received by letter: one waits and is listed with its deadline, one is done at once', async ({
  page,
  admin,
  makeAccount,
  expectNoA11yViolations,
}) => {
  const waiting = await makeAccount('users', { shopName: 'Brief-Werkstatt Wartend' });
  const voucher = await openVoucher(admin, waiting.id, 1);
  await admin.collection('vouchers').update(voucher.id, { status: 'audit' });
  const pending = await admin.collection('submissions').create(submissionForm(waiting.id, voucher, { status: 'pending' }));
  const settled = await makeAccount('users', { shopName: 'Brief-Werkstatt Fertig' });
  const administrator = await makeAccount('administrators');
  await enterAs(page, admin, administrator, '/datacenter/werkstaetten');
  await declineCookies(page);
  const block = page.getByRole('region', { name: 'Werkstätten' });
  const deleteVia = async (shop: string, email: string) => {
    await block.getByRole('searchbox', { name: 'Werkstatt suchen' }).fill(email);
    // The search by address has answered (not the list from before it).
    await expect(block.getByText('1 Werkstatt gefunden', { exact: true })).toBeVisible();
    await block.getByRole('button', { name: new RegExp(shop) }).click();
    const story = block.getByRole('region', { name: `Werkstatt ${shop}` });
    await story.getByRole('button', { name: 'Konto löschen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Grund *').fill('Löschantrag per Brief vom 20.11.2026');
    await dialog.getByRole('button', { name: 'Ausführen' }).click();
    return story;
  };
  const story = await deleteVia('Brief-Werkstatt Wartend', waiting.email);
  await expect(story.getByRole('status')).toContainText('Die Löschung ist vorgemerkt');
  const list = page.getByRole('region', { name: 'Löschanträge' });
  // The list as it loads anew, in its own job (the choice in the cookie banner is remembered).
  await page.goto('/datacenter/loeschantraege');
  const item = list.getByRole('list', { name: 'Wartende Löschanträge' }).getByRole('listitem').filter({ hasText: waiting.email });
  await expect(item).toContainText('wartet auf 1 Einreichung in Prüfung');
  await expect(item).toContainText('Antwortfrist bis');
  await expectNoA11yViolations(page);

  // The request names its workshop with a link to its story in the back office.
  await item.getByRole('link', { name: 'Brief-Werkstatt Wartend' }).click();
  await expect(page).toHaveURL(new RegExp(`/datacenter/werkstaetten\\?werkstatt=${waiting.id}$`));
  await expect(page.getByRole('region', { name: 'Werkstatt Brief-Werkstatt Wartend' })).toContainText(waiting.email);

  await openJob(page, 'Werkstätten');
  await deleteVia('Brief-Werkstatt Fertig', settled.email);
  await expect(block.getByRole('status').filter({ hasText: 'Das Konto von Brief-Werkstatt Fertig wurde gelöscht' })).toBeVisible();
  await expect(block.getByText('0 Werkstätten gefunden', { exact: true })).toBeVisible();
  await expect(admin.collection('users').getOne(settled.id)).rejects.toThrow();
  // Out of the shared review queue again (the review tests count on it).
  await admin.collection('submissions').update(pending.id, { status: 'rejected' });
});
