import { declineCookies, expect, enterAs, openJob, test } from './fixtures';

const HEADER = 'user,bnr,knr,gpnr,deliverydate,sales';

test.describe('datacenter for administrators', () => {
  test('uploads sales data with live progress, shows the counts and opens the failed rows', async ({
    page,
    makeAccount,
    expectNoA11yViolations,
    admin,
  }) => {
    // A real import with live progress: 12 s alone, 18 s beside the API layer (issue 33).
    test.setTimeout(60_000);
    const administrator = await makeAccount('administrators');
    const workshop = await makeAccount('users');
    // Large enough that the import takes a moment, so its progress can be seen moving.
    const rows = Array.from(
      { length: 60_000 },
      (_, i) => `${workshop.id},400001,K${i},G1,2025-06-${String((i % 28) + 1).padStart(2, '0')},0.01`,
    );
    const csv = `${HEADER}\n${rows.join('\n')}\nunbekannt,400001,K1,G1,2025-06-01,1\n`;

    await enterAs(page, admin, administrator);
    await expect(page).toHaveURL(/\/datacenter$/);
    await declineCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Datacenter' })).toBeVisible();
    // SPEC's four blocks, in two of the administrators' jobs (issue 36), each at its own address.
    await expect(page.getByRole('navigation', { name: 'Bereiche des Datacenters' }).getByRole('link')).toHaveText([
      'Übersicht',
      'Werkstätten',
      'Importe',
      'Auszahlungen',
      'Aktionen',
      'Dateien',
      'E-Mail-Protokoll',
      'Mitarbeiterprotokoll',
      'Löschanträge',
    ]);
    await openJob(page, 'Dateien');
    await expect(page).toHaveURL(/\/datacenter\/dateien$/);
    await expect(page).toHaveTitle('Dateien – Datacenter – NORA Cashback-Aktion');
    for (const title of ['Registrierungsdaten', 'Userdaten herunterladen'])
      await expect(page.getByRole('region', { name: title })).toBeVisible();
    await openJob(page, 'Importe');
    await expect(page).toHaveURL(/\/datacenter\/importe$/);
    for (const title of ['Umsatzdaten hochladen', 'Geschäftspartnernummern hochladen']) {
      await expect(page.getByRole('region', { name: title })).toBeVisible();
    }
    const sales = page.getByRole('region', { name: 'Umsatzdaten hochladen' });
    await expect(sales).toContainText('Die Verarbeitung kann länger als 5 Sekunden dauern.');

    await sales
      .getByLabel('Umsatzdaten hochladen (CSV-Datei)')
      .setInputFiles({ name: 'umsatz.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(sales.getByText('Bitte wählen Sie eine CSV-Datei aus.')).toBeVisible();

    await sales
      .getByLabel('Umsatzdaten hochladen (CSV-Datei)')
      .setInputFiles({ name: 'umsatz-juni.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(sales.getByRole('button', { name: 'Wird hochgeladen...' })).toBeDisabled();
    await expect(sales.getByText('Die Daten werden verarbeitet...')).toBeVisible();
    const bar = sales.getByRole('progressbar', { name: 'Fortschritt des Imports' });
    await expect(bar).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);

    const row = sales.getByRole('row', { name: /umsatz-juni\.csv/ });
    await expect(row).toContainText('Verarbeitet', { timeout: 30_000 });
    const cells = row.getByRole('cell');
    await expect(cells.nth(1)).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    await expect(cells.nth(3)).toHaveText('60000');
    await expect(cells.nth(4)).toHaveText('0');
    await expect(cells.nth(5)).toHaveText('0');
    await expect(cells.nth(6)).toHaveText('60000');
    await expect(cells.nth(7)).toHaveText('1');
    await expectNoA11yViolations(page);

    // The failed rows open in a new tab; the browser saves a CSV at once, so the URL is captured instead.
    await page.evaluate(() => {
      window.open = (url?: string | URL) => {
        (window as unknown as { __opened: string }).__opened = String(url);
        return null;
      };
    });
    await row.getByRole('button', { name: /Fehlerhafte Zeilen von umsatz-juni\.csv herunterladen/ }).click();
    const opened = await page.waitForFunction(() => (window as unknown as { __opened?: string }).__opened);
    const url = (await opened.jsonValue()) as string;
    expect(url).toContain('token=');
    const body = await (await page.request.get(url)).text();
    expect(body).toContain('Unbekannte Benutzer-ID');
    // Without the token the file is not served.
    expect((await page.request.get(url.replace(/token=[^&]+/, 'token='))).status()).toBe(404);

    // A failed-rows file the server no longer has opens no tab: the page says so.
    await page.evaluate(() => delete (window as unknown as { __opened?: string }).__opened);
    await page.route('**/api/files/*/*/*', (route) => route.fulfill({ status: 404, body: '' }));
    await row.getByRole('button', { name: /Fehlerhafte Zeilen von umsatz-juni\.csv herunterladen/ }).click();
    await expect(sales.getByText('Beim Download der Fehler-Datei ist ein Fehler aufgetreten.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __opened?: string }).__opened)).toBeUndefined();
    await page.unroute('**/api/files/*/*/*');
  });

  test('creates a user data file and lists the registration file', async ({ page, makeAccount, admin }) => {
    const administrator = await makeAccount('administrators');
    await enterAs(page, admin, administrator, '/datacenter/dateien');
    await declineCookies(page);
    const registrations = page.getByRole('region', { name: 'Registrierungsdaten' });
    // Written after the demo data: the newest file lists the demo workshops, not 0.
    const newest = registrations.getByRole('row', { name: /registrierungen_/ }).first();
    await expect(newest.getByRole('cell').nth(2)).toHaveText(/^[1-9]\d*$/);
    // 'Neue Registrierungsdatei erstellen' puts a fresh file on top, with the workshop just made.
    await makeAccount('users');
    const before = Number(await newest.getByRole('cell').nth(2).innerText());
    await registrations.getByRole('button', { name: 'Neue Registrierungsdatei erstellen' }).click();
    await expect(newest.getByRole('cell').nth(2)).not.toHaveText(String(before));
    expect(Number(await newest.getByRole('cell').nth(2).innerText())).toBeGreaterThan(before);
    const users = page.getByRole('region', { name: 'Userdaten herunterladen' });
    await users.getByRole('button', { name: 'Neue Userdaten-Datei erstellen' }).click();
    const row = users.getByRole('row', { name: /userfile_\d{4}-\d{2}-\d{2}\.csv/ }).first();
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d+$/);
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /herunterladen/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^userfile_\d{4}-\d{2}-\d{2}\.csv$/);
  });

  test('an auditor sees the registration data but not the administrator blocks', async ({
    page,
    makeAccount,
    expectNoA11yViolations,
    admin,
  }) => {
    const auditor = await makeAccount('auditors');
    await enterAs(page, admin, auditor);
    await declineCookies(page);
    // The auditors' jobs only; an administrators' job does not exist for them.
    await expect(page.getByRole('navigation', { name: 'Bereiche des Datacenters' }).getByRole('link')).toHaveText([
      'Prüfung',
      'Prüfdateien',
      'Dateien',
    ]);
    await openJob(page, 'Dateien');
    await expect(page.getByRole('region', { name: 'Registrierungsdaten' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Umsatzdaten hochladen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Neue Registrierungsdatei erstellen' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Geschäftspartnernummern hochladen' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Userdaten herunterladen' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.goto('/datacenter/auszahlungen');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('region', { name: 'Auszahlungen' })).toHaveCount(0);
  });
});

test.describe('datacenter messages', () => {
  const boom = { status: 500, contentType: 'application/json', body: '{"status":500,"message":"boom","data":{}}' };

  test('load failures of each list show SPEC’s messages', async ({ page, makeAccount, admin }) => {
    const administrator = await makeAccount('administrators');
    for (const c of ['workshop_files', 'sales_data_files', 'user_file', 'business_partner_number_files']) {
      await page.route(`**/api/collections/${c}/records?*`, (route) => route.fulfill(boom));
    }
    await enterAs(page, admin, administrator, '/datacenter/dateien');
    await expect(page.getByText('Beim Laden der Dateien ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.')).toBeVisible();
    await expect(page.getByText('Beim Abrufen der Userdaten-Dateien ist ein Fehler aufgetreten.')).toBeVisible();
    await openJob(page, 'Importe');
    await expect(page.getByText('Beim Abrufen der Sales Data Dateien ist ein Fehler aufgetreten.')).toBeVisible();
    await expect(page.getByText('Beim Abrufen der Dateien ist ein Fehler aufgetreten.')).toBeVisible();
  });

  test('failing uploads, file creation and downloads show SPEC’s messages', async ({ page, makeAccount, admin }) => {
    const administrator = await makeAccount('administrators');
    await enterAs(page, admin, administrator, '/datacenter/dateien');
    await declineCookies(page);
    const registrations = page.getByRole('region', { name: 'Registrierungsdaten' });
    await expect(registrations.getByRole('row', { name: /registrierungen_/ }).first()).toBeVisible();

    await page.route('**/api/files/token', (route) => route.fulfill(boom));
    await registrations
      .getByRole('button', { name: /herunterladen/ })
      .first()
      .click();
    await expect(registrations.getByText('Beim Erstellen der Download-URL ist ein Fehler aufgetreten.')).toBeVisible();
    await page.unroute('**/api/files/token');
    await page.route('**/api/files/*/*/*', (route) => route.fulfill({ status: 404, body: '' }));
    await registrations
      .getByRole('button', { name: /herunterladen/ })
      .first()
      .click();
    await expect(registrations.getByText('Beim Herunterladen der Datei ist ein Fehler aufgetreten.')).toBeVisible();
    await page.unroute('**/api/files/*/*/*');
    await page.route('**/api/portal/registration-files', (route) => route.fulfill(boom));
    await registrations.getByRole('button', { name: 'Neue Registrierungsdatei erstellen' }).click();
    await expect(registrations.getByText('Beim Erstellen der Datei ist ein Fehler aufgetreten.')).toBeVisible();

    const users = page.getByRole('region', { name: 'Userdaten herunterladen' });
    await page.route('**/api/collections/user_file/records', (route) =>
      route.request().method() === 'POST' ? route.fulfill(boom) : route.continue(),
    );
    await users.getByRole('button', { name: 'Neue Userdaten-Datei erstellen' }).click();
    await expect(users.getByText('Beim Erstellen der Userdaten-Datei ist ein Fehler aufgetreten.')).toBeVisible();

    await openJob(page, 'Importe');
    const sales = page.getByRole('region', { name: 'Umsatzdaten hochladen' });
    await page.route('**/api/collections/sales_data_files/records', (route) =>
      route.request().method() === 'POST' ? route.fulfill(boom) : route.continue(),
    );
    await sales
      .getByLabel('Umsatzdaten hochladen (CSV-Datei)')
      .setInputFiles({ name: 'umsatz.csv', mimeType: 'text/csv', buffer: Buffer.from('user,bnr,knr,gpnr,deliverydate,sales\n') });
    await expect(sales.getByText('Beim Hochladen der Umsatzdaten ist ein Fehler aufgetreten.')).toBeVisible();

    const partners = page.getByRole('region', { name: 'Geschäftspartnernummern hochladen' });
    await page.route('**/api/collections/business_partner_number_files/records', (route) =>
      route.request().method() === 'POST' ? route.fulfill(boom) : route.continue(),
    );
    await partners
      .getByLabel('Geschäftspartnernummern hochladen (CSV-Datei)')
      .setInputFiles({ name: 'gp.csv', mimeType: 'text/csv', buffer: Buffer.from('user,bnr,knr,gpnr\n') });
    await expect(partners.getByText('Beim Hochladen der Datei ist ein Fehler aufgetreten.')).toBeVisible();
    await partners
      .getByLabel('Geschäftspartnernummern hochladen (CSV-Datei)')
      .setInputFiles({ name: 'gp.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
    await expect(partners.getByText('Bitte wählen Sie eine CSV-Datei aus.')).toBeVisible();
  });

  test('a file without failed rows offers no failed-rows download', async ({ page, makeAccount, admin }) => {
    const administrator = await makeAccount('administrators');
    const workshop = await makeAccount('users');
    await enterAs(page, admin, administrator, '/datacenter/importe');
    await declineCookies(page);
    const sales = page.getByRole('region', { name: 'Umsatzdaten hochladen' });
    await sales.getByLabel('Umsatzdaten hochladen (CSV-Datei)').setInputFiles({
      name: 'sauber.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`user,bnr,knr,gpnr,deliverydate,sales\n${workshop.id},400001,K1,G1,2025-06-01,1\n`),
    });
    const row = sales.getByRole('row', { name: /sauber\.csv/ });
    await expect(row).toContainText('Verarbeitet');
    // No row failed: '-' instead of a download (SPEC's mark for a missing value).
    await expect(row.getByRole('cell').last()).toHaveText('-');
    await expect(row.getByRole('button', { name: /Fehlerhafte Zeilen/ })).toHaveCount(0);
  });
});
