// @ts-check
// Debian's Chromium and the flags that work on this machine (README): never a downloaded browser.
import { existsSync } from 'node:fs';

/** The full browser: Lighthouse and the screenshots (`CHROMIUM_PATH` overrides). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The browser tests and the budget check: Debian's `chromium-headless-shell` (the same Chromium
 * release, built headless only, as Playwright runs headless tests by default) when it is installed,
 * else the full browser. The shell has no hidden window to composite: the browser layer costs
 * about a third less CPU (decision 044). `CHROMIUM_PATH` overrides it too.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : '/usr/bin/chromium');

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
