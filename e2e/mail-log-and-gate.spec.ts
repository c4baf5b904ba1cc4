import { declineCookies, expect, enterAs, openVoucher, signInAs, test } from './fixtures';
import { PNG_BYTES, submissionForm } from '../tests/helpers/fixtures';

const HEADER = 'user,bnr,knr,gpnr,deliverydate,sales';

test.describe('administrators’ mail log', () => {
  test('lists mails failed first, filters by status and recipient, and resends a campaign mail', async ({
    page,
    admin,
    inbox,
    makeAccount,
    expectNoA11yViolations,
  }) => {
    const staff = await makeAccount('administrators');
    const workshop = await makeAccount('users', { email: `maillog-${Date.now()}@werkstatt-e2e.de` });
    // The workshop redeems a code through the API; its confirmation goes through the outbox.
    const voucher = await openVoucher(admin, workshop.id, 900 + Math.floor(Math.random() * 1000));
    const client = await admin.collection('users').impersonate(workshop.id, 600);
    const form = submissionForm(workshop.id, voucher, {}, new Blob([new Uint8Array(PNG_BYTES)], { type: 'image/png' }));
    await client.collection('submissions').create(form);
    await inbox.waitFor(workshop.email, (m) => m.subject.includes(voucher.code));
    // A mail that was given up earlier, to the same address.
    await admin.collection('mail_outbox').create({
      recipient: workshop.email,
      user: workshop.id,
      template: 'code-issued',
      status: 'given_up',
      attempts: 9,
      lastError: '451 4.3.0 Mailbox temporarily unavailable',
      data: { name: 'Erika Mustermann', total: '500,00 €', reward: '50,00 €', codes: ['NORA-TEST-TEST'] },
    });

    await enterAs(page, admin, staff, '/datacenter/e-mails');
    await declineCookies(page);
    const log = page.getByRole('region', { name: 'E-Mail-Protokoll' });
    await log.getByRole('searchbox', { name: 'Empfänger suchen' }).fill(workshop.email);
    const entries = log.getByRole('list', { name: 'E-Mails' }).getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Aufgegeben');
    await expect(entries.nth(0)).toContainText('451 4.3.0 Mailbox temporarily unavailable');
    await expect(entries.nth(1)).toContainText('Einreichung eingegangen');
    await expect(entries.nth(1)).toContainText('Gesendet');
    await expectNoA11yViolations(page);

    await log.getByLabel('Status').selectOption({ label: 'Gesendet' });
    await expect(entries).toHaveCount(1);
    await entries
      .nth(0)
      .getByRole('button', { name: `E-Mail an ${workshop.email} erneut senden` })
      .click();
    await expect(log.getByText(/^Die E-Mail wurde erneut in die Warteschlange gestellt \(an /)).toBeVisible();
    await expect.poll(async () => (await inbox.all()).filter((m) => m.subject.includes(voucher.code)).length, { timeout: 15_000 }).toBe(2);
    await log.getByRole('button', { name: 'Aktualisieren' }).click();
    await expect(entries).toHaveCount(2);
  });
});

test.describe('the plausibility gate in the data area', () => {
  test('an import above the limit waits; its uploader cannot confirm it, another administrator can', async ({
    page,
    browser,
    admin,
    makeAccount,
    expectNoA11yViolations,
  }) => {
    const campaign = await admin.collection('campaigns').getFirstListItem('active = true');
    await admin.collection('campaigns').update(campaign.id, { maxCodesPerWorkshopPerWeek: 1 });
    try {
      const uploader = await makeAccount('administrators');
      const second = await makeAccount('administrators');
      const workshop = await makeAccount('users');
      await enterAs(page, admin, uploader, '/datacenter/importe');
      await declineCookies(page);
      const sales = page.getByRole('region', { name: 'Umsatzdaten hochladen' });
      await sales.getByLabel('Umsatzdaten hochladen (CSV-Datei)').setInputFiles({
        name: 'grosser-monat.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`${HEADER}\n${workshop.id},1,K1,G1,2025-06-01,1500\n`),
      });
      await expect(sales.getByRole('row', { name: /grosser-monat\.csv/ })).toContainText('Wartet auf Freigabe', { timeout: 20_000 });

      const gate = page.getByRole('region', { name: 'Importe zur Freigabe' });
      const held = gate.getByRole('listitem').filter({ hasText: 'grosser-monat.csv' });
      await expect(held).toContainText('Neue Cashback-Codes:3');
      await expect(held).toContainText('Hochgeladen von:Ihnen');
      await expectNoA11yViolations(page);
      // Another administrator exists: the uploader is offered no confirmation, only the reason
      // (issue 35; the server's refusal of an uploader's confirmation: tests/security/money-integrity.test.ts).
      await expect(held.getByText('Diesen Import muss ein anderer Administrator bestätigen (Vier-Augen-Prinzip).')).toBeVisible();
      await expect(held.getByRole('button', { name: 'Import bestätigen' })).toHaveCount(0);
      expect((await admin.collection('vouchers').getFullList({ filter: `user = "${workshop.id}"` })).length).toBe(0);

      const context = await browser.newContext();
      const other = await context.newPage();
      await signInAs(other, admin, 'administrators', second.id);
      await other.goto('/datacenter/importe');
      await declineCookies(other);
      const theirs = other
        .getByRole('region', { name: 'Importe zur Freigabe' })
        .getByRole('listitem')
        .filter({ hasText: 'grosser-monat.csv' });
      await expect(theirs).toContainText('Hochgeladen von:einem anderen Administrator');
      await theirs.getByRole('button', { name: 'Import bestätigen' }).click();
      await other.getByRole('dialog', { name: 'Import bestätigen' }).getByRole('button', { name: 'Bestätigen' }).click();
      await expect(other.getByText('Der Import grosser-monat.csv ist bestätigt: 3 Cashback-Codes wurden ausgegeben.')).toBeVisible();
      await expect(other.getByText('Kein Import wartet auf eine Freigabe.')).toBeVisible();
      await context.close();
      expect((await admin.collection('vouchers').getFullList({ filter: `user = "${workshop.id}"` })).length).toBe(3);
    } finally {
      await admin.collection('campaigns').update(campaign.id, { maxCodesPerWorkshopPerWeek: 20 });
    }
  });
});
