import { Cookie } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { initConsent, openConsentPreferences, trackPageview } from '@/lib/consent';
import { useConsentStore } from '@/stores/consent';

let started = false;

/**
 * The consent button at the lower left of every page (SPEC section 2), plus pageviews once allowed.
 * From 1280 px it floats at the screen's lower left, in the gutter beside the 72rem content; narrower
 * it closes the page at its lower left (below the footer), since floating it covered the queue's
 * buttons and the wizard's 'Weiter' at 360 px (issue 58, decision 058).
 */
export function ConsentButton() {
  const analytics = useConsentStore((s) => s.analytics);
  const location = useLocation();

  useEffect(() => {
    if (started) return;
    started = true;
    void initConsent();
  }, []);

  useEffect(() => {
    if (analytics) trackPageview(location);
  }, [analytics, location]);

  return (
    <button
      type="button"
      onClick={openConsentPreferences}
      aria-label="Cookie-Einstellungen öffnen"
      title="Cookie-Einstellungen"
      className="flex size-12 xl:fixed xl:bottom-4 xl:left-4 xl:z-30 items-center justify-center rounded-full border border-slate-300 bg-white text-brand-700 shadow-lg hover:bg-brand-50"
    >
      <Cookie aria-hidden="true" className="size-6" />
    </button>
  );
}
