import { ClientResponseError, getTokenPayload } from 'pocketbase';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { LOGOUT_CLEAR_MS } from '@/config/ui';
import { AUTH_MESSAGES, expireSession } from '@/lib/auth';
import { refreshSession } from '@/lib/api/refresh-session';
import { pb } from '@/lib/pocketbase';
import { SESSION_SECONDS } from '@/rules/session';
import { clearNotice } from '@/stores/notice';
import { sessionFromAuth, useSessionStore } from '@/stores/session';
import { showToast } from '@/stores/toasts';

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Whether the stored token has used up half its lifetime (or its collection is unknown). */
export function needsRenewal(collectionName: string, now = Date.now()): boolean {
  const lifetime = SESSION_SECONDS[collectionName as keyof typeof SESSION_SECONDS];
  if (!lifetime) return true;
  const exp = Number(getTokenPayload(pb.authStore.token).exp ?? 0);
  return exp * 1000 - now < (lifetime * 1000) / 2;
}

function endExpiredSession() {
  expireSession();
  showToast('error', AUTH_MESSAGES.sessionExpired);
}

/**
 * Keeps the session store in step with PocketBase's auth store (SPEC section 4): signing
 * in sets role and username; signing out goes to / and clears them 10 ms later. A token
 * that has expired, expires while the page is open, or that the server refuses ends the
 * session with 'Nicht eingeloggt oder Session abgelaufen.'
 */
export function SessionSync() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Signing out: the role is cleared 10 ms after the page has left for /, not before. React renders
  // the navigation as a transition, so a timer started at the navigate() call could clear the role
  // while a guarded page is still shown, and its guard would send the visitor to /not-found.
  const leaving = useRef(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const where = useRef(pathname);

  useEffect(() => {
    where.current = pathname;
    if (!leaving.current || pathname !== paths.home.getHref()) return;
    leaving.current = false;
    clearTimer.current = setTimeout(() => useSessionStore.setState({ role: null, username: null, loaded: true }), LOGOUT_CLEAR_MS);
  }, [pathname]);

  useEffect(() => {
    let expiryTimer: ReturnType<typeof setTimeout> | undefined;

    const watchExpiry = () => {
      clearTimeout(expiryTimer);
      if (!pb.authStore.isValid) return;
      const exp = Number(getTokenPayload(pb.authStore.token).exp ?? 0);
      const ms = Math.min(exp * 1000 - Date.now(), MAX_TIMEOUT_MS);
      expiryTimer = setTimeout(endExpiredSession, Math.max(ms, 0));
    };

    const apply = () => {
      const next = sessionFromAuth(pb.authStore);
      const previous = useSessionStore.getState();
      if (next.role) {
        clearTimeout(clearTimer.current);
        leaving.current = false;
        clearNotice();
        useSessionStore.setState(next);
      } else if (previous.role) {
        const home = paths.home.getHref();
        if (where.current === home) {
          clearTimer.current = setTimeout(() => useSessionStore.setState({ role: null, username: null, loaded: true }), LOGOUT_CLEAR_MS);
        } else {
          leaving.current = true;
          void navigate(home);
        }
      } else {
        useSessionStore.setState({ loaded: true });
      }
      watchExpiry();
    };

    if (pb.authStore.token && !pb.authStore.isValid) endExpiredSession();
    apply();
    const unsubscribe = pb.authStore.onChange(apply);

    // A token with more than half its lifetime left is not renewed on page load (issue 21):
    // the page's own requests show a refusal, and the expiry timer ends it in time.
    const record = pb.authStore.record;
    if (pb.authStore.isValid && record?.collectionName && needsRenewal(record.collectionName)) {
      refreshSession(record.collectionName).catch((err: unknown) => {
        if (err instanceof ClientResponseError && [401, 403, 404].includes(err.status)) endExpiredSession();
      });
    }

    return () => {
      unsubscribe();
      clearTimeout(expiryTimer);
      clearTimeout(clearTimer.current);
    };
  }, [navigate]);

  return null;
}
