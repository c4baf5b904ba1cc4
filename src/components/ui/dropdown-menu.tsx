import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';

import { cn } from '@/utils/cn';

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

/**
 * An open menu stays open when a script moves the focus elsewhere: the cookie banner focuses
 * itself as it appears, about a second after a page loads, and closed a menu opened just before
 * (seen in CI). A click outside, Escape or a choice still close it; Tab does not leave a menu.
 */
export function DropdownMenuContent({ className, sideOffset = 6, onFocusOutside, ...props }: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        align="end"
        className={cn('z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg', className)}
        onFocusOutside={(event) => {
          onFocusOutside?.(event);
          event.preventDefault();
        }}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof MenuPrimitive.Item>) {
  return (
    <MenuPrimitive.Item
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-900 outline-none data-[highlighted]:bg-brand-50',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={cn('px-3 py-2 text-xs font-semibold text-slate-700', className)} {...props} />;
}

export function DropdownMenuSeparator(props: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className="my-1 h-px bg-slate-200" {...props} />;
}
