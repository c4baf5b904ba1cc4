// The step that writes a prerendered page into the built index.html (issue 21, decision 021).
import { describe, expect, it } from 'vitest';

import { pageHtml, prerenderedFile } from '../scripts/lib/prerender-plugin.mjs';

const SHELL = `<!doctype html><html lang="de"><head><title>Alt</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

describe('pageHtml', () => {
  it("puts the page into the root, its title into the head and React's resource hints with the route's chunks into the head", () => {
    const out = pageHtml(SHELL, { html: '<link rel="preload" as="image" href="/logo.svg"/><main>Seite</main>', title: 'Anmelden – NORA' }, [
      'assets/login-1.js',
    ]);
    expect(out).toContain('<title>Anmelden – NORA</title>');
    expect(out).toContain('<div id="root"><main>Seite</main></div>');
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/logo.svg"/>');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/login-1.js">');
    expect(out.match(/<title>/g)).toHaveLength(1);
  });

  it('writes text with replacement patterns and markup characters literally', () => {
    const html = "<p>Preis: $& $' $` $1 $$</p>";
    const out = pageHtml(SHELL, { html, title: 'A & B <script>$&</script>' }, []);
    expect(out).toContain(`<div id="root">${html}</div>`);
    expect(out).toContain('<title>A &amp; B &lt;script&gt;$&amp;&lt;/script&gt;</title>');
    expect(out).not.toContain('<script>$&');
  });

  it('refuses a shell without an empty root instead of writing a page without content', () => {
    expect(() => pageHtml('<html><body><div id="app"></div></body></html>', { html: '<main/>', title: 'x' }, [])).toThrow(/root/);
  });
});

describe('prerenderedFile', () => {
  it('names the file the page middleware looks for', () => {
    expect(prerenderedFile('/')).toBe('index.html');
    expect(prerenderedFile('/login')).toBe('login.html');
    expect(prerenderedFile('/register/account')).toBe('register/account.html');
  });
});
