import { freshIban, PNG_BYTES, submissionForm } from '../tests/helpers/fixtures';
import { VERDICT_UNDO_SECONDS } from '../src/config/ui';
import { invoicePdf } from '../tests/helpers/invoices';
import { declineCookies, expect, enterAs, openInQueue, openVoucher, submissionToCheck, test } from './fixtures';

// Issue 18: an auditor reviews submissions in the queue: the invoice (PDF through pdf.js with
// selectable text, images zoomable) beside the facts and the server's signals, verdicts by
// button or key, the next submission opening after each; the workshop gets the outcome mail.
// Issue 61: the reader beside PocketBase reads every invoice on arrival; the queue shows what it
// read, marked on the invoice, before the auditor does anything.

/** A test's submissions and its auditor: what is still pending when the test ends gets a verdict. */
const made = { auditor: '', ids: [] as string[] };
test.afterEach(async ({ admin }) => {
  // So a second run (a retry) finds its own among the twelve the queue's navigation shows, oldest first.
  if (!made.auditor) return;
  const asAuditor = await admin.collection('auditors').impersonate(made.auditor, 600);
  for (const id of made.ids.splice(0)) {
    if ((await admin.collection('submissions').getOne(id)).status !== 'pending') continue;
    await asAuditor.send(`/api/portal/review/${id}/verdict`, { method: 'POST', body: { outcome: 'missing', note: '' } });
  }
  made.auditor = '';
});

