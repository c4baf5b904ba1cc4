import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';

import { jobOf } from '@/config/datacenter-jobs';
import { paths, SITE_NAME, SITE_TITLE } from '@/config/paths';

/** The German document title of a path: the page's own name, then the campaign's. */
export function titleOf(pathname: string): string {
  const route = Object.values(paths).find((p) => matchPath({ path: p.path, end: true }, pathname));
  if (!route) return `${paths.notFound.title} – ${SITE_NAME}`;
  const job = jobOf(matchPath({ path: paths.datacenterJob.path, end: true }, pathname)?.params.job);
  if (job) return `${job.label} – ${route.title} – ${SITE_NAME}`;
  return route.title === SITE_TITLE ? SITE_TITLE : `${route.title} – ${SITE_NAME}`;
}

/** Keeps document.title in step with the route, so tabs, history and screen readers name the page. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleOf(pathname);
  }, [pathname]);
  return null;
}
