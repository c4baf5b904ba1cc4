import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';

import { LIVE_REGION_SETTLE_MS, TOAST } from '@/config/ui';
import { attachToaster } from '@/stores/toasts';

/** Toasts top-right below the header with SPEC's constants: 4000 ms, 3 visible, 356 px wide. */
export function Toaster() {
  // The toasts that waited for this component go in once sonner's live region (rendered now)
  // has been in the page long enough for a screen reader to announce what appears in it.
  useEffect(() => {
    let detach = () => {};
    const timer = setTimeout(() => {
      detach = attachToaster((kind, message) => toast[kind](message));
    }, LIVE_REGION_SETTLE_MS);
    return () => {
      clearTimeout(timer);
      detach();
    };
  }, []);
  return (
    <Sonner
      position={TOAST.position}
      offset={{ top: TOAST.offsetTopPx, right: 16 }}
      mobileOffset={{ top: TOAST.offsetTopPx, right: 16, left: 16 }}
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visible}
      richColors
      closeButton
      style={{ '--width': `${TOAST.widthPx}px` } as React.CSSProperties}
    />
  );
}
