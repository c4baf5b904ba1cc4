import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { useState, type ComponentProps } from 'react';

import { TOOLTIP_DELAY_MS } from '@/config/ui';
import { cn } from '@/utils/cn';

export function TooltipProvider(props: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} {...props} />;
}

/**
 * Radix's Root, always controlled. Uncontrolled, Radix announces an opening from an effect
 * ("another tooltip opened, close yours"); React runs that effect before the content mounts,
 * Preact (decision 026) after the content has subscribed, so the tooltip closed itself at once.
 * Controlled, the announcement is made in the event handler, before any content exists.
 */
export function Tooltip({ open, defaultOpen = false, onOpenChange, ...props }: ComponentProps<typeof TooltipPrimitive.Root>) {
  const [own, setOwn] = useState(defaultOpen);
  return (
    <TooltipPrimitive.Root
      open={open ?? own}
      onOpenChange={(next) => {
        setOwn(next);
        onOpenChange?.(next);
      }}
      {...props}
    />
  );
}
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({ className, sideOffset = 6, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn('z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg', className)}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
