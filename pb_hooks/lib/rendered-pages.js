/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />
// The public pages rendered with the campaign in force (issue 60, decision 061). The page renderer
// of `npm start` (scripts/lib/page-renderer.mjs) writes them into the data directory, each beside
// its gzip; PocketBase serves them in place of the build's prerendered pages while they exist.

/** The folder inside the data directory (the renderer names the same one). */
const RENDERED_PAGES_DIR = 'rendered-pages';

/**
 * Serves the rendered copy of a prerendered page ('prerendered/index.html' → 'index.html') when the
 * renderer has written one and returns true; false when there is none (the build's page is served). Served
 * with PocketBase's file answer (Last-Modified, If-Modified-Since), compressed when the browser
 * accepts gzip.
 * @param {core.RequestEvent} e
 * @param {string} prerendered
 * @returns {boolean}
 */
function serveRendered(e, prerendered) {
  const name = prerendered.slice(prerendered.indexOf('/') + 1);
  const dir = `${$app.dataDir()}/${RENDERED_PAGES_DIR}`;
  try {
    $os.stat(`${dir}/${name}`);
  } catch (_) {
    return false;
  }
  const headers = e.response.header();
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.add('Vary', 'Accept-Encoding');
  if ((e.request.header.get('Accept-Encoding') || '').indexOf('gzip') !== -1) {
    headers.set('Content-Encoding', 'gzip');
    e.fileFS($os.dirFS(dir), `${name}.gz`);
  } else {
    e.fileFS($os.dirFS(dir), name);
  }
  return true;
}

module.exports = { RENDERED_PAGES_DIR, serveRendered };
