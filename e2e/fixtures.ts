import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/** Points page.goto('/...') at the PocketBase that global-setup started. */
export const test = base.extend({
  // Playwright requires the destructured fixture argument even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set; run the browser tests through Playwright with e2e/global-setup.ts');
    await use(url);
  },
});
