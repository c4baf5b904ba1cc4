import { paths } from '@/config/paths';

/** The open workshop is in the address (`?werkstatt=<id>`), so a link can name it and Back closes it. */
export const WORKSHOP_PARAM = 'werkstatt';
/** The workshop search's terms in the address (issue 58: kept over the browser's back button). */
export const SEARCH_PARAM = 'suche';

/** The back office with one workshop's story open. */
export const workshopHref = (id: string) => `${paths.datacenterJob.getHref('werkstaetten')}?${WORKSHOP_PARAM}=${encodeURIComponent(id)}`;