test('an auditor reviews three submissions in the queue, sees their signals and decides by key and by button', async ({
  page,
  admin,
  inbox,
  makeAccount,
  expectNoA11yViolations,
}) => {
  test.setTimeout(90_000);
  const auditor = await makeAccount('auditors');
  made.auditor = auditor.id;
  const workshop = await makeAccount('users', { shopName: 'Queue Werkstatt' });
  const other = await makeAccount('users', { shopName: 'Andere Werkstatt' });
  const nr = `RE-Q-${Date.now()}`;
  const submit = async (owner: { id: string }, tier: number, file: Blob, extra: Record<string, string> = {}) => {
    const voucher = await openVoucher(admin, owner.id, tier);
    const client = await admin.collection('users').impersonate(owner.id, 600);
    const record = await client
      .collection('submissions')
      .create(submissionForm(owner.id, voucher, extra, file, file.type === 'image/png' ? 'foto.png' : 'rechnung.pdf'));
    made.ids.push(record.id);
    return { id: record.id, code: voucher.code };
  };
  // Both buy at one dealer; their invoices name it, the buyer and a total, as real ones do.
  const dealer = await admin
    .collection('nora_lz')
    .create({ partnerName: 'Autoteile Nord GmbH', zipCode: '20095', city: 'Hamburg', bnr: `Q${nr}` });
  for (const owner of [workshop, other]) {
    await admin
      .collection('user_lz_connections')
      .create({ user: owner.id, noraLz: dealer.id, customerNumber: `KD${owner.id.slice(0, 6)}` });
  }
  const pdf = async (shop: string, lines: string[]) =>
    new Blob([new Uint8Array(await invoicePdf(['Autoteile Nord GmbH', shop, ...lines, 'Gesamtbetrag 595,00 EUR']))], {
      type: 'application/pdf',
    });
  // Shared by the two workshops of this run only (a retry must not meet the first run's).
  const sharedIban = freshIban();
  const earlier = await submit(other, 71, await pdf('Andere Werkstatt', [`Rechnungsnummer: ${nr}`, 'Rechnungsdatum: 01.09.2025']), {
    ibanNumber: sharedIban,
  });
  const reused = await submit(workshop, 72, await pdf('Queue Werkstatt', [`Rechnungsnummer: ${nr}`, 'Rechnungsdatum: 05.09.2025']), {
    ibanNumber: sharedIban,
  });
  const late = await submit(workshop, 73, await pdf('Queue Werkstatt', ['Rechnungsnummer: RE-SPAET-1', 'Rechnungsdatum: 02.11.2025']));
  const photo = await submit(workshop, 74, new Blob([new Uint8Array(PNG_BYTES)], { type: 'image/png' }));
  // Read on arrival, without anybody opening them.
  for (const s of [earlier, reused, late, photo]) {
    await expect
      .poll(async () => (await admin.collection('submissions').getOne(s.id)).readingState, { timeout: 30_000 })
      .toMatch(/^(read|failed)$/); // not "reading": its signals come when it is done
  }

  // The page's clock runs as the real one, except where the test moves it on (a held verdict's seconds).
  await page.clock.install();
  await enterAs(page, admin, auditor);
  await declineCookies(page);
  const queue = page.getByRole('region', { name: 'Prüfwarteschlange' });
  const nav = queue.getByRole('navigation', { name: 'Einreichungen in der Warteschlange' });
  // The other workshop's invoice is read first, so the reused number has something to match.
  await nav.getByRole('button', { name: new RegExp(earlier.code) }).click();
  await expect(queue.getByRole('img', { name: `Rechnung ${earlier.id}, Seite 1` })).toBeVisible();
  await expect(queue.getByRole('region', { name: 'Hinweise' })).toContainText(
    'Diese IBAN nutzt auch eine andere Werkstatt: Queue Werkstatt',
  );
  await expect(queue.getByRole('region', { name: 'Gelesen' })).toContainText('Textebene des PDF');

  await nav.getByRole('button', { name: new RegExp(reused.code) }).click();
  await expect(queue.getByRole('img', { name: `Rechnung ${reused.id}, Seite 1` })).toBeVisible();
  // The text layer is real text: it can be found (and selected) on the page.
  await expect(queue.getByText('Autoteile Nord GmbH').first()).toBeAttached();
  const hints = queue.getByRole('region', { name: 'Hinweise' });
  await expect(hints).toContainText(`Die Rechnungsnummer ${nr} steht auch auf der Einreichung ${earlier.id} (Code ${earlier.code}).`);
  await expect(hints).toContainText('Diese IBAN nutzt auch eine andere Werkstatt: Andere Werkstatt');
  // The queue's button counts the signals the detail shows, the dialog's too (issue 58: '(1 Hinweis)' beside 'Trotz 2 Hinweisen').
  await expect(nav.getByRole('button', { name: new RegExp(reused.code) })).toContainText('(2 Hinweise)');
  await expect(queue).toContainText('Queue Werkstatt, Erika Mustermann');
  await expectNoA11yViolations(page);
  // B on a submission with signals asks first (issue 35): Escape keeps it pending; B then Enter
  // does too ('Abbrechen' has the focus, issue 58); the confirmation's button passes it, held
  // with 'Rückgängig' until 'Jetzt speichern'; the next submission opens.
  await page.keyboard.press('b');
  const confirm = page.getByRole('dialog', { name: 'Trotz 2 Hinweisen: Bestanden?' });
  await expect(confirm).toContainText(`Die Rechnungsnummer ${nr} steht auch auf der Einreichung ${earlier.id}`);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  expect((await admin.collection('submissions').getOne(reused.id)).status).toBe('pending');
  await page.keyboard.press('b');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  expect((await admin.collection('submissions').getOne(reused.id)).status).toBe('pending');
  await page.keyboard.press('b');
  await confirm.getByRole('button', { name: 'Bestanden bestätigen' }).click();
  const heldVerdict = queue.getByRole('status', { name: 'Ergebnis wird gespeichert' });
  await expect(heldVerdict).toContainText(`Code ${reused.code}: bestanden. Wird in`);
  expect((await admin.collection('submissions').getOne(reused.id)).status).toBe('pending');
  await heldVerdict.getByRole('button', { name: 'Jetzt speichern' }).click();
  await expect(queue.getByText(`Code ${reused.code}: bestanden. Die Werkstatt wird per E-Mail benachrichtigt.`)).toBeVisible();
  await expect(nav.getByRole('button', { name: new RegExp(reused.code) })).toHaveCount(0);
  await inbox.waitFor(workshop.email, (m) => m.subject === `Ihr Cashback zum Code ${reused.code} ist unterwegs`);

  await nav.getByRole('button', { name: new RegExp(late.code) }).click();
  await expect(hints).toContainText('Rechnungsdatum 02.11.2025 liegt nach dem letzten erlaubten Rechnungsdatum (31.10.2025).');
  await queue.getByLabel('Hinweis an die Werkstatt (optional, steht in der E-Mail)').fill('Bitte die Rechnung vom Oktober einreichen.');
  const fault = async () => {
    await queue.getByRole('button', { name: 'Fehlerhaft (F)' }).click();
    await page
      .getByRole('dialog', { name: /^Trotz \d+ Hinweis(en)?: Fehlerhaft\?$/ })
      .getByRole('button', { name: 'Fehlerhaft bestätigen' })
      .click();
  };
  await fault();
  // Taken back within its seconds: nothing stored or mailed, the submission and its note are back.
  await heldVerdict.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(queue.getByText(`Code ${late.code}: zurückgenommen. Es wurde nichts gespeichert und nichts verschickt.`)).toBeVisible();
  await expect(queue.getByLabel('Hinweis an die Werkstatt (optional, steht in der E-Mail)')).toHaveValue(
    'Bitte die Rechnung vom Oktober einreichen.',
  );
  expect((await admin.collection('submissions').getOne(late.id)).status).toBe('pending');
  // Given again and left alone: it is sent when its seconds are over (the page's clock is moved
  // on by them instead of waiting).
  await fault();
  await expect(heldVerdict).toContainText(`Code ${late.code}: fehlerhaft`);
  await page.clock.fastForward(VERDICT_UNDO_SECONDS * 1000);
  await expect(queue.getByText(`Code ${late.code}: fehlerhaft (die Werkstatt reicht erneut ein). Die Werkstatt`)).toBeVisible();
  const mail = await inbox.waitFor(workshop.email, (m) => m.subject === `Ihre Einreichung zum Code ${late.code} muss wiederholt werden`);
  expect(mail.text).toContain('Hinweis der Prüfung: Bitte die Rechnung vom Oktober einreichen.');

  // An image is zoomable; N says the invoice is missing.
  await nav.getByRole('button', { name: new RegExp(photo.code) }).click();
  const image = queue.getByRole('img', { name: `Rechnung ${photo.id}` });
  await expect(image).toBeVisible();
  const before = (await image.boundingBox())!.width;
  await queue.getByRole('button', { name: 'Vergrößern' }).click();
  await expect.poll(async () => (await image.boundingBox())!.width).toBeGreaterThan(before);
  await page.keyboard.press('n');
  // A photo may carry signals of its own (a scan); then the verdict asks first.
  const done = queue.getByText(`Code ${photo.code}: nicht vorhanden`);
  const asked = page.getByRole('dialog', { name: /^Trotz \d+ Hinweis(en)?: Nicht vorhanden\?$/ });
  await expect(done.or(asked)).toBeVisible();
  if (await asked.isVisible()) await asked.getByRole('button', { name: 'Nicht vorhanden bestätigen' }).click();
  await expect(done).toBeVisible();
  await heldVerdict.getByRole('button', { name: 'Jetzt speichern' }).click();
  await expect(queue.getByText(`Code ${photo.code}: nicht vorhanden (die Werkstatt reicht erneut ein). Die Werkstatt`)).toBeVisible();
  await inbox.waitFor(workshop.email, (m) => m.subject === `Ihre Einreichung zum Code ${photo.code} muss wiederholt werden`);
  const audits = await admin.collection('submission_audits').getFullList({ filter: admin.filter('submission = {:s}', { s: late.id }) });
  expect(audits).toEqual([expect.objectContaining({ source: 'queue', note: 'Bitte die Rechnung vom Oktober einreichen.', faulty: true })]);
});

