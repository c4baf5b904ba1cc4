#!/usr/bin/env node
// @ts-check
// `npm run screenshots`: refreshes docs/screenshots/ with the main pages at a
// 360 px phone width and a 1280 px desktop width, from the portal as `npm start`
// runs it (its build, the demo data on real time, the invoice reader) on a
// temporary data directory, in Debian's Chromium. Signed-in pages use a session
// the superuser issues for the demo accounts (no password or one-time code needed).
import { chromium } from '@playwright/test';
import PocketBase from 'pocketbase';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { CHROMIUM_PATH } from './lib/chromium.mjs';
import { startLauncher } from './lib/launcher.mjs';
import { ROOT } from './lib/pocketbase.mjs';
import { freePort } from './lib/ports.mjs';

const OUT = path.join(ROOT, 'docs', 'screenshots');
const WIDTHS = { phone: { width: 360, height: 780 }, desktop: { width: 1280, height: 900 } };
/** @type {{ name: string, path: string, as?: [string, string] }[]} */
const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register-account', path: '/register/account' },
  { name: 'aktionsbedingungen', path: '/aktionsbedingungen' },
  { name: 'profile', path: '/profile', as: ['users', 'demowerkstatt01'] },
  { name: 'cashback', path: '/cashback', as: ['users', 'demowerkstatt01'] },
  { name: 'datacenter-administrator', path: '/datacenter', as: ['administrators', 'demoadmin000001'] },
  { name: 'datacenter-auditor', path: '/datacenter', as: ['auditors', 'demopruefer0001'] },
  // One job of the data area with file tables (issue 36: at 360 px their rows stack).
  { name: 'datacenter-files', path: '/datacenter/dateien', as: ['administrators', 'demoadmin000001'] },
  // Campaigns run by administrators (issue 60): the current one beside the closed 2025 one.
  { name: 'datacenter-campaigns', path: '/datacenter/aktionen', as: ['administrators', 'demoadmin000001'] },
];

const SUPERUSER = { email: 'screenshots@portal.local', password: 'screenshots-superuser' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-screenshots-'));
const portal = await startLauncher({
  dataDir,
  env: {
    PB_SUPERUSER_EMAIL: SUPERUSER.email,
    PB_SUPERUSER_PASSWORD: SUPERUSER.password,
    // The demo's mail catcher on ports of its own, beside a portal that may be running.
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
  },
});
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu'],
});
mkdirSync(OUT, { recursive: true });

const su = new PocketBase(portal.url);
await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);

/**
 * A session the superuser issues for a demo account (PocketBase impersonation).
 * @param {[string, string]} as the account's collection and id
 */
async function sessionFor([collection, id]) {
  const client = await su.collection(collection).impersonate(id, 3600);
  return { token: client.authStore.token, record: client.authStore.record };
}

try {
  for (const [label, viewport] of Object.entries(WIDTHS)) {
    for (const page of PAGES) {
      const context = await browser.newContext({ viewport, locale: 'de-DE', reducedMotion: 'reduce' });
      const tab = await context.newPage();
      const session = page.as ? await sessionFor(page.as) : null;
      await tab.addInitScript((auth) => {
        if (auth) localStorage.setItem('pocketbase_auth', JSON.stringify({ token: auth.token, record: auth.record }));
      }, session);
      await tab.goto(`${portal.url}${page.path}`);
      await tab.getByRole('button', { name: 'Nur notwendige' }).first().click();
      await tab.waitForLoadState('networkidle');
      // Loading states and invoices still being read are not what a page looks like.
      for (const busy of ['Wird geladen', 'Wartet aufs Lesen']) {
        await tab
          .getByText(busy)
          .first()
          .waitFor({ state: 'hidden', timeout: 60_000 })
          .catch(() => {});
      }
      // The pointer stays where the consent button was clicked; away from the page, no chart shows a hover tooltip.
      await tab.mouse.move(0, 0);
      const file = path.join(OUT, `${page.name}-${label}.png`);
      await tab.screenshot({ path: file, fullPage: true });
      console.log(`wrote ${path.relative(ROOT, file)}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
