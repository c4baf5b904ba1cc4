// Which HTML PocketBase answers for a page path (issue 21, decision 021): a public page's
// prerendered file for exactly its path, the empty index.html for everything else, and the
// page headers on both. The build is stood in for by marked files in a temporary public dir.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startPocketBase, type TestServer } from '../helpers/pocketbase';

const html = (marker: string) => `<!doctype html><html><head><title>${marker}</title></head><body>${marker}</body></html>`;
const SHELL = 'EMPTY-SHELL';

let server: TestServer;
let publicDir: string;

beforeAll(async () => {
  publicDir = mkdtempSync(path.join(tmpdir(), 'portal-public-'));
  mkdirSync(path.join(publicDir, 'prerendered'), { recursive: true });
  writeFileSync(path.join(publicDir, 'index.html'), html(SHELL));
  writeFileSync(path.join(publicDir, 'prerendered', 'index.html'), html('PAGE-HOME'));
  writeFileSync(path.join(publicDir, 'prerendered', 'login.html'), html('PAGE-LOGIN'));
  writeFileSync(path.join(publicDir, 'prerendered', 'not-found.html'), html('PAGE-NOT-FOUND'));
  // A stand-in in a folder (decision 023): /register/account has a file of its own.
  mkdirSync(path.join(publicDir, 'prerendered', 'register'), { recursive: true });
  writeFileSync(path.join(publicDir, 'prerendered', 'register', 'account.html'), html('STAND-IN-ACCOUNT'));
  // A file beside the public dir: no request path may reach it.
  writeFileSync(path.join(path.dirname(publicDir), `${path.basename(publicDir)}-secret.html`), html('SECRET'));
  server = await startPocketBase({ publicDir });
});

afterAll(async () => {
  await server?.stop();
  rmSync(publicDir, { recursive: true, force: true });
  rmSync(path.join(path.dirname(publicDir), `${path.basename(publicDir)}-secret.html`), { force: true });
});