test('the demo auditor sees each purpose-made signal on the demo submissions and decides two of them', async ({ page, inbox, admin }) => {
  test.setTimeout(90_000);
  const { DEMO_LOGINS } = await import('../scripts/demo/seed.mjs');
  await enterAs(page, admin, { ...DEMO_LOGINS.auditor, collection: 'auditors' });
  await declineCookies(page);
  const queue = page.getByRole('region', { name: 'Prüfwarteschlange' });
  const nav = queue.getByRole('navigation', { name: 'Einreichungen in der Warteschlange' });
  const hints = queue.getByRole('region', { name: 'Hinweise' });
  // The demo workshop's pending invoice is read first (RE-2025-0815).
  await nav.getByRole('button', { name: /NORA-P3HW-8TRE/ }).click();
  await expect(queue).toContainText('RE-2025-0815');
  // Autoservice Beispiel: the demo workshop's IBAN and the same invoice number.
  await nav.getByRole('button', { name: /NORA-B4XT-7KQE/ }).click();
  await expect(hints).toContainText('Diese IBAN nutzt auch eine andere Werkstatt: Kfz-Meisterbetrieb Schrauber');
  await expect(hints).toContainText(
    'Die Rechnungsnummer RE-2025-0815 steht auch auf der Einreichung demoeinreichun2 (Code NORA-P3HW-8TRE).',
  );
  await expect(queue).toContainText('Karl Schrauber (weicht vom Namen der Werkstatt ab)');
  await queue.getByRole('button', { name: 'Bestanden (B)' }).click();
  await page
    .getByRole('dialog', { name: /^Trotz \d+ Hinweisen: Bestanden\?$/ })
    .getByRole('button', { name: 'Bestanden bestätigen' })
    .click();
  await expect(queue.getByText('Code NORA-B4XT-7KQE: bestanden.')).toBeVisible();
  await queue.getByRole('button', { name: 'Jetzt speichern' }).click();
  await expect(queue.getByText('Code NORA-B4XT-7KQE: bestanden. Die Werkstatt wird per E-Mail benachrichtigt.')).toBeVisible();
  // Dated after the last invoice date.
  await nav.getByRole('button', { name: /NORA-C8VR-3MNW/ }).click();
  await expect(hints).toContainText('Rechnungsdatum 03.11.2025 liegt nach dem letzten erlaubten Rechnungsdatum (31.10.2025).');
  await page.keyboard.press('f');
  await page
    .getByRole('dialog', { name: /^Trotz \d+ Hinweis(en)?: Fehlerhaft\?$/ })
    .getByRole('button', { name: 'Fehlerhaft bestätigen' })
    .click();
  await queue.getByRole('button', { name: 'Jetzt speichern' }).click();
  await expect(queue.getByText('Code NORA-C8VR-3MNW: fehlerhaft (die Werkstatt reicht erneut ein). Die Werkstatt')).toBeVisible();
  await inbox.waitFor('autoservice@demo.nora-aktion.de', (m) => m.subject === 'Ihr Cashback zum Code NORA-B4XT-7KQE ist unterwegs');
  await inbox.waitFor(
    'autoservice@demo.nora-aktion.de',
    (m) => m.subject === 'Ihre Einreichung zum Code NORA-C8VR-3MNW muss wiederholt werden',
  );
});

