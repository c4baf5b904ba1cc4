import { create } from 'zustand';

import { displayName, roleFromCollection, type NamedRecord, type Role } from '@/lib/roles';

export interface SessionState {
  role: Role | null;
  username: string | null;
  loaded: boolean;
}

interface AuthSnapshot {
  isValid: boolean;
  record: (NamedRecord & { collectionName?: string }) | null;
}

const initialState: SessionState = { role: null, username: null, loaded: false };

export const useSessionStore = create<SessionState>()(() => ({ ...initialState }));

/** Derives role and username from the auth store: logged in means a valid token. */
export function sessionFromAuth(auth: AuthSnapshot): SessionState {
  if (!auth.isValid || !auth.record) return { role: null, username: null, loaded: true };
  return {
    role: roleFromCollection(auth.record.collectionName),
    username: displayName(auth.record),
    loaded: true,
  };
}

export function applyAuthSnapshot(auth: AuthSnapshot) {
  useSessionStore.setState(sessionFromAuth(auth));
}

export function resetSessionStore() {
  useSessionStore.setState({ ...initialState });
}
