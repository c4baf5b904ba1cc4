import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { ROOT } from '../scripts/lib/pocketbase.mjs';
import { berlinDay, germanDay } from '../tests/helpers/days';
import { freshIban, submissionForm } from '../tests/helpers/fixtures';
import { declineCookies, expect, enterAs, openVoucher, signInAs, test } from './fixtures';

const XSD = path.resolve(ROOT, '..', 'shared', 'xsd', 'pain.001.001.09.xsd');

// Issue 17's walk: an auditor passes an invoice, one administrator creates a payout batch, a
// second releases it and downloads a schema-valid pain.001, marks it executed, and the
// workshop sees 'Ausgezahlt am …'; then the payment comes back, the workshop corrects its
// IBAN, and the next batch pays it.
test('from a passed invoice to the workshop’s account, a return, new bank details and the next batch', async ({
  page,
  browser,
  admin,
  inbox,
  makeAccount,
  expectNoA11yViolations,
}) => {
  test.setTimeout(120_000);
  // A real invoice from the workshop's own centre, made out to it, dated in the campaign: the
  // reader finds nothing to flag (issue 61), so the verdict file's row applies at once.
  const { sampleInvoice, textPdfOf } = await import('../scripts/lib/invoice-samples.mjs');
  const inv = sampleInvoice(Date.now() % 100_000, { date: '2025-09-10' });
  const workshop = await makeAccount('users', { shopName: inv.shopName });
  const centre = await admin
    .collection('nora_lz')
    .create({ partnerName: inv.seller, zipCode: '80331', city: 'München', bnr: `P${Date.now()}` });
  await admin.collection('user_lz_connections').create({ user: workshop.id, noraLz: centre.id, customerNumber: inv.customerNumber });
  const auditor = await makeAccount('auditors');
  const first = await makeAccount('administrators');
  const second = await makeAccount('administrators');
  const voucher = await openVoucher(admin, workshop.id, 1);
  const client = await admin.collection('users').impersonate(workshop.id, 600);
  const submission = await client
    .collection('submissions')
    // An IBAN and an invoice of its own: a shared one is a review signal, and the verdict file's row
    // would wait for a confirmation (issue 58; e2e/audit.spec.ts).
    .create(
      submissionForm(
        workshop.id,
        voucher,
        { ibanNumber: freshIban() },
        new Blob([new Uint8Array(await textPdfOf(inv))], { type: 'application/pdf' }),
        'rechnung.pdf',
      ),
    );
  await expect
    .poll(async () => {
      const read = await admin.collection('submissions').getOne(submission.id);
      return `${read.readingState} ${JSON.stringify(read.signals)}`;
    })
    .toBe('read []');

  // Other payable payouts (the demo's, other tests') stay out of this walk's batches.
  const others = await admin.collection('payouts').getFullList({ filter: "status = 'payable'" });
  for (const p of others) await admin.collection('payouts').update(p.id, { status: 'held' });
  try {
    // The auditor passes the invoice with a verdict file.
    await enterAs(page, admin, auditor, '/datacenter/pruefdateien');
    await declineCookies(page);
    await page
      .getByRole('region', { name: 'Prüfdatei hochladen' })
      .getByLabel('Prüfdatei hochladen (CSV-Datei)')
      .setInputFiles({
        name: 'verdikt.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`RechnungsID;Checked;Faulty\r\n${submission.id};1;0\r\n`),
      });
    await expect(
      page
        .getByRole('row', { name: /verdikt\.csv/ })
        .getByRole('cell')
        .nth(3),
    ).toHaveText('1');
    await page.evaluate(() => localStorage.removeItem('pocketbase_auth'));

    // The first administrator creates the batch and may not release it.
    await enterAs(page, admin, first, '/datacenter/auszahlungen');
    const payouts = page.getByRole('region', { name: 'Auszahlungen' });
    await expect(payouts).toContainText('Auszahlbar: 1');
    await payouts.getByRole('button', { name: 'Auszahlungslauf erstellen' }).click();
    await expect(payouts.getByText('Der Auszahlungslauf wurde erstellt. Ein anderer Administrator muss ihn freigeben.')).toBeVisible();
    const batch = payouts.getByRole('list', { name: 'Auszahlungsläufe' }).getByRole('listitem').first();
    await expect(batch).toContainText('1 Auszahlung, 50,00');
    await expect(batch).toContainText('Erstellt, wartet auf Freigabe');
    // One clock story (decision 035): the batch was made today, in real time, and the pinned
    // campaign clock of the demo is named where it applies.
    await expect(batch).toContainText(`erstellt am ${germanDay(berlinDay())}`);
    await expect(
      payouts.getByRole('list', { name: 'Noch nicht ausgezahlte Einreichungen' }).getByRole('listitem').filter({ hasText: voucher.code }),
    ).toContainText('0 Tage');
    await expect(page.getByText(/^Demo: Die Aktionsuhr steht auf 15\.09\.2025, \d\d:\d\d Uhr\./)).toBeVisible();
    await expectNoA11yViolations(page);
    // A second administrator exists: the creator is offered no release, only the reason (issue 35;
    // the server's refusal of a creator's release: tests/api/payouts.test.ts).
    await expect(batch.getByText('Diesen Lauf muss ein anderer Administrator freigeben (Vier-Augen-Prinzip).')).toBeVisible();
    await expect(batch.getByRole('button', { name: 'Freigeben' })).toHaveCount(0);

    // The second administrator releases, exports and confirms the execution.
    const context = await browser.newContext({ acceptDownloads: true });
    const other = await context.newPage();
    await signInAs(other, admin, 'administrators', second.id);
    await other.goto('/datacenter/auszahlungen');
    await declineCookies(other);
    const theirs = other
      .getByRole('region', { name: 'Auszahlungen' })
      .getByRole('list', { name: 'Auszahlungsläufe' })
      .getByRole('listitem')
      .first();
    await expect(theirs).toContainText('von einem anderen Administrator');
    await theirs.getByRole('button', { name: 'Freigeben' }).click();
    await other.getByRole('dialog').getByRole('button', { name: 'Freigeben' }).click();
    await expect(theirs).toContainText('Freigegeben, bereit zum Export');
    // Each money step asks first with count and sum (issue 58); 'Abbrechen' changes nothing.
    await theirs.getByRole('button', { name: 'SEPA-Datei erstellen' }).click();
    const exporting = other.getByRole('dialog', { name: /^Lauf \d{4}: SEPA-Datei erstellen\?$/ });
    await expect(exporting).toContainText('1 Auszahlung über zusammen 50,00');
    await expect(exporting.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await other.keyboard.press('Enter');
    await expect(exporting).toHaveCount(0);
    await expect(theirs).toContainText('Freigegeben, bereit zum Export');
    await theirs.getByRole('button', { name: 'SEPA-Datei erstellen' }).click();
    await exporting.getByRole('button', { name: 'SEPA-Datei erstellen' }).click();
    await expect(theirs).toContainText('Exportiert, wartet auf Ausführung');
    const downloading = other.waitForEvent('download');
    await theirs.getByRole('button', { name: 'pain.001 herunterladen' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^auszahlung_\d{4}_pain001\.xml$/);
    const file = (await download.path())!;
    // The schema German banks accept: xmllint prints nothing else than "validates".
    expect(execFileSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toBe('');
    await theirs.getByRole('button', { name: 'Als ausgeführt bestätigen' }).click();
    const paying = other.getByRole('dialog', { name: /^Lauf \d{4} als ausgeführt bestätigen\?$/ });
    await expect(paying).toContainText(`1 Auszahlung über zusammen 50,00 € als am ${germanDay(berlinDay())} ausgezahlt`);
    await paying.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(theirs).toContainText('Exportiert, wartet auf Ausführung');
    await theirs.getByRole('button', { name: 'Als ausgeführt bestätigen' }).click();
    await paying.getByRole('button', { name: 'Als ausgeführt bestätigen' }).click();
    await expect(theirs).toContainText(`Ausgeführt am ${germanDay(berlinDay())}`);
    await inbox.waitFor(workshop.email, (m) => m.subject === `Ihr Cashback zum Code ${voucher.code} wurde überwiesen`);

    // The workshop sees it paid.
    const workshopContext = await browser.newContext();
    const mine = await workshopContext.newPage();
    await signInAs(mine, admin, 'users', workshop.id);
    await mine.goto('/profile');
    await declineCookies(mine);
    await expect(mine.getByRole('row', { name: new RegExp(voucher.code) })).toContainText(`Ausgezahlt am ${germanDay(berlinDay())}`);

    // The payment comes back: account closed.
    await theirs.getByRole('button', { name: 'Auszahlungen anzeigen' }).click();
    await theirs.getByRole('button', { name: 'Rückläufer erfassen' }).click();
    const dialog = other.getByRole('dialog', { name: 'Rückläufer erfassen' });
    await expect(dialog).toContainText('Die Überweisung über 50,00 € an Erika Mustermann');
    await dialog.getByLabel('Rückgabegrund der Bank').selectOption('AC04');
    await dialog.getByRole('button', { name: 'Rückläufer speichern' }).click();
    await expect(theirs).toContainText('Zurückgekommen (Konto aufgelöst (AC04))');
    await inbox.waitFor(workshop.email, (m) => m.subject === `Bitte prüfen Sie Ihre Bankverbindung zum Code ${voucher.code}`);

    // The workshop gives its new IBAN; a wrong one is refused with the form's message.
    await mine.reload();
    const panel = mine.getByRole('region', { name: 'Bankverbindung korrigieren' });
    await expect(panel).toContainText('Grund: Konto aufgelöst (AC04)');
    await panel.getByLabel('Vorname Kontoinhaber *').fill('Erika');
    await panel.getByLabel('Nachname Kontoinhaber *').fill('Mustermann');
    await panel.getByLabel('IBAN *').fill('DE89 3704 0044 0532 0130 01');
    await panel.getByLabel('BIC *').fill('BYLADEM1001');
    await panel.getByRole('button', { name: 'Bankverbindung speichern' }).click();
    await expect(panel.getByText('Bitte gib eine gültige IBAN ein')).toBeVisible();
    await panel.getByLabel('IBAN *').fill('DE02 1203 0000 0000 2020 51');
    await panel.getByRole('button', { name: 'Bankverbindung speichern' }).click();
    await expect(
      panel.getByText('Vielen Dank! Wir überweisen das Cashback mit dem nächsten Auszahlungslauf an die neue Bankverbindung.'),
    ).toBeVisible();
    await expectNoA11yViolations(mine);

    // The next batch pays it to the new account.
    await page.reload();
    await expect(payouts).toContainText('Auszahlbar: 1');
    await payouts.getByRole('button', { name: 'Auszahlungslauf erstellen' }).click();
    await other.reload();
    const next = other
      .getByRole('region', { name: 'Auszahlungen' })
      .getByRole('list', { name: 'Auszahlungsläufe' })
      .getByRole('listitem')
      .first();
    await next.getByRole('button', { name: 'Freigeben' }).click();
    await other.getByRole('dialog').getByRole('button', { name: 'Freigeben' }).click();
    await next.getByRole('button', { name: 'SEPA-Datei erstellen' }).click();
    await other.getByRole('dialog').getByRole('button', { name: 'SEPA-Datei erstellen' }).click();
    await next.getByRole('button', { name: 'Als ausgeführt bestätigen' }).click();
    await other.getByRole('dialog').getByRole('button', { name: 'Als ausgeführt bestätigen' }).click();
    await expect(next).toContainText(`Ausgeführt am ${germanDay(berlinDay())}`);
    const payout = await admin.collection('payouts').getFirstListItem(admin.filter('submission = {:s}', { s: submission.id }));
    expect(payout).toMatchObject({ status: 'paid', iban: 'DE02120300000000202051', accountHolder: 'Erika Mustermann' });
    await mine.reload();
    await expect(mine.getByRole('row', { name: new RegExp(voucher.code) })).toContainText(`Ausgezahlt am ${germanDay(berlinDay())}`);
    await context.close();
    await workshopContext.close();
  } finally {
    for (const p of others) await admin.collection('payouts').update(p.id, { status: 'payable' });
  }
});
