import { devices } from '@playwright/test';

// A device's browser type chooses the browser (Chromium here anyway); it is no option of a context.
const { defaultBrowserType: _, ...desktopChrome } = devices['Desktop Chrome'];

/** Every browser context of the browser tests: a desktop Chrome in German that reduces motion. */
export const CONTEXT_OPTIONS = { ...desktopChrome, locale: 'de-DE', reducedMotion: 'reduce' } as const;

// `npm test` runs the browser layer in two parts (scripts/test.mjs, decision 040): the first in
// the lane that builds, from the start; the second in the other lane once its API tests have
// ended, so the two cores stay busy until the end. These spec files are the second part; every
// other spec (a new one too) is in the first. `npx playwright test` alone runs them all.
export const SECOND_PART = ['registration', 'rush', 'workshop'].map((name) => `**/e2e/${name}.spec.ts`);
