import { declineCookies, enterAs, expect, openJob, test } from './fixtures';

// Issue 60: an administrator makes the next campaign from the latest and edits its texts; a
// second administrator releases it. (The clock stands in 2025's period: the public pages keep
// showing 2025 until the new one begins; tests/api/campaigns.test.ts moves the clock.)
test('an administrator creates the next campaign from the latest, edits its terms, and a second administrator releases it', async ({
  page,
  admin,
  makeAccount,
  expectNoA11yViolations,
}) => {
  test.setTimeout(60_000);
  const [first, second] = [await makeAccount('administrators'), await makeAccount('administrators')];
  await enterAs(page, admin, first, '/datacenter');
  await declineCookies(page);
  await openJob(page, 'Aktionen');
  const block = page.getByRole('region', { name: 'Aktionen' });
  await block.getByRole('button', { name: 'Neue Aktion' }).click();
  const editor = page.getByRole('region', { name: /^Aktion NORA Cashback-Aktion 20\d\d bearbeiten$/ });
  await expect(editor).toContainText('Entwurf');
  const name = (await editor.getByLabel('Name').inputValue()).trim();
  expect(name).toMatch(/^NORA Cashback-Aktion 20\d\d$/);
  await expectNoA11yViolations(page);

  // An unknown placeholder is a German field error, before anything is sent.
  const terms = editor.getByLabel('Aktionsbedingungen');
  await terms.fill('## Aktion\n\nJe {{schwele}} gibt es {{cashback}}.');
  await editor.getByRole('button', { name: 'Speichern' }).click();
  await expect(editor.getByText(/^Unbekannter Platzhalter \{\{schwele\}\}\. Erlaubt sind:/)).toBeVisible();
  await terms.fill('## Aktion\n\nJe {{schwelle}} Einkauf gibt es {{cashback}} bis {{einloesen_bis}}.');
  await editor.getByRole('button', { name: 'Speichern' }).click();
  await expect(editor.getByText('Gespeichert.')).toBeVisible();
  await editor.getByRole('button', { name: 'Vorschau' }).click();
  await expect(editor.getByRole('region', { name: 'Vorschau' })).toContainText(/Je 500\s€ Einkauf gibt es 50\s€ bis 30\.11\.20\d\d\./);

  // Who made it cannot release it.
  await editor.getByRole('button', { name: 'Freigeben …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aktion freigeben?' });
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Freigeben' }).click();
  await expect(
    editor.getByText('Eine Aktion gibt ein zweiter Administrator frei, nicht wer sie angelegt oder zuletzt geändert hat.'),
  ).toBeVisible();

  await page.evaluate(() => localStorage.removeItem('pocketbase_auth'));
  await enterAs(page, admin, second, '/datacenter/aktionen');
  const row = page.getByRole('list', { name: 'Aktionen' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Entwurf');
  await row.getByRole('button', { name: `${name} bearbeiten` }).click();
  const editor2 = page.getByRole('region', { name: `Aktion ${name} bearbeiten` });
  await expect(editor2.getByLabel('Aktionsbedingungen')).toHaveValue(/Je \{\{schwelle\}\} Einkauf/);
  await editor2.getByRole('button', { name: 'Freigeben …' }).click();
  await page.getByRole('dialog', { name: 'Aktion freigeben?' }).getByRole('button', { name: 'Freigeben' }).click();
  await expect(editor2.getByText('Freigegeben: Die Aktion beginnt zu ihrem Aktionsbeginn.')).toBeVisible();
  await expect(row).toContainText('Freigegeben');
  const log = await admin.collection('staff_log').getFullList({ filter: admin.filter('action ~ "campaign."'), sort: 'created' });
  expect(log.slice(-3).map((l) => [l.action, l.actorId])).toEqual([
    ['campaign.create', first.id],
    ['campaign.update', first.id],
    ['campaign.release', second.id],
  ]);

  // Payouts can be narrowed to a campaign: the new one has none yet.
  await page.goto('/datacenter/auszahlungen');
  const payouts = page.getByRole('region', { name: 'Auszahlungen' }).first();
  const choice = payouts.getByLabel('Aktion');
  await expect(choice.locator('option', { hasText: name })).toHaveCount(1);
  await choice.selectOption({ label: name });
  await expect(payouts.getByText(/^Auszahlbar: 0 · Angehalten: 0$/)).toBeVisible();

  // The workshop search too: the demo workshop has sales in 2025 only.
  await page.goto('/datacenter/werkstaetten?suche=Schrauber');
  const workshops = page.getByRole('region', { name: 'Werkstätten' });
  await expect(workshops.getByText('Kfz-Meisterbetrieb Schrauber').first()).toBeVisible();
  await workshops.getByLabel('Aktion').selectOption({ label: name });
  await expect(workshops.getByText('Kfz-Meisterbetrieb Schrauber')).toHaveCount(0);

  // A user data file of the new campaign's participants names its year.
  await page.goto('/datacenter/dateien');
  const userFiles = page.getByRole('region', { name: 'Userdaten herunterladen' });
  await userFiles.getByLabel('Aktion').selectOption({ label: name });
  await userFiles.getByRole('button', { name: 'Neue Userdaten-Datei erstellen' }).click();
  await expect(userFiles.getByRole('row', { name: new RegExp(`_aktion_${name.slice(-4)}`) }).first()).toBeVisible();

  // The public pages keep 2025 while its period runs.
  await page.goto('/aktionsbedingungen');
  await expect(page.getByRole('article')).toContainText('Teilnahmeerklärung zur NORA Cashback-Aktion 2025');
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the campaigns job and its editor fit the screen and pass axe', async ({ page, admin, makeAccount, expectNoA11yViolations }) => {
    await enterAs(page, admin, await makeAccount('administrators'), '/datacenter/aktionen');
    await declineCookies(page);
    await page
      .getByRole('button', { name: /^NORA Cashback-Aktion( \d{4})? bearbeiten$/ })
      .first()
      .click();
    await expect(page.getByRole('region', { name: /^Aktion .* bearbeiten$/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
  });
});
