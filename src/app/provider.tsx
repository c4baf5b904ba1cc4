import { useEffect, type ReactNode } from 'react';

import { pb } from '@/lib/pocketbase';
import { applyAuthSnapshot } from '@/stores/session';

/** Keeps the session store in step with PocketBase's auth store. */
export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    applyAuthSnapshot(pb.authStore);
    return pb.authStore.onChange(() => applyAuthSnapshot(pb.authStore));
  }, []);
  return <>{children}</>;
}