async function page(pathname: string) {
  const res = await fetch(`${server.url}${pathname}`, { redirect: 'manual' });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

describe('prerendered public pages', () => {
  it('a public page answers its own prerendered HTML, with the page headers', async () => {
    for (const [pathname, marker] of [
      ['/', 'PAGE-HOME'],
      ['/login', 'PAGE-LOGIN'],
      ['/not-found', 'PAGE-NOT-FOUND'],
      ['/register/account', 'STAND-IN-ACCOUNT'],
    ]) {
      const res = await page(pathname!);
      expect(res.status, pathname).toBe(200);
      expect(res.body, pathname).toContain(marker);
      expect(res.body, pathname).not.toContain(SHELL);
      expect(res.headers.get('content-type'), pathname).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy'), pathname).toContain("script-src 'self'");
      expect(res.headers.get('x-frame-options'), pathname).toBe('DENY');
      expect(res.headers.get('cache-control'), pathname).toBe('no-cache');
    }
  });

  it('the page headers allow the stand-in script inline by its SHA-256, and no other inline script', async () => {
    const { STAND_IN_SCRIPT } = createRequire(import.meta.url)('../../pb_hooks/lib/stand-in.js') as { STAND_IN_SCRIPT: string };
    const hash = createHash('sha256').update(STAND_IN_SCRIPT, 'utf8').digest('base64');
    const csp = (await page('/register/account')).headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('a trailing slash is sent to the page without it', async () => {
    const res = await page('/login/');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/login');
  });

  it('every other path gets the empty page the browser draws alone, never another page', async () => {
    for (const pathname of [
      '/profile',
      '/register',
      '/register/init',
      '/register/weiss-nicht',
      '/register/account/x',
      '/REGISTER/account',
      '/diese-seite-gibt-es-nicht',
      '/Login',
      '/LOGIN',
      '/login.html',
      '/login%00',
      '/login%2f..%2fnot-found',
      '/%2e%2e/secret',
      '/..%2f..%2fetc%2fpasswd',
      '/prerendered',
      '/index',
    ]) {
      const res = await page(pathname);
      expect([200, 301, 404], pathname).toContain(res.status);
      if (res.status === 200) expect(res.body, pathname).toContain(SHELL);
      for (const other of ['PAGE-LOGIN', 'PAGE-NOT-FOUND', 'STAND-IN-ACCOUNT', 'SECRET']) expect(res.body, pathname).not.toContain(other);
    }
  });

  it('a path built to make a backtracking pattern run forever is answered like any other', async () => {
    const hostile = `/${'a-'.repeat(20_000)}/${'b/'.repeat(2_000)}!`;
    const res = await page(hostile);
    expect(res.status).toBe(200);
    expect(res.body).toContain(SHELL);
    // The server is still there for the next visitor.
    expect((await page('/login')).body).toContain('PAGE-LOGIN');
  });

  it('a built file is still served as itself; the API is not touched', async () => {
    writeFileSync(path.join(publicDir, 'robots.txt'), 'User-agent: *');
    const robots = await page('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.body).toBe('User-agent: *');
    const health = await page('/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ code: 200 });
  });
});

// The pages `npm start`'s renderer writes with the campaign in force (issue 60, decision 061):
// served from the data directory in place of the build's while they exist.
describe('pages rendered with the campaign in force', () => {
  const renderedDir = () => path.join(server.dataDir, 'rendered-pages');
  const put = (name: string, marker: string) => {
    const file = path.join(renderedDir(), name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html(marker));
    writeFileSync(`${file}.gz`, gzipSync(html(`${marker}-GZ`)));
  };

  afterAll(() => rmSync(renderedDir(), { recursive: true, force: true }));

  it('a rendered page is answered in place of the build’s, compressed or plain, with the page headers', async () => {
    put('login.html', 'RENDERED-LOGIN');
    put('register/account.html', 'RENDERED-ACCOUNT');
    for (const [pathname, marker] of [
      ['/login', 'RENDERED-LOGIN'],
      ['/register/account', 'RENDERED-ACCOUNT'],
    ]) {
      const plain = await fetch(`${server.url}${pathname}`, { headers: { 'Accept-Encoding': 'identity' } });
      expect(plain.status, pathname).toBe(200);
      expect(plain.headers.get('content-encoding'), pathname).toBeNull();
      expect(await plain.text(), pathname).toBe(html(marker!));
      // fetch asks for gzip and unpacks it: the compressed twin, said as gzip.
      const packed = await fetch(`${server.url}${pathname}`);
      expect(packed.headers.get('content-encoding'), pathname).toBe('gzip');
      expect(await packed.text(), pathname).toBe(html(`${marker}-GZ`));
      for (const res of [plain, packed]) {
        expect(res.headers.get('content-type'), pathname).toBe('text/html; charset=utf-8');
        expect(res.headers.get('content-security-policy'), pathname).toContain("script-src 'self'");
        expect(res.headers.get('cache-control'), pathname).toBe('no-cache');
        expect(res.headers.get('vary'), pathname).toContain('Accept-Encoding');
      }
    }
    // A page the renderer has not written is the build's.
    expect((await page('/')).body).toContain('PAGE-HOME');
  });

  it('a browser that has the page is told it is unchanged', async () => {
    put('login.html', 'RENDERED-LOGIN');
    const first = await fetch(`${server.url}/login`);
    const lastModified = first.headers.get('last-modified');
    expect(lastModified).toBeTruthy();
    const again = await fetch(`${server.url}/login`, { headers: { 'If-Modified-Since': lastModified! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('no request path reaches another file of the data directory', async () => {
    put('login.html', 'RENDERED-LOGIN');
    writeFileSync(path.join(server.dataDir, 'secret.html'), html('DATA-SECRET'));
    writeFileSync(path.join(renderedDir(), 'secret.html.tmp'), html('HALF-WRITTEN'));
    for (const pathname of [
      '/secret',
      '/..%2fsecret',
      '/%2e%2e/secret',
      '/login%2f..%2f..%2fsecret',
      '/rendered-pages/login',
      '/secret.html',
      '/data',
      '/logs',
    ]) {
      const res = await page(pathname);
      expect([200, 301, 404], pathname).toContain(res.status);
      for (const other of ['DATA-SECRET', 'HALF-WRITTEN', 'RENDERED-LOGIN']) expect(res.body, pathname).not.toContain(other);
    }
  });

  it('without the renderer’s pages the build’s are served again', async () => {
    put('login.html', 'RENDERED-LOGIN');
    rmSync(renderedDir(), { recursive: true, force: true });
    expect((await page('/login')).body).toContain('PAGE-LOGIN');
  });
});
