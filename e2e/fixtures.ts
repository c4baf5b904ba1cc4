import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import PocketBase from 'pocketbase';

import { SESSION_SECONDS } from '../src/rules/session';
import { PASSWORD, submissionForm, unique, voucherCode, workshopData } from '../tests/helpers/fixtures';
import { inboxReader, otpIn, type InboxReader } from '../tests/helpers/mail';

export { expect } from '@playwright/test';

export interface Account {
  id: string;
  email: string;
  password: string;
  collection: 'users' | 'administrators' | 'auditors';
  firstName: string;
  lastName: string;
}

interface Fixtures {
  /** A superuser client of the PocketBase that serves the SPA. */
  admin: PocketBase;
  inbox: InboxReader;
  /** Creates an account the test can log in with; it is deleted after the test. */
  makeAccount: (collection: Account['collection'], overrides?: Record<string, unknown>) => Promise<Account>;
  /** Axe with the WCAG 2.x A and AA rules; fails the test on any violation. */
  expectNoA11yViolations: (page: Page) => Promise<void>;
}

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set; run the browser tests through Playwright with e2e/global-setup.ts`);
  return value;
};

export const test = base.extend<Fixtures>({
  // Playwright requires the destructured fixture argument even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(env('E2E_BASE_URL')),
  // eslint-disable-next-line no-empty-pattern
  admin: async ({}, use) => {
    const pb = new PocketBase(env('E2E_BASE_URL'));
    pb.autoCancellation(false);
    const su = JSON.parse(env('E2E_SUPERUSER')) as { email: string; password: string };
    await pb.collection('_superusers').authWithPassword(su.email, su.password);
    await use(pb);
  },
  // eslint-disable-next-line no-empty-pattern
  inbox: async ({}, use) => use(inboxReader(env('E2E_INBOX_URL'))),
  makeAccount: async ({ admin }, use) => {
    const created: Account[] = [];
    await use(async (collection, overrides = {}) => {
      const data =
        collection === 'users'
          ? workshopData({ verified: true, ...overrides })
          : {
              email: `${unique(collection)}@nora-aktion.de`,
              password: PASSWORD,
              passwordConfirm: PASSWORD,
              firstName: 'Sam',
              lastName: collection === 'auditors' ? 'Prüfer' : 'Admin',
              verified: true,
              ...overrides,
            };
      const record = await admin.collection(collection).create(data);
      const account = {
        id: record.id,
        email: data.email as string,
        password: (data.password as string) ?? PASSWORD,
        collection,
        firstName: data.firstName as string,
        lastName: data.lastName as string,
      };
      created.push(account);
      return account;
    });
    for (const account of created)
      await admin
        .collection(account.collection)
        .delete(account.id)
        .catch(() => undefined);
  },
  // eslint-disable-next-line no-empty-pattern
  expectNoA11yViolations: async ({}, use) => {
    await use(async (page) => {
      // Legacy mode: axe runs in the page itself. The default gathers each frame's results and
      // finishes them in a blank page it opens for every check (a new renderer, about 0.4 s of the
      // 0.8 s a check took; issue 33). The portal has no frames; same-origin frames are still
      // checked, only cross-origin ones would not be. The same violations are found either way
      // (checked with a missing alt text, an unnamed button and pale text put into a page).
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .setLegacyMode()
        .analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      expect(summary).toEqual([]);
    });
  },
});

/**
 * Logs in through the login page. Staff (an account with a staff collection) then
 * enter the one-time code that arrives in the mail catcher.
 */
export async function login(page: Page, account: Pick<Account, 'email' | 'password'> & { collection?: Account['collection'] }) {
  const staff = account.collection === 'administrators' || account.collection === 'auditors';
  const inbox = staff ? inboxReader(env('E2E_INBOX_URL')) : null;
  const seen = new Set(inbox ? (await inbox.all()).map((m) => m.id) : []);
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(account.email);
  await page.getByLabel('Passwort').fill(account.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  if (inbox) {
    const mail = await inbox.waitFor(account.email, (m) => !seen.has(m.id) && m.subject.startsWith('Ihr Anmeldecode'));
    await page.getByLabel('Bestätigungscode').fill(otpIn(mail));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
  }
}

/** Whether the element draws a focus ring: an outline of 2 px or more, or a box shadow. */
export function hasFocusRing(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
  });
}

/**
 * Declines optional cookies so the consent box is out of the way, then waits until the page's
 * forms take input: a prerendered page's forms stay disabled until React has taken over their
 * part of the page (decision 021), and keyboard steps do not wait for that by themselves.
 */
export async function declineCookies(page: Page) {
  await page.getByRole('button', { name: 'Nur notwendige' }).first().click();
  await expect(page.locator('fieldset[disabled]')).toHaveCount(0);
}

/** Logs in and waits until the login page has sent the user on. */
export async function loginAs(page: Page, account: Pick<Account, 'email' | 'password'> & { collection?: Account['collection'] }) {
  await login(page, account);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/**
 * Opens the app with a session the superuser issued for the account (PocketBase's
 * impersonation), for tests about a page rather than about logging in.
 */
export async function signInAs(page: Page, admin: PocketBase, collection: Account['collection'], id: string) {
  const client = await admin.collection(collection).impersonate(id, 3600);
  const auth = { token: client.authStore.token, record: client.authStore.record };
  await page.addInitScript((value) => localStorage.setItem('pocketbase_auth', JSON.stringify(value)), auth);
}

/**
 * Signs in through the API instead of the login form (issue 33), for tests that are not about
 * signing in: a session issued by the superuser (PocketBase's impersonation) is put into the
 * browser's storage once, on a same-origin file outside the app, and the page a login leads to
 * (or `path`) is opened. Signing out in the test then really signs out. Login, second factor,
 * lockout and reset stay in the browser (e2e/accounts.spec.ts).
 */
export async function enterAs(
  page: Page,
  admin: PocketBase,
  account: Pick<Account, 'collection'> & ({ id: string } | { email: string }),
  path?: string,
) {
  const id =
    'id' in account
      ? account.id
      : (await admin.collection(account.collection).getFirstListItem(admin.filter('email = {:e}', { e: account.email }))).id;
  await storeSession(page, admin, account.collection, id);
  await page.goto(path ?? (account.collection === 'users' ? '/profile' : '/datacenter'));
}

/**
 * Puts a session of the account (issued by the superuser, PocketBase's impersonation) into the
 * storage of the portal's origin, opening a page of it first (a reused page starts at
 * about:blank, decision 043). As long as a login's session, so the
 * app sees a fresh one and does not renew it on load.
 */
export async function storeSession(page: Page, admin: PocketBase, collection: Account['collection'], id: string) {
  const client = await admin.collection(collection).impersonate(id, SESSION_SECONDS[collection]);
  const auth = { token: client.authStore.token, record: client.authStore.record };
  await page.goto('/robots.txt');
  await page.evaluate((value) => localStorage.setItem('pocketbase_auth', JSON.stringify(value)), auth);
}

/**
 * Opens one job of the data area through its navigation (issue 36) and waits until the page
 * says it is the current one.
 */
export async function openJob(page: Page, label: string) {
  const link = page.getByRole('navigation', { name: 'Bereiche des Datacenters' }).getByRole('link', { name: label, exact: true });
  await link.click();
  await expect(link).toHaveAttribute('aria-current', 'page');
}

/** An open code for the workshop, created directly (the sales pipeline is not needed for it). */
export async function openVoucher(admin: PocketBase, userId: string, tier: number) {
  const campaign = await admin.collection('campaigns').getFirstListItem('active = true');
  return admin.collection('vouchers').create({ code: voucherCode(), status: 'open', user: userId, campaign: campaign.id, tier });
}

/**
 * A workshop's submission of a fresh code (sent as the workshop, through the API) and an auditor
 * to check it, the workshop linked to `centre` first when one is named. The review queue is shared by the browser tests: `settle()` takes the submission
 * out of it again (a verdict 'missing'); call it in a `finally`.
 */
export async function submissionToCheck(
  admin: PocketBase,
  makeAccount: Fixtures['makeAccount'],
  {
    tier,
    workshop: overrides,
    file,
    filename,
    centre,
  }: {
    tier: number;
    workshop?: Record<string, unknown>;
    file?: Blob;
    filename?: string;
    /** A service centre the workshop is linked to before it submits (the reader matches the seller against it). */
    centre?: { partnerName: string; customerNumber: string };
  },
) {
  const auditor = await makeAccount('auditors');
  const workshop = await makeAccount('users', overrides);
  if (centre) {
    const dealer = await admin
      .collection('nora_lz')
      .create({ partnerName: centre.partnerName, zipCode: '80331', city: 'München', bnr: `C${Date.now()}${tier}` });
    await admin.collection('user_lz_connections').create({ user: workshop.id, noraLz: dealer.id, customerNumber: centre.customerNumber });
  }
  const voucher = await openVoucher(admin, workshop.id, tier);
  const client = await admin.collection('users').impersonate(workshop.id, 600);
  const submission = await client.collection('submissions').create(submissionForm(workshop.id, voucher, {}, file, filename));
  const staff = await admin.collection('auditors').impersonate(auditor.id, 600);
  const verdict = (outcome: 'passed' | 'faulty' | 'missing') =>
    staff.send(`/api/portal/review/${submission.id}/verdict`, { method: 'POST', body: { outcome, note: '' } });
  return { auditor, workshop, voucher, submission, staff, verdict, settle: () => verdict('missing') };
}

/** The review queue on the page, with the submission of `code` opened from its navigation. */
export async function openInQueue(page: Page, code: string) {
  const queue = page.getByRole('region', { name: 'Prüfwarteschlange' });
  await queue
    .getByRole('navigation', { name: 'Einreichungen in der Warteschlange' })
    .getByRole('button', { name: new RegExp(code) })
    .click();
  return queue;
}

/** Fills the cashback form with valid bank data, the invoice and the code. */
export async function fillCashback(
  page: Page,
  code: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  iban = 'DE89 3704 0044 0532 0130 00',
) {
  await page.getByLabel('Vorname').fill('Erika');
  await page.getByLabel('Nachname').fill('Mustermann');
  await page.getByLabel('IBAN').fill(iban);
  await page.getByLabel('BIC').fill('COBADEFFXXX');
  await page.getByLabel('Rechnungsdatei').setInputFiles(file);
  await expect(page.getByText(file.name)).toBeVisible();
  await page.getByRole('textbox', { name: 'Cashback-Code' }).fill(code);
  await page.getByLabel(/Vorsteuerabzug/).check();
}
