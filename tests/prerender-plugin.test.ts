// The step that writes a prerendered page into the built index.html (issue 21, decision 021).
import { describe, expect, it } from 'vitest';

import { pageHtml, prerenderedFile } from '../scripts/lib/prerender-plugin.mjs';

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
});

describe('prerenderedFile', () => {
  it('names the file the page middleware looks for', () => {
    expect(prerenderedFile('/')).toBe('index.html');
    expect(prerenderedFile('/login')).toBe('login.html');
    expect(prerenderedFile('/register/account')).toBe('register/account.html');
  });
});
