import type { Page } from '@playwright/test';

import { declineCookies, enterAs, expect, submissionToCheck, test } from './fixtures';

// The layout defects a newcomer met at 1280 and 360 px (issue 58), each measured on the rendered
// page: text is measured with a Range over its contents, so a word that runs out of its box counts.

const LONG = 'umsaetze_kalenderwoche38_alle_leistungszentren_final.csv';
const SALES_CSV = 'user,bnr,knr,gpnr,deliverydate,sales\nunbekannt000001,400001,K1,G1,2025-09-01,100.00\n';

async function uploadSales(page: Page, name: string) {
  const region = page.getByRole('region', { name: 'Umsatzdaten hochladen' });
  await region
    .getByLabel('Umsatzdaten hochladen (CSV-Datei)')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(SALES_CSV) });
  await expect(region.getByRole('row', { name: new RegExp(name.slice(0, 12)) }).first()).toContainText('Verarbeitet');
  return region;
}

/** The landing page's sign-up form filled and sent: the wizard's first step. */
async function startWizard(page: Page) {
  await page.goto('/');
  await declineCookies(page);
  const form = page.locator('#register');
  await form.getByLabel('E-Mail').focus();
  for (const text of [`layout-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.de`, 'Neue-Werkstatt-2025', 'Neue-Werkstatt-2025']) {
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Space'); // the terms
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/register\/account$/);
}

/** Texts of headings and buttons in `main` whose rendered text leaves the card (region) around them. */
function textsOutsideTheirCard(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const card of Array.from(document.querySelectorAll('main section[aria-label]'))) {
      const box = card.getBoundingClientRect();
      for (const el of Array.from(card.querySelectorAll('h2, h3, button'))) {
        const range = document.createRange();
        range.selectNodeContents(el);
        for (const r of [el.getBoundingClientRect(), range.getBoundingClientRect()]) {
          if (r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5))
            out.push(`${el.textContent} (${Math.round(r.right)} > ${Math.round(box.right)})`);
        }
      }
    }
    return out;
  });
}

/** Controls (buttons, links, fields) whose box the consent button overlaps, in page coordinates. */
function coveredByConsentButton(page: Page) {
  return page.evaluate(() => {
    const consent = document.querySelector('button[aria-label="Cookie-Einstellungen öffnen"]')!;
    const page = (r: DOMRect) => ({ l: r.left + scrollX, r: r.right + scrollX, t: r.top + scrollY, b: r.bottom + scrollY });
    const fixed = getComputedStyle(consent).position === 'fixed';
    const c = page(consent.getBoundingClientRect());
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('main button, main a, main input, main select, main textarea'))) {
      const raw = el.getBoundingClientRect();
      if (raw.width === 0) continue;
      const e = page(raw);
      // A floating button is checked against the controls at every scroll position: a vertical overlap is then always possible.
      const vertical = fixed ? true : e.t < c.b && c.t < e.b;
      if (vertical && e.l < c.r && c.l < e.r) out.push(el.getAttribute('aria-label') ?? el.textContent ?? el.tagName);
    }
    return out;
  });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sales-file table wraps file names at their separators, never inside a part, and shows Download whole', async ({
    page,
    admin,
    makeAccount,
  }) => {
    await enterAs(page, admin, await makeAccount('administrators'), '/datacenter/importe');
    await declineCookies(page);
    const region = await uploadSales(page, LONG);
    const parts = await region
      .getByRole('row', { name: /umsaetze_/ })
      .first()
      .locator('td')
      .first()
      .evaluate((cell) =>
        Array.from(cell.querySelectorAll('span > span')).map((s) => {
          // The part's own text (the <wbr> after it may start a new line; that is the wanted break).
          const range = document.createRange();
          range.selectNodeContents(s.firstChild!);
          return [s.firstChild!.textContent, range.getClientRects().length] as const;
        }),
      );
    expect(parts.map(([t]) => t).join('')).toBe(LONG);
    for (const [text, lines] of parts) expect(lines, `'${text}' broken inside`).toBe(1);
    const download = region.getByRole('button', { name: `Fehlerhafte Zeilen von ${LONG} herunterladen` }).first();
    await expect(download).toContainText('Download');
    const [button, scroller] = await Promise.all([download.boundingBox(), region.locator('table').locator('xpath=..').boundingBox()]);
    expect(button!.x + button!.width).toBeLessThanOrEqual(scroller!.x + scroller!.width);
    expect(
      await region
        .locator('table')
        .locator('xpath=..')
        .evaluate((d) => d.scrollWidth - d.clientWidth),
    ).toBeLessThanOrEqual(0);
  });

  test('the consent button floats at the lower left beside the content, over no control', async ({ page, admin, makeAccount }) => {
    await enterAs(page, admin, await makeAccount('administrators'), '/datacenter/importe');
    await declineCookies(page);
    expect(await coveredByConsentButton(page)).toEqual([]);
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the upload blocks keep their headings and buttons inside their cards', async ({ page, admin, makeAccount }) => {
    await enterAs(page, admin, await makeAccount('administrators'), '/datacenter/importe');
    await declineCookies(page);
    await uploadSales(page, LONG);
    await expect(page.getByRole('heading', { name: /Geschäfts.*hochladen/ })).toBeVisible();
    expect(await textsOutsideTheirCard(page)).toEqual([]);
  });

  test('the consent button covers neither the wizard’s Weiter nor the review queue’s buttons', async ({ page, admin, makeAccount }) => {
    await startWizard(page);
    await expect(page.getByRole('button', { name: 'Bestätigen & Fortfahren' })).toBeVisible();
    expect(await coveredByConsentButton(page)).toEqual([]);
    // Still at the lower left of the page: the last thing on it, at its left edge.
    const box = (await page.getByRole('button', { name: 'Cookie-Einstellungen öffnen' }).boundingBox())!;
    expect(box.x).toBeLessThan(40);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - (scrollY + innerHeight))).toBeGreaterThanOrEqual(0);

    const { auditor, settle } = await submissionToCheck(admin, makeAccount, { tier: 84 });
    try {
      await enterAs(page, admin, auditor, '/datacenter/pruefung');
      await expect(page.getByRole('group', { name: 'Ergebnis der Prüfung' })).toBeVisible();
      expect(await coveredByConsentButton(page)).toEqual([]);
    } finally {
      await settle();
    }
  });

  test('the wizard’s step labels stay in their quarter and do not touch', async ({ page }) => {
    await startWizard(page);
    const steps = page.getByRole('navigation', { name: 'Fortschritt der Registrierung' }).getByRole('listitem');
    await expect(steps).toHaveCount(4);
    const boxes = await steps.evaluateAll((items) =>
      items.map((li) => {
        const label = li.querySelector('span:last-child')!;
        const range = document.createRange();
        range.selectNodeContents(label);
        const r = range.getBoundingClientRect();
        const own = li.getBoundingClientRect();
        return { left: r.left, right: r.right, liLeft: own.left, liRight: own.right };
      }),
    );
    for (const [i, b] of boxes.entries()) {
      expect(b.left, `label ${i + 1}`).toBeGreaterThanOrEqual(b.liLeft - 0.5);
      expect(b.right, `label ${i + 1}`).toBeLessThanOrEqual(b.liRight + 0.5);
      if (i > 0) expect(b.left - boxes[i - 1]!.right, `gap before label ${i + 1}`).toBeGreaterThanOrEqual(8);
    }
  });
});
