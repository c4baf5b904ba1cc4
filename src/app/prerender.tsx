import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';

import { titleOf } from '@/components/document-title';
import { paths } from '@/config/paths';
import type { CampaignAnswer } from '@/lib/api/active-campaign';
import { CAMPAIGN_DATA_ID, renderWithActiveCampaign } from '@/lib/rendered-campaign';
import { REGISTRATION_STORAGE_KEY, WIZARD_STEPS } from '@/features/registration/stores/registration';

import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * The public pages written to HTML at build time (issue 21, decision 021). Every other path
 * gets the empty page and is drawn by the browser alone, except the stand-ins below.
 */
export const PRERENDERED_PAGES = [
  paths.home.getHref(),
  paths.login.getHref(),
  paths.forgotPassword.getHref(),
  paths.impressum.getHref(),
  paths.datenschutz.getHref(),
  paths.aktionsbedingungen.getHref(),
  paths.barrierefreiheit.getHref(),
  paths.notFound.getHref(),
];

/**
 * Paths whose first-time visitor the app sends on to another public page, with that page's
 * HTML as their file (decision 023): the registration steps after the first, which without
 * progress stored in this browser lead to the landing page (`guardRedirect`). A blocking script
 * reads the stored step before the first paint: without one it puts the landing page's path
 * into the address bar and React takes the page over; with one the page's HTML stays hidden
 * and the app draws the step.
 */
export const STAND_IN_PAGES: { pathname: string; page: string }[] = WIZARD_STEPS.filter((step) => step !== 'init').map((step) => ({
  pathname: paths.registerStep.getHref(step),
  page: paths.home.getHref(),
}));

/** Where the stand-in script finds the wizard's stored step (`state.step` of the persisted store). */
export const STAND_IN_STORAGE_KEY = REGISTRATION_STORAGE_KEY;

/** The id of the data block that carries the campaign a page was rendered with. */
export { CAMPAIGN_DATA_ID };

/**
 * One page as a visitor without a session sees it: the root's HTML and its title. The build
 * renders it before any data is loaded (`campaign` null: the campaign's facts are filled in on
 * hydration); the page renderer of `npm start` renders it with the campaign in force (decision 061).
 */
export async function prerenderPage(pathname: string, campaign: CampaignAnswer | null = null): Promise<{ html: string; title: string }> {
  renderWithActiveCampaign(campaign);
  // React's static renderer waits for every lazy part and writes it in its place (one piece:
  // otherwise React moves large sections to the end behind an inline script, which the CSP
  // forbids). The first pass loads the lazy parts' code; the second finds it loaded.
  await renderOnce(pathname);
  const html = await renderOnce(pathname);
  if (/<template|<script/.test(html)) throw new Error(`${pathname}: a part of the page did not finish prerendering`);
  return { html, title: titleOf(pathname) };
}

async function renderOnce(pathname: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
