// @ts-check
// The page renderer of `npm start` (issue 60, decision 061): renders the public pages with the
// campaign in force into the data directory, where PocketBase serves them in place of the build's
// (pb_hooks/lib/rendered-pages.js). It asks PocketBase's public campaign answer every few seconds
// and renders again when the pages it prints change: a release, a text correction, a campaign
// beginning or ending on the clock, a new Berlin day (the landing page's draw notice), a new build
// (its asset names). So the pages carry the facts and texts without a rebuild, and the app
// hydrates from the data in the page.
import { rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { loadPageModule, writePages } from './prerender-plugin.mjs';
import { rules } from './rules.mjs';

const { RENDERED_PAGES_DIR } = createRequire(import.meta.url)('../../pb_hooks/lib/rendered-pages.js');

/** How often the campaign answer is asked (PORTAL_RENDER_INTERVAL_MS). */
export const RENDER_INTERVAL_MS = 5000;

/** What the pages print from an answer: the record and its texts, and the Berlin day on the campaign clock. */
/** @type {(answer: { campaign: unknown, campaignNow: string }) => string} */
export const pagesKey = (answer) => `${rules.berlinDay(answer.campaignNow).iso} ${JSON.stringify(answer.campaign)}`;

/** Removes the rendered pages (before PocketBase starts on a new build: their asset names may be gone). */
/** @param {string} dataDir */
export function clearRenderedPages(dataDir) {
  rmSync(path.join(dataDir, RENDERED_PAGES_DIR), { recursive: true, force: true });
}

/**
 * Starts rendering for the PocketBase at `apiUrl` with the data directory `dataDir`, from the build
 * in `publicDir`. The pages of an earlier build are removed first (their asset names may be gone).
 * `first` settles after the first render (or its failure, which is logged; the build's pages are
 * served meanwhile). A failed round is logged and tried again on the next.
 * @param {{ apiUrl: string, dataDir: string, publicDir: string, intervalMs?: number, log?: (msg: string) => void }} options
 */
export function startPageRenderer({ apiUrl, dataDir, publicDir, intervalMs = RENDER_INTERVAL_MS, log = () => {} }) {
  const dir = path.join(dataDir, RENDERED_PAGES_DIR);
  clearRenderedPages(dataDir);
  let stopped = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {string | null} */
  let rendered = null;
  let failing = false;
  /** @type {{ stamp: number, loaded: ReturnType<typeof loadPageModule> } | null} */
  let build = null; // { stamp, loaded }: the build's page module, loaded again when the build changes

  /** The build's page module; a new build (its index.html changed) is loaded again and renders every page. */
  function currentBuild() {
    const stamp = statSync(path.join(publicDir, 'index.html')).mtimeMs;
    if (build?.stamp !== stamp) build = { stamp, loaded: loadPageModule(publicDir) };
    return build;
  }

  async function round() {
    const response = await fetch(`${apiUrl}/api/portal/campaign`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`the campaign answer was ${response.status}`);
    const answer = await response.json();
    const { stamp, loaded } = currentBuild();
    const key = `${stamp} ${pagesKey(answer)}`;
    if (key === rendered) return;
    const { module, manifest, shell } = await loaded;
    await writePages({ module, shell, manifest, dir, campaign: answer, gzip: true });
    rendered = key;
    log(
      `public pages rendered with ${answer.campaign ? `${answer.campaign.name} (text version ${answer.campaign.textVersion})` : 'no campaign in force'}`,
    );
  }

  async function tick() {
    try {
      await round();
      failing = false;
    } catch (err) {
      build = null; // a build half written: its module is loaded again on the next round
      // Logged once per run of failures, not every few seconds while PocketBase restarts.
      if (!failing) log(`public pages not rendered: ${/** @type {Error} */ (err).message}`);
      failing = true;
    }
  }

  const first = tick();
  const loop = async () => {
    await first;
    while (!stopped) {
      await new Promise((resolve) => {
        timer = setTimeout(resolve, intervalMs);
      });
      if (!stopped) await tick();
    }
  };
  void loop();
  return {
    first,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
