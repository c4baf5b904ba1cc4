import { describe, expect, it } from 'vitest';

import { applyAuthSnapshot, sessionFromAuth, useSessionStore } from './session';

describe('session store', () => {
  it('starts not loaded, so guards wait', () => {
    expect(useSessionStore.getState()).toEqual({ role: null, username: null, loaded: false });
  });

  it('derives role and username from a valid auth record', () => {
    applyAuthSnapshot({ isValid: true, record: { collectionName: 'auditors', firstName: 'Peter', lastName: 'Prüfer' } });
    expect(useSessionStore.getState()).toEqual({ role: 'Auditor', username: 'P. Prüfer', loaded: true });
  });

  it('treats an invalid token as signed out even when a record is still stored', () => {
    expect(sessionFromAuth({ isValid: false, record: { collectionName: 'users', lastName: 'X' } })).toEqual({
      role: null,
      username: null,
      loaded: true,
    });
  });
});
