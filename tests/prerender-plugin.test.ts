// The step that writes a prerendered page into the built index.html (issue 21, decision 021).
import { describe, expect, it } from 'vitest';

import { pageHtml, prerenderedFile, STAND_IN_SCRIPT, standInHtml } from '../scripts/lib/prerender-plugin.mjs';

const SHELL = `<!doctype html><html lang="de"><head><title>Alt</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head><body><div id="root"></div></body></html>`;
const BOOT = 'assets/boot-1.js';

describe('pageHtml', () => {
  it('puts the page into the root, its title and React’s resource hints into the head, and hands the app’s scripts to the boot script', () => {
    const out = pageHtml(
      SHELL,
      { html: '<link rel="preload" as="image" href="/logo.svg"/><main>Seite</main>', title: 'Anmelden – NORA' },
      ['assets/login-1.js'],
      BOOT,
    );
    expect(out).toContain('<title>Anmelden – NORA</title>');
    expect(out).toContain('<div id="root"><main>Seite</main></div>');
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/logo.svg"/>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    // Nothing the browser would fetch before the first paint: no module script, no modulepreload.
    expect(out).not.toContain('type="module"');
    expect(out).not.toContain('modulepreload');
    expect(head).toContain(
      '<script defer src="/assets/boot-1.js" data-entry="/assets/index-1.js" data-chunks="/assets/react-1.js /assets/login-1.js"></script>',
    );
    expect(out.match(/<title>/g)).toHaveLength(1);
  });

  it('writes text with replacement patterns and markup characters literally', () => {
    const html = "<p>Preis: $& $' $` $1 $$</p>";
    const out = pageHtml(SHELL, { html, title: 'A & B <script>$&</script>' }, [], BOOT);
    expect(out).toContain(`<div id="root">${html}</div>`);
    expect(out).toContain('<title>A &amp; B &lt;script&gt;$&amp;&lt;/script&gt;</title>');
    expect(out).not.toContain('<script>$&');
  });

  it('refuses a shell without an empty root or without the entry instead of writing a page that never starts', () => {
    expect(() => pageHtml('<html><body><div id="app"></div></body></html>', { html: '<main/>', title: 'x' }, [], BOOT)).toThrow(/root/);
    expect(() =>
      pageHtml('<html><head></head><body><div id="root"></div></body></html>', { html: '<main/>', title: 'x' }, [], BOOT),
    ).toThrow(/entry/);
  });

  it('carries the data a page was rendered from as JSON no text in it can break out of (decision 061)', () => {
    const hostile = { terms: '</script><script>alert(1)</script><!-- \u2028 "quotes" & more' };
    const out = pageHtml(SHELL, { html: '<main>Seite</main>', title: 'Aktionsbedingungen' }, [], BOOT, {
      id: 'portal-campaign',
      value: hostile,
    });
    const head = out.slice(0, out.indexOf('</head>'));
    const block = head.match(/<script type="application\/json" id="portal-campaign">([\s\S]*?)<\/script>/);
    expect(block).not.toBeNull();
    // One element, closed by its own end tag: the campaign's text neither ends it nor opens a script.
    expect(out.match(/<script/g)).toHaveLength(2); // the boot script and the data block
    expect(JSON.parse(block![1]!)).toEqual(hostile);
    expect(block![1]).not.toContain('<');
  });

  it('carries no data block when the page was rendered without data (the build)', () => {
    expect(pageHtml(SHELL, { html: '<main>Seite</main>', title: 'T' }, [], BOOT)).not.toContain('application/json');
  });
});

describe('prerenderedFile', () => {
  it('names the file the page middleware looks for', () => {
    expect(prerenderedFile('/')).toBe('index.html');
    expect(prerenderedFile('/login')).toBe('login.html');
    expect(prerenderedFile('/register/account')).toBe('register/account.html');
  });
});

describe('the stand-in of a registration step (decision 023)', () => {
  /** Runs the script as the browser would, against a stored value (or storage that throws). */
  function run(stored: string | null | Error) {
    const attributes: Record<string, string> = { 'data-key': 'nora-registration-data', 'data-page': '/' };
    const set: string[] = [];
    const replaced: string[] = [];
    const document = {
      currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
      documentElement: { setAttribute: (name: string) => set.push(name) },
    };
    const localStorage = {
      getItem: (key: string) => {
        if (stored instanceof Error) throw stored;
        return key === 'nora-registration-data' ? stored : null;
      },
    };
    const history = { state: { idx: 0 }, replaceState: (_state: unknown, _title: string, url: string) => replaced.push(url) };
    new Function('document', 'localStorage', 'history', STAND_IN_SCRIPT)(document, localStorage, history);
    return { hidden: set.includes('data-stand-in'), replaced };
  }
  const stored = (step: unknown) => JSON.stringify({ state: { step, data: {} }, version: 0 });

  it('stored progress past the first step keeps the page hidden for the app to draw the step', () => {
    for (const step of ['account', 'address', 'partner', 'overview'])
      expect(run(stored(step)), step).toEqual({ hidden: true, replaced: [] });
  });

  it('no progress, progress at the first step, or storage that is garbage or refuses is the landing page', () => {
    const landing = { hidden: false, replaced: ['/'] };
    for (const value of [null, '', 'null', '{', '"text"', '42', '{}', '{"state":null}', stored('init'), stored(''), stored(null)])
      expect(run(value), String(value)).toEqual(landing);
    expect(run(new Error('SecurityError: storage is disabled'))).toEqual(landing);
  });

  it('is written inline, verbatim (the page headers allow it by its hash), at the end of the head, with its attributes escaped', () => {
    const page = pageHtml(SHELL, { html: '<main>Start</main>', title: 'Start' }, [], BOOT);
    const out = standInHtml(page, { storageKey: 'k"<x>', page: '/' });
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head.endsWith(`<script data-key="k&quot;&lt;x&gt;" data-page="/">${STAND_IN_SCRIPT}</script>`)).toBe(true);
    expect(head.indexOf('boot-1.js')).toBeLessThan(head.indexOf('data-key='));
    expect(STAND_IN_SCRIPT).not.toMatch(/<\/script/i);
    expect(out).toContain('<div id="root"><main>Start</main></div>');
    expect(() => standInHtml('<html><body></body></html>', { storageKey: 'k', page: '/' })).toThrow(/no <\/head>/);
  });
});
