import { lazy, Suspense } from 'react';

import { useToasterStore } from '@/stores/toasts';

// The toaster (and sonner with it) loads with the first toast (src/stores/toasts.ts).
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Nothing until the first toast; then the toaster, loaded on demand. */
export function ToasterOnDemand() {
  const wanted = useToasterStore((s) => s.wanted);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
