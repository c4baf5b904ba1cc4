import { useState, type ReactNode } from 'react';

import { pb } from '@/lib/pocketbase';
import { applyAuthSnapshot } from '@/stores/session';

/**
 * Reads the stored session once before the first render, so a signed-in visitor never
 * sees the anonymous page flash; SessionSync in the layout follows every change after that.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  useState(() => applyAuthSnapshot(pb.authStore));
  return <>{children}</>;
}
