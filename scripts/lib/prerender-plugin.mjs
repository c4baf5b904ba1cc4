// @ts-check
// Prerendering of the public pages (issue 21, decision 021). After the browser build, Vite
// builds src/app/prerender.tsx for Node, renders every page it lists as a visitor without a
// session sees it, and writes each into a copy of the built index.html:
//   <outDir>/prerendered/index.html, …/login.html, …/impressum.html, …
// PocketBase serves those files for exactly those paths (pb_hooks/lib/http.js prerenderedPage);
// every other path keeps the empty index.html, which the browser draws alone.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The build's page module (src/app/prerender.tsx built for Node).
 * @typedef {{
 *   PRERENDERED_PAGES: string[],
 *   STAND_IN_PAGES: { pathname: string, page: string }[],
 *   STAND_IN_STORAGE_KEY: string,
 *   CAMPAIGN_DATA_ID: string,
 *   prerenderPage: (pathname: string, campaign?: unknown) => Promise<{ html: string, title: string }>,
 * }} PageModule
 */
/** @typedef {{ bootFile: string, pages: { pathname: string, chunks: string[] }[] }} PagesManifest */

/** Where the pages' files live inside the build (pb_hooks/lib/http.js names the same folder). */
const PRERENDERED_DIR = 'prerendered';

/**
 * '/' → 'index.html', '/login' → 'login.html' (the hook maps request paths the same way).
 * @param {string} pathname
 */
export function prerenderedFile(pathname) {
  return `${pathname === '/' ? 'index' : pathname.slice(1)}.html`;
}

/** @type {(text: string) => string} */
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The script a prerendered page loads instead of the app's entry: it starts the app in the task
 * after the browser has reported the first contentful paint (at the latest after a second), so
 * neither the download of the app's JS nor the app taking the page over stands between the
 * visitor and the first paint. A tab opened in the background starts at once. Written into
 * assets/ as a file. (Starting in the task after the first frame instead sometimes began the
 * app's requests before the paint was reported; Lighthouse's simulation then put the JS
 * downloads before the first paint: FCP 1.44–1.47 s instead of 0.75 s in 2 of 8 runs. With
 * React, waiting for the paint entry had cost blocking time, 87–95 against 96–99 on `/`; with
 * Preact's shorter tasks it no longer does, docs/performance.md.)
 */
export const BOOT_SCRIPT = `// Starts the app once the prerendered page has painted (decision 021).
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var chunks = (script.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    chunks.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    import(entry);
  }
  if (document.visibilityState === 'hidden') return start();
  // Once the browser reports the first contentful paint, in the task after that.
  try {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // A tab that renders no frame yet (hidden, then shown) still starts.
  setTimeout(start, 1000);
})();
`;

/** The blocking script of a stand-in page (decision 023); the page headers allow it by its hash. */
export const { STAND_IN_SCRIPT } = createRequire(import.meta.url)('../../pb_hooks/lib/stand-in.js');

/**
 * A stand-in's HTML: the page it stands in for, with the blocking script inline at the end of
 * the head, so it runs before any of the body is parsed or painted, without a request of its own.
 * @param {string} pageHtmlText
 * @param {{ storageKey: string, page: string }} stand
 */
export function standInHtml(pageHtmlText, { storageKey, page }) {
  const tag = `<script data-key="${escapeHtml(storageKey)}" data-page="${escapeHtml(page)}">${STAND_IN_SCRIPT}</script>`;
  if (!pageHtmlText.includes('</head>')) throw new Error('the page has no </head>');
  return pageHtmlText.replace('</head>', () => `${tag}</head>`);
}

/**
 * The page's HTML: the page in the root, its title, React's resource hints (images) in the
 * head; the app's entry and every chunk it needs first (the route's own included) are loaded
 * by the boot script after the first paint instead of by tags the browser fetches at once.
 * With `data`, the data the page was rendered from goes into the head as a JSON block (decision 061).
 * @param {string} shell
 * @param {{ html: string, title: string }} page
 * @param {string[]} routeChunks
 * @param {string} bootFile
 * @param {{ id: string, value: unknown } | null} [data]
 */
export function pageHtml(shell, { html, title }, routeChunks, bootFile, data = null) {
  /** @type {string[]} */
  const hints = [];
  const body = html.replace(/^(?:<link [^>]*\/>)+/, (links) => {
    hints.push(links);
    return '';
  });
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  const entry = shell.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entry) throw new Error('index.html has no entry script');
  const chunks = [];
  const withoutScripts = shell.replace(entry[0], '').replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href) => {
    chunks.push(href);
    return '';
  });
  for (const file of routeChunks) chunks.push(`/${file}`);
  hints.push(
    `<script defer src="/${bootFile}" data-entry="${escapeHtml(String(entry[1]))}" data-chunks="${escapeHtml(chunks.join(' '))}"></script>`,
  );
  // The data the page was rendered from (decision 061): JSON, never executed, '<' escaped so
  // no text in it can close the element.
  if (data)
    hints.push(
      `<script type="application/json" id="${escapeHtml(data.id)}">${JSON.stringify(data.value).replace(/</g, '\\u003c')}</script>`,
    );
  return withoutScripts
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', () => `${hints.join('')}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}

