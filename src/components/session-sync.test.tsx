import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { LOGOUT_CLEAR_MS } from '@/config/ui';
import { pb } from '@/lib/pocketbase';
import { useSessionStore } from '@/stores/session';
import { fakeToken, signInAs } from '@/testing/auth';
import { renderInRouter } from '@/testing/router';

import { needsRenewal, SessionSync } from './session-sync';

const setup = (path = '/profile') => renderInRouter(<SessionSync />, path);

/** Moves the clock (timers and Date) forward and lets React render what that caused. */
const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionSync', () => {
  it('sets role and username from a valid session', () => {
    signInAs('users', { firstName: 'Erika', lastName: 'Mustermann' });
    setup();
    expect(useSessionStore.getState()).toEqual({ role: 'User', username: 'E. Mustermann', loaded: true });
  });

  it('on logout goes to / first and clears role and username 10 ms later', async () => {
    vi.useFakeTimers();
    signInAs('administrators');
    const router = setup('/datacenter');
    act(() => pb.authStore.clear());
    expect(router.pathname).toBe('/');
    expect(useSessionStore.getState().role).toBe('Administrator');
    await advance(LOGOUT_CLEAR_MS + 5);
    expect(useSessionStore.getState()).toEqual({ role: null, username: null, loaded: true });
  });

  it('only marks the state loaded when nobody was signed in', () => {
    const router = setup('/impressum');
    expect(useSessionStore.getState()).toEqual({ role: null, username: null, loaded: true });
    expect(router.pathname).toBe('/impressum');
  });

  it('clears an expired stored token', () => {
    pb.authStore.save(fakeToken(-60), { id: 'u1', collectionId: 'users', collectionName: 'users' });
    setup();
    expect(pb.authStore.token).toBe('');
    expect(useSessionStore.getState().role).toBeNull();
  });

  it('ends the session when the token expires while the page is open', async () => {
    vi.useFakeTimers();
    signInAs('users', {}, 1);
    setup();
    expect(useSessionStore.getState().role).toBe('User');
    await advance(1100);
    expect(pb.authStore.token).toBe('');
    await advance(LOGOUT_CLEAR_MS + 5);
    expect(useSessionStore.getState().role).toBeNull();
  });

  it('renews a stored token on page load only once half its lifetime has passed', () => {
    const hours = 60 * 60;
    signInAs('users', {}, 23 * hours);
    expect(needsRenewal('users')).toBe(false);
    signInAs('users', {}, 11 * hours);
    expect(needsRenewal('users')).toBe(true);
    signInAs('administrators', {}, 5 * hours);
    expect(needsRenewal('administrators')).toBe(false);
    signInAs('auditors', {}, 3 * hours);
    expect(needsRenewal('auditors')).toBe(true);
    signInAs('somethingelse', {}, 23 * hours);
    expect(needsRenewal('somethingelse')).toBe(true);
  });
});
