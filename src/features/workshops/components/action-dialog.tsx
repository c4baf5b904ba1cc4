import { useId, useState } from 'react';

import { ErrorAlert } from '@/components/staff/block';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { LIMITS, MESSAGES } from '@/rules';

import { WORKSHOP_MESSAGES } from '../api/model';

/** A back-office action waiting for its reason (and, for a correction, its fields). */
export interface PendingAction {
  title: string;
  description: string;
  run: (reason: string, fields: Record<string, string>) => Promise<unknown>;
  fields?: { name: string; label: string; value: string }[];
  done: string;
}

/** Asks for the reason of an action (it goes into the staff log), runs it and says what failed. */
export function ActionDialog({ action, onClose, onDone }: { action: PendingAction; onClose: () => void; onDone: () => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>(Object.fromEntries((action.fields ?? []).map((f) => [f.name, f.value])));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const submit = async () => {
    setError(null);
    if (!reason.trim()) {
      setError(MESSAGES.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      await action.run(reason.trim(), fields);
      await onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : WORKSHOP_MESSAGES.actionFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{action.title}</DialogTitle>
        <DialogDescription>{action.description} Der Grund steht im Mitarbeiterprotokoll.</DialogDescription>
        {(action.fields ?? []).map((f) => (
          <TextField
            key={f.name}
            label={f.label}
            className="mt-4"
            value={fields[f.name] ?? ''}
            onChange={(e) => setFields((v) => ({ ...v, [f.name]: e.target.value }))}
          />
        ))}
        <label htmlFor={reasonId} className="mt-4 block text-sm text-slate-700">
          Grund *
        </label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={LIMITS.reasonMax}
          onChange={(e) => setReason(e.target.value.replace(/[\r\n\t]+/g, ' '))}
          className="mt-1 h-20 w-full rounded-md border border-slate-400 p-2"
        />
        <ErrorAlert message={error} />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Abbrechen
          </Button>
          <Button disabled={busy} onClick={() => void submit()}>
            {busy ? 'Wird gespeichert...' : 'Ausführen'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