/**
 * The chunks a lazy route module needs: its own file and the files it imports statically.
 * @param {import('vite').Rolldown.OutputBundle} bundle
 * @param {string} pathname
 * @returns {string[]}
 */
function routeChunks(bundle, pathname) {
  const source = `src/app/routes/${pathname.slice(1)}.tsx`;
  const chunks = /** @type {import('vite').Rolldown.OutputChunk[]} */ (Object.values(bundle).filter((c) => c.type === 'chunk'));
  const route = chunks.find((c) => c.facadeModuleId?.endsWith(source));
  if (!route) return [];
  const entry = chunks.find((c) => c.isEntry);
  const initial = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
  return [route.fileName, ...route.imports].filter((file) => !initial.has(file));
}

/**
 * Where a build keeps what renders its pages again at run time (decision 061): the pages' Node
 * module (prerender.js) and pages.json (the boot file, each page's chunks). Beside the build, never
 * inside it: it is not served.
 */
/** @type {(outDir: string) => string} */
export const renderDirOf = (outDir) => `${outDir.replace(/\/+$/, '')}-render`;

/**
 * Writes every prerendered page and stand-in into `dir` ('index.html', 'login.html', …): rendered
 * with `campaign` (the API's answer for the campaign in force, or null as at build time) into the
 * build's index.html. With `gzip`, each file gets its compressed twin ('index.html.gz'). Each file
 * is written beside and renamed into place, so a page is never served half written.
 * @param {{ module: PageModule, shell: string, manifest: PagesManifest, dir: string, campaign?: unknown, gzip?: boolean }} options
 */
export async function writePages({ module, shell, manifest, dir, campaign = null, gzip = false }) {
  mkdirSync(dir, { recursive: true });
  const data = campaign ? { id: module.CAMPAIGN_DATA_ID, value: campaign } : null;
  /** @type {(pathname: string, text: string) => void} */
  const write = (pathname, text) => {
    const file = path.join(dir, prerenderedFile(pathname));
    mkdirSync(path.dirname(file), { recursive: true });
    /** @type {(target: string, content: string | Buffer) => void} */
    const put = (target, content) => {
      writeFileSync(`${target}.tmp`, content);
      renameSync(`${target}.tmp`, target);
    };
    if (gzip) put(`${file}.gz`, gzipSync(text, { level: 9 }));
    put(file, text);
  };
  const written = new Map();
  for (const { pathname, chunks } of manifest.pages) {
    const page = await module.prerenderPage(pathname, campaign);
    const text = pageHtml(shell, page, chunks, manifest.bootFile, data);
    written.set(pathname, text);
    write(pathname, text);
  }
  for (const { pathname, page } of module.STAND_IN_PAGES) {
    const text = written.get(page);
    if (!text) throw new Error(`${pathname} stands in for ${page}, which is not prerendered`);
    write(pathname, standInHtml(text, { storageKey: module.STAND_IN_STORAGE_KEY, page }));
  }
  return { pages: manifest.pages.length, standIns: module.STAND_IN_PAGES.length };
}

/**
 * The build's page module and manifest (decision 061), for rendering the pages again at run time.
 * @param {string} outDir
 * @returns {Promise<{ module: PageModule, manifest: PagesManifest, shell: string }>}
 */
export async function loadPageModule(outDir) {
  const renderDir = renderDirOf(outDir);
  const module = await import(`${pathToFileURL(path.join(renderDir, 'prerender.js')).href}?t=${Date.now()}`);
  const manifest = JSON.parse(readFileSync(path.join(renderDir, 'pages.json'), 'utf8'));
  const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  return { module, manifest, shell };
}

/** @returns {import('vite').Plugin} */
export function prerenderPlugin() {
  /** @type {import('vite').ResolvedConfig} */
  let config;
  /** @type {import('vite').Rolldown.OutputBundle} */
  let bundle = {};
  return {
    name: 'portal-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const { build } = await import('vite');
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside the project, beside the build; every package is bundled (noExternal): the
      // libraries' ES builds, one copy of React and its contexts.
      const renderDir = renderDirOf(outDir);
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: 'src/app/prerender.tsx',
          outDir: renderDir,
          emptyOutDir: true,
          copyPublicDir: false,
          sourcemap: false,
          rolldownOptions: {
            // One file: lazy chunks importing the entry by its plain name would get a second copy of
            // the router (and its contexts) beside the one imported below with a cache-busting query.
            output: { codeSplitting: false },
          },
        },
        ssr: { noExternal: true },
      });
      const bootFile = `assets/boot-${createHash('sha256').update(BOOT_SCRIPT).digest('hex').slice(0, 8)}.js`;
      writeFileSync(path.join(outDir, bootFile), BOOT_SCRIPT);
      const module = await import(`${pathToFileURL(path.join(renderDir, 'prerender.js')).href}?t=${Date.now()}`);
      const manifest = {
        bootFile,
        pages: module.PRERENDERED_PAGES.map((/** @type {string} */ pathname) => ({ pathname, chunks: routeChunks(bundle, pathname) })),
      };
      writeFileSync(path.join(renderDir, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const count = await writePages({ module, shell, manifest, dir: path.join(outDir, PRERENDERED_DIR) });
      config.logger.info(`prerendered ${count.pages} public pages and ${count.standIns} stand-ins into ${PRERENDERED_DIR}/`);
    },
  };
}
