import type { ReactNode } from 'react';

import { Button, type ButtonProps } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from './dialog';

interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  /** What the confirmation gives, e.g. 'Entfernen'. 'Abbrechen' has the focus: Enter or a stray key never confirms (issue 58). */
  confirmLabel: string;
  confirmVariant?: ButtonProps['variant'];
  busy?: boolean;
  onConfirm: () => void;
  /** Closing without confirming ('Abbrechen', Escape, outside). */
  onCancel: () => void;
  children?: ReactNode;
}

/** An open question before an action that cannot simply be taken back: 'Abbrechen' or the action. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  confirmVariant,
  busy,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" autoFocus>
              Abbrechen
            </Button>
          </DialogClose>
          <Button variant={confirmVariant} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
