import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

import { paths } from '@/config/paths';
import type { Role } from '@/lib/roles';
import { useSessionStore } from '@/stores/session';

interface RoleGuardProps {
  allowed: readonly Role[];
  children: ReactNode;
}

/**
 * Renders nothing until the session is known, then either the page or a
 * redirect to /not-found when the role is missing or not allowed (SPEC section 2).
 */
export function RoleGuard({ allowed, children }: RoleGuardProps) {
  const { loaded, role } = useSessionStore();
  if (!loaded) return null;
  if (!role || !allowed.includes(role)) return <Navigate to={paths.notFound.getHref()} replace />;
  return <>{children}</>;
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
  if (loaded && role) return <Navigate to={landingPathFor(role)} replace />;
  return <>{children}</>;
}
