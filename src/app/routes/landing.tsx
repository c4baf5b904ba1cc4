import { lazy, Suspense } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { LandingPage } from '@/features/landing/components/landing-page';

// The form sits below the fold, so its validation code loads after the page.
const InitForm = lazy(() => import('@/features/registration/components/init-form').then((m) => ({ default: m.InitForm })));

export function LandingRoute() {
  return (
    <LandingPage
      registration={
        <Suspense
          fallback={
            <div className="flex h-80 items-center justify-center">
              <Spinner label="Wird geladen..." />
            </div>
          }
        >
          <InitForm />
        </Suspense>
      }
    />
  );
}
