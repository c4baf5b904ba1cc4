import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { afterLoginPath, loginHrefFor, safeReturnPath } from './authorization';

// Where a login returns to (issue 35): only a page of the portal, never an outside address.
const PORTAL = 'https://portal.example';

describe('safeReturnPath', () => {
  it('keeps a path of the portal with its query and fragment', () => {
    expect(safeReturnPath('/cashback?code=NORA-ABCD-EFGH#formular')).toBe('/cashback?code=NORA-ABCD-EFGH#formular');
    expect(safeReturnPath('/profile')).toBe('/profile');
  });

  it('refuses outside addresses in every spelling a browser would follow', () => {
    for (const hostile of [
      'https://evil.example/',
      '//evil.example/profile',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      ' /profile',
      'profile',
      '',
    ])
      expect(safeReturnPath(hostile), JSON.stringify(hostile)).toBeNull();
  });

  it('never returns to a guest page or the 404 page', () => {
    for (const path of [
      '/login',
      '/login?next=/profile',
      '/register/init',
      '/forgot-password',
      '/reset-password/x',
      '/verify/x',
      '/not-found',
    ])
      expect(safeReturnPath(path), path).toBeNull();
  });

  it('whatever the input, what it returns stays on the portal when a browser resolves it', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.string().map((s) => `/${s}`),
          fc.string().map((s) => `//${s}`),
        ),
        (value) => {
          const safe = safeReturnPath(value);
          if (safe === null) return;
          expect(safe.startsWith('/') && !safe.startsWith('//')).toBe(true);
          expect(new URL(safe, PORTAL).origin).toBe(PORTAL);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('loginHrefFor and afterLoginPath', () => {
  it('round-trip: the login link names the page, and a login returns to it', () => {
    const href = loginHrefFor('/cashback?code=NORA-ABCD-EFGH');
    expect(href).toBe('/login?next=%2Fcashback%3Fcode%3DNORA-ABCD-EFGH');
    expect(afterLoginPath('User', new URL(href, PORTAL).search)).toBe('/cashback?code=NORA-ABCD-EFGH');
  });

  it('without a page to return to, a login leads to the role’s landing page', () => {
    expect(afterLoginPath('User', '')).toBe('/profile');
    expect(afterLoginPath('Administrator', '?next=https%3A%2F%2Fevil.example')).toBe('/datacenter');
    expect(loginHrefFor('https://evil.example')).toBe('/login');
  });
});
