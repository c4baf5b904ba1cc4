import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import { titleOf } from '@/components/document-title';
import { paths } from '@/config/paths';

import { AppProvider } from './provider';
import { routes } from './router';

/**
 * The public pages written to HTML at build time (issue 21, decision 021). Every other path
 * gets the empty page and is drawn by the browser alone; so do the registration steps, whose
 * content is the wizard state this visitor's browser stored.
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

/** One page as a visitor without a session sees it before any data is loaded: the root's HTML and its title. */
export async function prerenderPage(pathname: string): Promise<{ html: string; title: string }> {
  // The first pass loads the page's lazy parts; in the second none of them suspends, so React
  // writes their HTML in place and needs no inline script to move it there later (the CSP
  // allows none).
  await renderOnce(pathname);
  const html = await renderOnce(pathname);
  if (/<template|<script/.test(html)) throw new Error(`${pathname}: a part of the page did not finish prerendering`);
  return { html, title: titleOf(pathname) };
}

async function renderOnce(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; only pages can be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    // One piece: React would otherwise move large sections to the end behind an inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
