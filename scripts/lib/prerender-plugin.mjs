// Prerendering of the public pages (issue 21, decision 021). After the browser build, Vite
// builds src/app/prerender.tsx for Node, renders every page it lists as a visitor without a
// session sees it, and writes each into a copy of the built index.html:
//   <outDir>/prerendered/index.html, …/login.html, …/impressum.html, …
// PocketBase serves those files for exactly those paths (pb_hooks/lib/http.js prerenderedPage);
// every other path keeps the empty index.html, which the browser draws alone.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where a page's prerendered file lives inside the build. Also read by the PocketBase hook. */
export const PRERENDERED_DIR = 'prerendered';

/** '/' → 'index.html', '/login' → 'login.html' (the hook maps request paths the same way). */
export function prerenderedFile(pathname) {
  return `${pathname === '/' ? 'index' : pathname.slice(1)}.html`;
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page's HTML: React puts the resource hints it found (images) before the markup; they
 * belong into the head, as do the route's own chunks, so the browser fetches them at once
 * instead of after the entry has run.
 */
export function pageHtml(shell, { html, title }, modulePreloads) {
  const hints = [];
  const body = html.replace(/^(?:<link [^>]*\/>)+/, (links) => {
    hints.push(links);
    return '';
  });
  for (const file of modulePreloads) hints.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', () => `${hints.join('')}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}

/** The chunks a lazy route module needs: its own file and the files it imports statically. */
function routeChunks(bundle, pathname) {
  const source = `src/app/routes/${pathname.slice(1)}.tsx`;
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const route = chunks.find((c) => c.facadeModuleId?.endsWith(source));
  if (!route) return [];
  const entry = chunks.find((c) => c.isEntry);
  const initial = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
  return [route.fileName, ...route.imports].filter((file) => !initial.has(file));
}

/** @returns {import('vite').Plugin} */
export function prerenderPlugin() {
  let config;
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
      // Inside the project, so the Node bundle resolves react & co. from node_modules.
      const ssrDir = path.join(config.root, 'node_modules', '.prerender', path.basename(outDir));
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: 'src/app/prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, sourcemap: false },
      });
      const module = await import(`${pathToFileURL(path.join(ssrDir, 'prerender.js')).href}?t=${Date.now()}`);
      const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      for (const pathname of module.PRERENDERED_PAGES) {
        const page = await module.prerenderPage(pathname);
        const file = path.join(outDir, PRERENDERED_DIR, prerenderedFile(pathname));
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, pageHtml(shell, page, routeChunks(bundle, pathname)));
      }
      if (existsSync(ssrDir)) rmSync(ssrDir, { recursive: true, force: true });
      config.logger.info(`prerendered ${module.PRERENDERED_PAGES.length} public pages into ${PRERENDERED_DIR}/`);
    },
  };
}