test('a phone photo of an invoice: the queue shows its date, number and total as read, marked on the photo turned upright', async ({
  page,
  admin,
  makeAccount,
  expectNoA11yViolations,
}) => {
  test.setTimeout(90_000);
  const { pageImageOf, photoOf, sampleInvoice, textPdfOf } = await import('../scripts/lib/invoice-samples.mjs');
  const inv = sampleInvoice(Date.now() % 100_000, { date: '2025-09-12', dealer: 0 });
  const photo = photoOf(await pageImageOf(await textPdfOf(inv), 150), { skew: 2, quarterTurns: 1, quality: 65, seed: 61 });
  const {
    auditor,
    voucher,
    submission: record,
  } = await submissionToCheck(admin, makeAccount, {
    tier: 75,
    workshop: { shopName: inv.shopName },
    centre: { partnerName: inv.seller, customerNumber: inv.customerNumber },
    file: new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
    filename: 'foto.jpg',
  });
  made.auditor = auditor.id;
  made.ids.push(record.id);

  await enterAs(page, admin, auditor);
  await declineCookies(page);
  const queue = await openInQueue(page, voucher.code);
  // The auditor only looks: the detail shows the reading once the reader is done.
  const read = queue.getByRole('region', { name: 'Gelesen' });
  await expect(read).toContainText('Texterkennung (Scan oder Foto)', { timeout: 30_000 });
  const row = (label: string) => read.getByRole('listitem', { name: label, exact: true });
  await expect(row('Rechnungsdatum')).toContainText('12.09.2025');
  await expect(row('Rechnungsnummer')).toContainText(inv.number);
  const gross = Number(inv.gross).toLocaleString('de-DE', { minimumFractionDigits: 2 });
  await expect(row('Bruttobetrag')).toContainText(gross);
  await expect(row('Rechnungsnummer')).toContainText(/\d+ %/);
  // The photo, turned the way it was read, with the number marked when asked for.
  const image = queue.getByRole('img', { name: `Rechnung ${record.id}` });
  await expect(image).toBeVisible();
  const box = (await image.boundingBox())!;
  expect(box.height).toBeGreaterThan(box.width);
  const show = read.getByRole('button', { name: 'Rechnungsnummer auf der Rechnung zeigen' });
  await show.click();
  await expect(show).toHaveAttribute('aria-pressed', 'true');
  const mark = queue.locator('[data-highlight="Rechnungsnummer"]');
  await expect(mark).toHaveClass(/outline-amber-600/);
  const markBox = (await mark.boundingBox())!;
  expect(markBox.x).toBeGreaterThanOrEqual(box.x);
  expect(markBox.y + markBox.height).toBeLessThanOrEqual(box.y + box.height + 1);
  await expectNoA11yViolations(page);
  // A correction is kept beside what was read.
  await read.getByRole('button', { name: 'Nettobetrag korrigieren' }).click();
  const field = read.getByLabel('Nettobetrag richtig');
  await field.fill('12e3');
  await read.getByRole('button', { name: 'Speichern' }).click();
  await expect(read).toContainText('Bitte geben Sie den Betrag in Euro ein, z. B. 546,61.');
  await field.fill('100,00');
  await read.getByRole('button', { name: 'Speichern' }).click();
  await expect(row('Nettobetrag')).toContainText('100,00');
  await expect(row('Nettobetrag')).toContainText('(korrigiert; gelesen:');
  // The full text read is there to look at.
  await read.getByText('Gelesener Text').click();
  await expect(read.locator('pre')).toContainText(inv.customerNumber);
});
