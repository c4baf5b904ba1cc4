import { defineConfig } from '@playwright/test';

import { CONTEXT_OPTIONS, SECOND_PART } from './e2e/run-options';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from './scripts/lib/chromium.mjs';

// E2E_PART=1 or 2: one of npm test's two parts of the browser layer (e2e/run-options.ts).
const part = process.env.E2E_PART;
const selection = part === '2' ? { testMatch: SECOND_PART } : part === '1' ? { testIgnore: SECOND_PART } : {};

// Browser tests run in Debian's Chromium (never a downloaded browser) against the
// built SPA served by a real PocketBase that e2e/global-setup.ts starts. One worker: on the
// project's two cores one worker already keeps both busy (Chromium), and two workers gave the
// same throughput with tests running into their time limit (docs/testing.md, issue 33).
export default defineConfig({
  testDir: './e2e',
  ...selection,
  outputDir: part ? `test-results/part-${part}` : 'test-results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // A failed test runs once more, recording its trace (below); npm test counts a test that passes
  // only on its second run as failed (scripts/test.mjs: Playwright's 'flaky'), so no flake hides.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : 'list',
  timeout: 30_000,
  use: {
    ...CONTEXT_OPTIONS,
    // One browser context per worker, reset by Playwright between tests (cookies, storage and
    // IndexedDB, cache, routes, init scripts, extra pages, service workers; decision 043): a new
    // context and page cost Chromium a new renderer and the app compiled again (issue 33).
    reuseContext: true,
    // A failed test's second run records its trace: every action with the page's DOM, the console
    // and the network. Recording every test cost about 17 % of the browser layer's CPU, for traces
    // a green run throws away (decision 044). Without the screencast's screenshots (5-10 % more).
    trace: { mode: 'on-first-retry', screenshots: false },
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
});
