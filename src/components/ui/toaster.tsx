import { Toaster as Sonner } from 'sonner';

import { TOAST } from '@/config/ui';

/** Toasts top-right below the header with SPEC's constants: 4000 ms, 3 visible, 356 px wide. */
export function Toaster() {
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
