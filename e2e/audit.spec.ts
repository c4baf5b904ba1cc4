import { readFileSync } from 'node:fs';

import { freshIban, PDF_BYTES, PNG_BYTES, submissionForm } from '../tests/helpers/fixtures';
import { declineCookies, enterAs, expect, fillCashback, openJob, openVoucher, submissionToCheck, test } from './fixtures';

test.describe('audit round trip', () => {
  test('two codes submitted, one passed and one faulty: the profile shows Eingelöst and Offen, and both mails arrive', async ({
    page,
    admin,
    inbox,
    makeAccount,
    expectNoA11yViolations,
  }) => {
    // Two redemptions, an audit file round trip and two mails: 9 s alone, 21 s under load.
    test.setTimeout(60_000);
    const workshop = await makeAccount('users');
    const auditor = await makeAccount('auditors');
    const good = await openVoucher(admin, workshop.id, 1);
    const bad = await openVoucher(admin, workshop.id, 2);

    // The workshop submits both codes, to an IBAN no other workshop uses (a shared one is a review
    // signal, and the file's row for it would wait for confirmation: the next test).
    const iban = freshIban();
    await enterAs(page, admin, workshop);
    await declineCookies(page);
    for (const [voucher, file] of [
      [good, { name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF_BYTES, Buffer.from(`%${workshop.id}\n`)]) }],
      // A file of its own: the same file as another submission's is a review signal too.
      [bad, { name: 'foto.png', mimeType: 'image/png', buffer: Buffer.concat([PNG_BYTES, Buffer.from(workshop.id)]) }],
    ] as const) {
      await page.goto('/cashback');
      await fillCashback(page, voucher.code, file, iban);
      await page.getByRole('button', { name: 'Bestätigen & Fortfahren' }).click();
      await expect(page).toHaveURL(/\/profile$/);
    }
    const goodSubmission = await admin.collection('submissions').getFirstListItem(admin.filter('voucher = {:v}', { v: good.id }));
    const badSubmission = await admin.collection('submissions').getFirstListItem(admin.filter('voucher = {:v}', { v: bad.id }));
    // Both are read on arrival (issue 61): neither holds anything readable, so both carry signals.
    for (const s of [goodSubmission, badSubmission]) {
      await expect
        .poll(async () => (await admin.collection('submissions').getOne(s.id)).readingState, { timeout: 30_000 })
        .toMatch(/^(read|failed)$/); // not "reading": its signals come when it is done
    }
    await page.evaluate(() => localStorage.removeItem('pocketbase_auth'));

    // The auditor fetches a fresh audit file, looks at both invoices, marks the rows and uploads it.
    await enterAs(page, admin, auditor);
    await expect(page).toHaveURL(/\/datacenter$/);
    await openJob(page, 'Prüfdateien');
    await expect(page).toHaveURL(/\/datacenter\/pruefdateien$/);
    const fileBlock = page.getByRole('region', { name: 'Prüfdatei herunterladen' });
    // Today's daily file is listed once the block has loaded (until then a spinner stands where
    // its button appears, and the create button moves): wait for it, then for the new file.
    await expect(fileBlock.getByRole('button', { name: /^Download Prüfdatei vom / })).toBeVisible();
    const created = page.waitForResponse(
      (r) => r.url().includes('/api/collections/submission_audit_files/records') && r.request().method() === 'POST',
    );
    await fileBlock.getByRole('button', { name: 'Neue Prüfdatei erstellen' }).click();
    expect((await created).ok()).toBe(true);
    await expect(fileBlock.getByRole('button', { name: 'Neue Prüfdatei erstellen' })).toBeEnabled();
    const downloadButton = fileBlock.getByRole('button', { name: /^Download Prüfdatei vom \d{2}\.\d{2}\.\d{4}$/ });
    await expect(downloadButton).toBeVisible();
    const downloading = page.waitForEvent('download');
    await downloadButton.click();
    const download = await downloading;
    // Named with its day, as the daily file is.
    expect(download.suggestedFilename()).toMatch(/^pruefdatei_\d{4}-\d{2}-\d{2}\.csv$/);
    const content = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = content.trim().split('\r\n');
    expect(lines[0]).toBe('"RechnungsID";"Werkstatt";"E-Mail";"Code";"Eingereicht am";"Doppelte Rechnung";"Hinweise";"Checked";"Faulty"');
    expect(content).toContain(goodSubmission.id);
    expect(content).toContain(badSubmission.id);

    const check = page.getByRole('region', { name: 'Rechnung prüfen' });
    await check.getByRole('button', { name: 'Rechnung anzeigen' }).click();
    await expect(check.getByText('Bitte geben Sie eine Rechnungs ID ein.')).toBeVisible();
    await check.getByLabel('Rechnungs ID').fill('gibtesnicht0000');
    await check.getByRole('button', { name: 'Rechnung anzeigen' }).click();
    await expect(check.getByText('Fehler beim Abrufen der Rechnung. Bitte überprüfen Sie die ID.')).toBeVisible();
    await check.getByLabel('Rechnungs ID').fill(badSubmission.id);
    await check.getByRole('button', { name: 'Rechnung anzeigen' }).click();
    await expect(check.getByRole('img', { name: `Rechnung ${badSubmission.id}` })).toBeVisible();
    await check.getByLabel('Rechnungs ID').fill(goodSubmission.id);
    await check.getByRole('button', { name: 'Rechnung anzeigen' }).click();
    // A PDF is drawn by pdf.js page by page, beside the submission's facts (this test's PDF has no page).
    await expect(check).toContainText(good.code);
    // pdf.js (a lazy chunk and its worker) loads first: on a busy two-core machine that took more
    // than the default 5 s once ('Rechnung wird geladen...' still shown).
    await expect(check.getByText('Das PDF enthält keine Seite.')).toBeVisible({ timeout: 20_000 });
    await expectNoA11yViolations(page);

    const edited = lines
      .map((line) => {
        if (line.startsWith(`"${goodSubmission.id}"`)) return line.replace(/;"";""$/, ';"1";"0"');
        if (line.startsWith(`"${badSubmission.id}"`)) return line.replace(/;"";""$/, ';"1";"1"');
        return line;
      })
      .join('\r\n');
    const upload = page.getByRole('region', { name: 'Prüfdatei hochladen' });
    await expect(upload).toContainText('Checked: 1, wenn die Rechnung vorhanden ist');
    await upload
      .getByLabel('Prüfdatei hochladen (CSV-Datei)')
      .setInputFiles({ name: 'pruefdatei-bearbeitet.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${edited}\r\n`) });
    const row = upload.getByRole('row', { name: /pruefdatei-bearbeitet\.csv/ });
    // Two verdicts; every other row was left blank and counts as skipped; none failed. The reader
    // found nothing readable on either invoice, a review signal, so both rows wait for
    // confirmation (issue 58) with what the reading says.
    await expect(row.getByRole('cell').nth(3)).toHaveText('0');
    await expect(row.getByRole('cell').nth(4)).toHaveText(String(lines.length - 3));
    await expect(row.getByRole('cell').nth(5)).toHaveText('2');
    await expect(row.getByRole('cell').nth(6)).toHaveText('0');
    await expect(row.getByRole('cell').nth(7)).toHaveText('-');
    await expect(upload.getByRole('columnheader', { name: 'Übersprungen' })).toBeVisible();
    const held = page.getByRole('list', { name: 'Wartende Zeilen' });
    for (const [code, verdict] of [
      [good.code, 'Bestanden'],
      [bad.code, 'Fehlerhaft'],
    ] as const) {
      const waiting = held.getByRole('listitem', { name: `Code ${code}` });
      await expect(waiting).toContainText(/Nicht sicher gelesen|konnte nicht gelesen werden/);
      await waiting.getByRole('button', { name: `${verdict} übernehmen` }).click();
      await expect(waiting).toHaveCount(0);
    }
    const stored = await admin
      .collection('audit_results')
      .getFirstListItem(admin.filter('filename = {:f}', { f: 'pruefdatei-bearbeitet.csv' }), {
        sort: '-created',
      });
    expect(stored).toMatchObject({ successfullyProcessedRows: 2, heldRows: 0 });
    await page.evaluate(() => localStorage.removeItem('pocketbase_auth'));

    // The workshop sees the outcome, and both mails are in the catcher.
    await enterAs(page, admin, workshop);
    const table = page.getByRole('table', { name: /Cashback-Codes/ });
    await expect(
      table
        .getByRole('row', { name: new RegExp(good.code) })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('Eingelöst');
    await expect(
      table
        .getByRole('row', { name: new RegExp(bad.code) })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('Offen');
    await inbox.waitFor(workshop.email, (m) => m.subject === `Ihr Cashback zum Code ${good.code} ist unterwegs`);
    const faulty = await inbox.waitFor(workshop.email, (m) => m.subject === `Ihre Einreichung zum Code ${bad.code} muss wiederholt werden`);
    expect(faulty.html).toContain('unvollständig oder nicht lesbar');
  });

  // Issue 58: an uploaded file decided submissions with signals without a second look.
  test('a row deciding a submission with signals waits, listed with its signals, until the auditor applies it', async ({
    page,
    admin,
    inbox,
    makeAccount,
    expectNoA11yViolations,
  }) => {
    const auditor = await makeAccount('auditors');
    const [first, second] = [await makeAccount('users'), await makeAccount('users', { shopName: 'Zweite Werkstatt' })];
    const shared = freshIban();
    const submitted = [];
    for (const [owner, tier] of [
      [first, 81],
      [second, 82],
    ] as const) {
      const voucher = await openVoucher(admin, owner.id, tier);
      const client = await admin.collection('users').impersonate(owner.id, 600);
      const record = await client.collection('submissions').create(submissionForm(owner.id, voucher, { ibanNumber: shared }));
      submitted.push({ id: record.id, code: voucher.code });
    }
    const [, twin] = submitted;
    await enterAs(page, admin, auditor, '/datacenter/pruefdateien');
    await declineCookies(page);
    const upload = page.getByRole('region', { name: 'Prüfdatei hochladen' });
    await upload.getByLabel('Prüfdatei hochladen (CSV-Datei)').setInputFiles({
      name: 'mit-hinweis.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`RechnungsID;Checked;Faulty\n${twin!.id};1;0\n`),
    });
    const waiting = page.getByRole('list', { name: 'Wartende Zeilen' }).getByRole('listitem', { name: `Code ${twin!.code}` });
    await expect(waiting).toContainText('Zweite Werkstatt: Bestanden');
    await expect(waiting).toContainText('Diese IBAN nutzt auch eine andere Werkstatt');
    await expect(waiting).toContainText('mit-hinweis.csv, Zeile 2');
    expect((await admin.collection('submissions').getOne(twin!.id)).status).toBe('pending');
    await expectNoA11yViolations(page);
    await waiting.getByRole('button', { name: 'Bestanden übernehmen' }).click();
    await expect(page.getByText(`Code ${twin!.code}: Bestanden übernommen. Die Werkstatt wird per E-Mail benachrichtigt.`)).toBeVisible();
    await expect(waiting).toHaveCount(0);
    expect((await admin.collection('submissions').getOne(twin!.id)).status).toBe('passed');
    await inbox.waitFor(second.email, (m) => m.subject === `Ihr Cashback zum Code ${twin!.code} ist unterwegs`);
    // The first workshop's submission stays for the queue (left to the queue's own tests to decide).
    await admin.collection('submissions').update(submitted[0]!.id, { status: 'rejected' });
  });

  test('an auditor’s failing lists and uploads show SPEC’s messages', async ({ page, makeAccount, admin }) => {
    const auditor = await makeAccount('auditors');
    const boom = { status: 500, contentType: 'application/json', body: '{"status":500,"message":"boom","data":{}}' };
    await page.route('**/api/collections/audit_results/records?*', (route) => route.fulfill(boom));
    await page.route('**/api/collections/submission_audit_files/records?*', (route) => route.fulfill(boom));
    await enterAs(page, admin, auditor, '/datacenter/pruefdateien');
    await declineCookies(page);
    await expect(page.getByText('Beim Abrufen der hochgeladenen Prüfdateien ist ein Fehler aufgetreten.')).toBeVisible();
    await expect(page.getByText('Beim Abrufen der Prüfdatei ist ein Fehler aufgetreten.')).toBeVisible();
    await page.route('**/api/collections/audit_results/records', (route) =>
      route.request().method() === 'POST' ? route.fulfill(boom) : route.continue(),
    );
    const upload = page.getByRole('region', { name: 'Prüfdatei hochladen' });
    await upload
      .getByLabel('Prüfdatei hochladen (CSV-Datei)')
      .setInputFiles({ name: 'p.csv', mimeType: 'text/csv', buffer: Buffer.from('RechnungsID;Checked;Faulty\n') });
    await expect(upload.getByText('Beim Hochladen der Prüfdatei ist ein Fehler aufgetreten.')).toBeVisible();

    // A fresh audit file that cannot be made, then one made but not read back.
    const auditFile = page.getByRole('region', { name: 'Prüfdatei herunterladen' });
    await page.route('**/api/collections/submission_audit_files/records', (route) =>
      route.request().method() === 'POST' ? route.fulfill(boom) : route.continue(),
    );
    await auditFile.getByRole('button', { name: 'Neue Prüfdatei erstellen' }).click();
    await expect(auditFile.getByText('Beim Erstellen der Datei ist ein Fehler aufgetreten.')).toBeVisible();
    await page.unroute('**/api/collections/submission_audit_files/records');
    await page.route('**/api/collections/submission_audit_files/records/*', (route) => route.fulfill(boom));
    await auditFile.getByRole('button', { name: 'Neue Prüfdatei erstellen' }).click();
    await expect(auditFile.getByText('Beim Abrufen der Datei ist ein Fehler aufgetreten.')).toBeVisible();
    await expect(auditFile.getByText('Beim Erstellen der Datei ist ein Fehler aufgetreten.')).toHaveCount(0);
  });

  test('a missing image says so', async ({ page, admin, makeAccount }) => {
    // Its own submission with a PNG: one left by an earlier test may go with that test's
    // workshop (a CI run under load picked such a one and got 'Diese Einreichung gibt es nicht.').
    const { auditor, submission, settle } = await submissionToCheck(admin, makeAccount, { tier: 82 });
    try {
      await enterAs(page, admin, auditor, '/datacenter/pruefdateien');
      await declineCookies(page);
      await page.route('**/api/files/**', (route) =>
        route.request().url().includes('/token') ? route.continue() : route.fulfill({ status: 404, body: '' }),
      );
      const check = page.getByRole('region', { name: 'Rechnung prüfen' });
      await check.getByLabel('Rechnungs ID').fill(submission.id);
      await check.getByRole('button', { name: 'Rechnung anzeigen' }).click();
      await expect(check.getByText('Fehler beim Laden des Bildes.')).toBeVisible();
    } finally {
      await settle();
    }
  });
  test('a stored verdict is corrected after a confirmation whose default is Abbrechen; the workshop gets one corrected mail (issue 58)', async ({
    page,
    admin,
    inbox,
    makeAccount,
    expectNoA11yViolations,
  }) => {
    const { auditor, workshop, voucher, submission, verdict } = await submissionToCheck(admin, makeAccount, { tier: 83 });
    await verdict('faulty');

    await enterAs(page, admin, auditor, '/datacenter/pruefdateien');
    await declineCookies(page);
    const check = page.getByRole('region', { name: 'Rechnung prüfen' });
    await check.getByLabel('Rechnungs ID').fill(submission.id);
    await check.getByRole('button', { name: 'Rechnung anzeigen' }).click();
    const correction = check.getByRole('region', { name: 'Ergebnis korrigieren' });
    await expect(correction).toContainText('Gespeichert: Fehlerhaft.');
    await correction.getByRole('button', { name: 'Ergebnis korrigieren …' }).click();
    await expect(correction.getByText('Bitte wählen Sie Bestanden, Fehlerhaft oder Nicht vorhanden.')).toBeVisible();
    await correction.getByRole('radio', { name: 'Bestanden' }).check();
    await correction.getByRole('button', { name: 'Ergebnis korrigieren …' }).click();
    await expect(correction.getByText('Bitte begründen Sie die Korrektur (höchstens 1.000 Zeichen).')).toBeVisible();
    await correction.getByLabel('Begründung (steht in der E-Mail an die Werkstatt)').fill('Zweite Seite übersehen.');
    await correction.getByRole('button', { name: 'Ergebnis korrigieren …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ergebnis korrigieren?' });
    await expect(dialog).toContainText('Von „Fehlerhaft“ auf „Bestanden“');
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await expectNoA11yViolations(page);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    expect((await admin.collection('submissions').getOne(submission.id)).status).toBe('rejected');

    await correction.getByRole('button', { name: 'Ergebnis korrigieren …' }).click();
    await dialog.getByRole('button', { name: 'Korrektur speichern' }).click();
    await expect(correction).toContainText('Gespeichert: Bestanden.');
    await expect(check.getByText(/bestanden \(Korrektur\) \(„Zweite Seite übersehen\.“\)/)).toBeVisible();
    expect((await admin.collection('submissions').getOne(submission.id)).status).toBe('passed');
    const mail = await inbox.waitFor(workshop.email, (m) => m.subject === `Korrektur: Ihr Cashback zum Code ${voucher.code} ist unterwegs`);
    expect(mail.text).toContain('Diese Nachricht ersetzt unsere vorherige Nachricht zu diesem Code.');
  });
});
