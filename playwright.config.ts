import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

// Browser tests run in Debian's Chromium (never a downloaded browser) against the
// built SPA served by a real PocketBase that e2e/global-setup.ts starts. One worker: on the
// project's two cores one worker already keeps both busy (Chromium), and two workers gave the
// same throughput with tests running into their time limit (docs/testing.md, issue 33).
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : 'list',
  timeout: 30_000,
  use: {
    ...devices['Desktop Chrome'],
    locale: 'de-DE',
    reducedMotion: 'reduce',
    // A failed test keeps its trace: every action with the page's DOM, the console and the network.
    // Without the screencast's screenshots, which cost 5-10 % of the layer's time (issue 33).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
});
