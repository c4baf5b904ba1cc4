import { Toaster as Sonner } from 'sonner';

import { TOAST } from '@/config/ui';

/** Toasts top-right with SPEC's constants: 4000 ms, 3 visible, 356 px wide. */
export function Toaster() {
  return (
    <Sonner
      position={TOAST.position}
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visible}
      richColors
      closeButton
      style={{ '--width': `${TOAST.widthPx}px` } as React.CSSProperties}
    />
  );
}
