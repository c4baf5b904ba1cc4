import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

// Specs that change what every other spec reads (the demo records, the active campaign, every
// payable payout, the review queue as a whole, the machine's capacity in the rush): they run
// one at a time after all the others, never beside another spec.
const SHARED_STATE = [
  'backoffice.spec.ts',
  'mail-log-and-gate.spec.ts',
  'payouts.spec.ts',
  'public-site.spec.ts',
  'review.spec.ts',
  'rush.spec.ts',
  'workshop.spec.ts',
];

// Browser tests run in Debian's Chromium (never a downloaded browser) against the
// built SPA served by a real PocketBase that e2e/global-setup.ts starts. Two workers (issue 33):
// the specs that keep to their own accounts run two files at a time; the SHARED_STATE specs run
// afterwards in one worker. (A failure in the first group skips the second, Playwright's rule for
// dependent projects; the run fails either way.)
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'own-accounts', testIgnore: SHARED_STATE },
    { name: 'shared-state', testMatch: SHARED_STATE, dependencies: ['own-accounts'], workers: 1 },
  ],
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : 'list',
  timeout: 30_000,
  use: {
    ...devices['Desktop Chrome'],
    locale: 'de-DE',
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
});
