import { readFile } from 'node:fs/promises';

import { DEMO_LOGINS } from '../scripts/demo/seed.mjs';
import { DATA_EXPORT, MESSAGES } from '../src/rules';
import { PASSWORD, PNG_BYTES, submissionForm } from '../tests/helpers/fixtures';
import { csvRows, readZip } from '../tests/helpers/zip';
import { declineCookies, enterAs, expect, openVoucher, test } from './fixtures';

// Issue 37: 'Meine Daten herunterladen' on the profile, at a phone's and a desktop's width, and
// the administrator's export of a workshop's data for a request by letter.

for (const width of [360, 1280]) {
  test(`'Meine Daten' at ${width} px: the password is asked, the ZIP holds the workshop's data and invoice, the next one waits`, async ({
    page,
    admin,
    makeAccount,
    expectNoA11yViolations,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const workshop = await makeAccount('users', { shopName: 'Werkstatt Datenauskunft' });
    const voucher = await openVoucher(admin, workshop.id, 1);
    await admin.collection('vouchers').update(voucher.id, { status: 'closed' });
    // Already audited: the shared browser-test server's review queue stays as the review tests expect it.
    const sub = await admin.collection('submissions').create(submissionForm(workshop.id, voucher, { status: 'passed' }));

    await enterAs(page, admin, workshop);
    await declineCookies(page);
    const panel = page.getByRole('region', { name: 'Meine Daten' });
    await expect(panel).toContainText(`alle ${DATA_EXPORT.minutesBetween} Minuten`);
    const button = panel.getByRole('button', { name: 'Meine Daten herunterladen' });
    // Without a password, and with a wrong one: the field says why, nothing is downloaded.
    await button.click();
    await expect(panel.getByText(MESSAGES.currentPasswordRequired)).toBeVisible();
    await panel.getByLabel('Aktuelles Passwort').fill('Falsches-Passwort-9');
    await button.click();
    await expect(panel.getByText(MESSAGES.currentPasswordWrong)).toBeVisible();
    await expectNoA11yViolations(page);

    await panel.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    const download = page.waitForEvent('download');
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(panel.getByRole('status')).toContainText('Ihre Daten wurden heruntergeladen');
    const entries = await readZip(await readFile((await file.path())!));
    const [account] = csvRows(entries.find((e) => e.name === 'konto.csv')!.text);
    expect(account).toMatchObject({ 'E-Mail': workshop.email, Werkstattname: 'Werkstatt Datenauskunft' });
    const invoice = entries.find((e) => e.name === `rechnungen/${sub.id}_${sub.file}`);
    expect(invoice?.bytes.equals(PNG_BYTES)).toBe(true);

    // A second archive right away: the German wait, no download.
    await panel.getByLabel('Aktuelles Passwort').fill(PASSWORD);
    await button.click();
    await expect(panel.getByRole('alert')).toHaveText(MESSAGES.exportTooSoon(DATA_EXPORT.minutesBetween));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoA11yViolations(page);
  });
}

test("an administrator exports a workshop's data for a request by letter; the reason is in the staff log", async ({
  page,
  admin,
  makeAccount,
  expectNoA11yViolations,
}) => {
  const workshop = await makeAccount('users', { shopName: 'Auskunft per Brief GmbH' });
  const administrator = await makeAccount('administrators');
  await enterAs(page, admin, administrator, '/datacenter/werkstaetten');
  await declineCookies(page);
  const block = page.getByRole('region', { name: 'Werkstätten' });
  await block.getByRole('searchbox', { name: 'Werkstatt suchen' }).fill(workshop.email);
  // The search by address has answered (not the list from before it).
  await expect(block.getByText('1 Werkstatt gefunden', { exact: true })).toBeVisible();
  await block.getByRole('button', { name: /Auskunft per Brief GmbH/ }).click();
  const story = block.getByRole('region', { name: 'Werkstatt Auskunft per Brief GmbH' });
  await story.getByRole('button', { name: 'Datenauskunft (ZIP)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Ausführen' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.reasonRequired);
  await dialog.getByLabel('Grund *').fill('Auskunftsersuchen per Brief');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Ausführen' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^daten-${workshop.id}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const entries = await readZip(await readFile((await file.path())!));
  expect(JSON.parse(entries.find((e) => e.name === 'daten.json')!.text).konto[0].email).toBe(workshop.email);
  await expect(story.getByRole('status')).toContainText('Die Datenauskunft wurde heruntergeladen.');
  await expectNoA11yViolations(page);
  const log = await admin.collection('staff_log').getFullList({ filter: admin.filter('targetId = {:id}', { id: workshop.id }) });
  expect(log).toEqual([expect.objectContaining({ action: 'privacy.data_export', reason: 'Auskunftsersuchen per Brief' })]);
});

// Issue 58 (blocker): the demo workshop's sales have cents (1.734,60 €); its archive failed with
// PocketBase's English 'Something went wrong' on both routes.
test("the demo workshop (sales with cents) gets its archive, and an administrator gets the same workshop's", async ({
  page,
  admin,
  makeAccount,
}) => {
  const demo = DEMO_LOGINS.workshop;
  await enterAs(page, admin, { collection: 'users', email: demo.email });
  await declineCookies(page);
  const panel = page.getByRole('region', { name: 'Meine Daten' });
  await panel.getByLabel('Aktuelles Passwort').fill(demo.password);
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
  const entries = await readZip(await readFile((await (await download).path())!));
  await expect(panel.getByRole('status')).toContainText('Ihre Daten wurden heruntergeladen');
  const [total] = csvRows(entries.find((e) => e.name === 'summen.csv')!.text);
  expect(total!['Umsatz gesamt (EUR)']).toBe('1734,60');
  expect(csvRows(entries.find((e) => e.name === 'umsaetze.csv')!.text).some((r) => /,[1-9]\d$|,\d[1-9]$/.test(r['Umsatz (EUR)']!))).toBe(
    true,
  );

  const administrator = await makeAccount('administrators');
  const workshop = await admin.collection('users').getFirstListItem(admin.filter('email = {:e}', { e: demo.email }));
  await enterAs(page, admin, administrator, '/datacenter/werkstaetten');
  const block = page.getByRole('region', { name: 'Werkstätten' });
  await block.getByRole('searchbox', { name: 'Werkstatt suchen' }).fill(demo.email);
  await expect(block.getByText('1 Werkstatt gefunden', { exact: true })).toBeVisible();
  await block.getByRole('button', { name: new RegExp(workshop.shopName) }).click();
  const story = block.getByRole('region', { name: `Werkstatt ${workshop.shopName}` });
  await story.getByRole('button', { name: 'Datenauskunft (ZIP)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Grund *').fill('Auskunftsersuchen per Brief');
  const second = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Ausführen' }).click();
  const byAdmin = await readZip(await readFile((await (await second).path())!));
  expect(csvRows(byAdmin.find((e) => e.name === 'summen.csv')!.text)[0]!['Umsatz gesamt (EUR)']).toBe('1734,60');
  await expect(story.getByRole('status')).toContainText('Die Datenauskunft wurde heruntergeladen.');
});
