import type { Locator, Page } from '@playwright/test';

import { PDF_BYTES } from '../tests/helpers/fixtures';
import { declineCookies, expect, hasFocusRing, enterAs, openVoucher, signInAs, test } from './fixtures';

// Keyboard alone (issue 9): every control is reached with Tab, used with keys,
// shows a focus ring, and field errors are tied to their field for screen readers.
// The registration wizard and the centre combobox have their keyboard-only run in
// registration.spec.ts.

/** Presses Tab until `target` has focus; fails if it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      expect(await hasFocusRing(target), 'focused control shows a focus ring').toBe(true);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with ${max} Tab presses: ${target}`);
}

/**
 * Tabs to `button`, presses Enter and hands the file chooser that opens `file`. Playwright
 * catches a file chooser only once its listener has reached the browser, and it sends that
 * listener without waiting for it: a chooser opened by a key press right after it was cancelled
 * by the browser instead (2 of 30 runs beside busy loops, the app's click had happened). So the
 * listener goes first and the Tab walk's round trips follow.
 */
async function chooseFileByEnter(page: Page, button: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
}

/** The field is marked invalid and its error text is among its descriptions. */
async function expectAnnouncedError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

test('the cashback form: errors announced on their fields, then filled and sent by keyboard alone', async ({
  page,
  admin,
  makeAccount,
}) => {
  const workshop = await makeAccount('users');
  const voucher = await openVoucher(admin, workshop.id, 1);
  await signInAs(page, admin, 'users', workshop.id);
  await page.goto('/cashback');
  await declineCookies(page);
  await page.locator('body').focus();

  const submit = page.getByRole('button', { name: 'Bestätigen & Fortfahren' });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expectAnnouncedError(page.getByLabel('IBAN'), 'IBAN muss mindestens 15 Zeichen lang sein');

  await tabTo(page, page.getByLabel('Vorname'));
  await page.keyboard.type('Erika');
  await tabTo(page, page.getByLabel('Nachname'));
  await page.keyboard.type('Mustermann');
  await tabTo(page, page.getByLabel('IBAN'));
  await page.keyboard.type('DE89 3704 0044 0532 0130 00');
  await tabTo(page, page.getByLabel('BIC'));
  await page.keyboard.type('COBADEFFXXX');
  await chooseFileByEnter(page, page.getByRole('button', { name: 'Datei auswählen' }), {
    name: 'rechnung.pdf',
    mimeType: 'application/pdf',
    buffer: PDF_BYTES,
  });
  await expect(page.getByText('rechnung.pdf')).toBeVisible();
  await tabTo(page, page.getByRole('textbox', { name: 'Cashback-Code' }));
  await page.keyboard.type(voucher.code);
  await tabTo(page, page.getByLabel(/Vorsteuerabzug/));
  await page.keyboard.press('Space');
  await expect(page.getByLabel(/Vorsteuerabzug/)).toBeChecked();
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page.locator('section[aria-live]').getByText('Ihre Einreichung war erfolgreich!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
});

test('the profile form: a field changed and saved by keyboard alone, its error announced', async ({ page, admin, makeAccount }) => {
  const workshop = await makeAccount('users');
  await signInAs(page, admin, 'users', workshop.id);
  await page.goto('/profile');
  await declineCookies(page);
  await page.locator('body').focus();

  const shop = page.getByLabel('Werkstattname');
  await tabTo(page, shop);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  const save = page.getByRole('button', { name: 'Speichern' });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(shop).toHaveAttribute('aria-invalid', 'true');
  await expect(shop).toHaveAccessibleDescription(/.+/);

  await tabTo(page, shop);
  await page.keyboard.type('Tastatur-Werkstatt');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Ihre Profildaten wurden erfolgreich gespeichert.')).toBeVisible();
  expect((await admin.collection('users').getOne(workshop.id)).shopName).toBe('Tastatur-Werkstatt');
});

test('the administrators’ data area: a sales file uploaded by keyboard alone', async ({ page, makeAccount, admin }) => {
  const staff = await makeAccount('administrators');
  const workshop = await makeAccount('users');
  await enterAs(page, admin, staff);
  await expect(page).toHaveURL(/\/datacenter$/);
  await declineCookies(page);
  await page.locator('body').focus();
  // The job by its link in the data area's navigation.
  const imports = page.getByRole('navigation', { name: 'Bereiche des Datacenters' }).getByRole('link', { name: 'Importe' });
  await tabTo(page, imports);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/datacenter\/importe$/);
  await expect(imports).toHaveAttribute('aria-current', 'page');
  const sales = page.getByRole('region', { name: 'Umsatzdaten hochladen' });
  const button = sales.getByRole('button', { name: 'Umsatzdaten hochladen', exact: true });
  // Named after the workshop, so a repeated run (--repeat-each) finds its own row.
  const filename = `tastatur-${workshop.id}.csv`;
  const csv = `user,bnr,knr,gpnr,deliverydate,sales\n${workshop.id},4001,K1,G1,2025-06-01,120.50\n`;
  await chooseFileByEnter(page, button, { name: filename, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(sales.getByRole('row', { name: new RegExp(filename.replace('.', '\\.')) })).toBeVisible({ timeout: 15_000 });
  const files = await admin.collection('sales_data_files').getFullList({ filter: admin.filter('filename = {:f}', { f: filename }) });
  expect(files[0]?.status).toBe('done');
});

test('the auditors’ data area: an invoice opened by keyboard alone', async ({ page, makeAccount, admin }) => {
  const auditor = await makeAccount('auditors');
  await signInAs(page, admin, 'auditors', auditor.id);
  await page.goto('/datacenter/pruefdateien');
  await declineCookies(page);
  await page.locator('body').focus();
  const field = page.getByLabel('Rechnungs ID');
  await tabTo(page, field);
  await page.keyboard.type('gibtesnicht0001');
  await tabTo(page, page.getByRole('button', { name: 'Rechnung anzeigen' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
});
