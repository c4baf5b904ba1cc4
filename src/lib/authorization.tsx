import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { paths } from '@/config/paths';
import type { Role } from '@/lib/roles';
import { useSessionStore } from '@/stores/session';

interface RoleGuardProps {
  allowed: readonly Role[];
  children: ReactNode;
}

/** The query parameter of /login that names the page to open after signing in. */
export const RETURN_PARAM = 'next';

/** Pages a login never returns to: the guests' own pages and the 404 page. */
const NO_RETURN = /^\/(login|register|forgot-password|reset-password|verify|not-found)(\/|$)/;

/**
 * The page a login returns to, from the `next` parameter: a path of the portal itself, never an
 * outside address (no scheme, no `//host`, no backslash tricks), and never a guest page.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  // Browsers drop tabs and line breaks from URLs and read a backslash as a slash: '/\t/evil.example'
  // and '/\\evil.example' would both become '//evil.example'.
  const tricky = [...(value ?? '')].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (!value || !value.startsWith('/') || value.startsWith('//') || tricky) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://portal.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://portal.invalid' || NO_RETURN.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login with the page to return to after signing in. */
export function loginHrefFor(returnTo: string): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${paths.login.getHref()}?${RETURN_PARAM}=${encodeURIComponent(safe)}` : paths.login.getHref();
}

/**
 * Renders nothing until the session is known, then the page. A visitor who is not signed in is
 * sent to the login, which returns to this page afterwards (issue 35: links in the portal's mails);
 * a signed-in role the page is not for gets /not-found (SPEC section 2).
 */
export function RoleGuard({ allowed, children }: RoleGuardProps) {
  const { loaded, role } = useSessionStore();
  const { pathname, search, hash } = useLocation();
  if (!loaded) return null;
  if (!role) return <Navigate to={loginHrefFor(`${pathname}${search}${hash}`)} replace />;
  if (!allowed.includes(role)) return <Navigate to={paths.notFound.getHref()} replace />;
  return <>{children}</>;
}

/** Where a login leads: the page the visitor asked for (`?next=`), else the role's landing page. */
export function afterLoginPath(role: Role | null, search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? landingPathFor(role);
}

/** Where a role lands after login (SPEC section 2). */
export function landingPathFor(role: Role | null): string {
  if (role === 'Administrator' || role === 'Auditor') return paths.datacenter.getHref();
  if (role === 'User') return paths.profile.getHref();
  return paths.home.getHref();
}

/**
 * Pages for visitors only (login, registration): someone already signed in is sent to where
 * a login would take them. Visitors see the page at once, before the session is known.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { loaded, role } = useSessionStore();
  const { search } = useLocation();
  if (loaded && role) return <Navigate to={afterLoginPath(role, search)} replace />;
  return <>{children}</>;
}
