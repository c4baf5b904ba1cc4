import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/utils/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type ContentProps = ComponentProps<typeof DialogPrimitive.Content>;

/** Overlay, panel and close button; the dialog and the drawer differ only in panel classes and close label. */
function ModalContent({ className, children, closeLabel, ...props }: ContentProps & { closeLabel: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
      <DialogPrimitive.Content className={cn('fixed z-50 overflow-y-auto bg-white p-6 shadow-xl', className)} {...props}>
        {children}
        <DialogPrimitive.Close className="absolute top-3 right-3 rounded p-1 text-slate-700 hover:bg-slate-100" aria-label={closeLabel}>
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogContent({ className, ...props }: ContentProps) {
  return (
    <ModalContent
      closeLabel="Schließen"
      className={cn('top-1/2 left-1/2 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('pr-8 text-xl font-bold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('mt-2 text-slate-700', className)} {...props} />;
}

/** A panel sliding in from the right edge: the mobile navigation drawer. */
export function SheetContent({ className, ...props }: ContentProps) {
  return (
    <ModalContent
      closeLabel="Menü schließen"
      className={cn('inset-y-0 right-0 flex w-72 max-w-[85vw] flex-col gap-2', className)}
      {...props}
    />
  );
}
