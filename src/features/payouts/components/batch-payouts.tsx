import { useCallback, useId, useState } from 'react';

import { ErrorAlert } from '@/components/staff/block';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useLoad } from '@/hooks/use-load';
import { payoutAction } from '@/lib/api/payout-action';
import { RETURN_REASONS, returnReasonLabel } from '@/rules';
import { PAYOUT_STATUS_LABELS } from '@/rules/labels';
import { formatMoney } from '@/utils/format';

import { listBatchPayouts } from '../api/list-batch-payouts';
import { PAYOUT_MESSAGES, type Payout } from '../api/model';
import type { Run } from './run';

/** The payouts of one batch; an exported or paid one can be recorded as returned by the bank. */
export function BatchPayouts({ batchId, busy, run, campaign = '' }: { batchId: string; busy: boolean; run: Run; campaign?: string }) {
  const load = useCallback(() => listBatchPayouts(batchId, campaign), [batchId, campaign]);
  const payouts = useLoad<Payout[]>(load, []);
  const [returning, setReturning] = useState<Payout | null>(null);
  const [returnError, setReturnError] = useState<string | null>(null);
  if (payouts.loading) return <Spinner label="Wird geladen..." />;
  if (payouts.failed) return <ErrorAlert message={PAYOUT_MESSAGES.loadFailed} />;
  return (
    <>
      <ul className="mt-3 flex flex-col divide-y divide-slate-200" aria-label="Auszahlungen des Laufs">
        {payouts.data.map((p) => (
          <li key={p.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
            <span className="text-sm break-all text-slate-800">
              <span className="font-mono font-semibold">{p.endToEndId}</span> · {p.accountHolder} · {formatMoney(p.amount)} ·{' '}
              {p.status === 'returned' ? `Zurückgekommen (${returnReasonLabel(p.returnReason)})` : PAYOUT_STATUS_LABELS[p.status]}
            </span>
            {(p.status === 'exported' || p.status === 'paid') && (
              <Button variant="outline" size="sm" className="shrink-0" onClick={() => setReturning(p)}>
                Rückläufer erfassen
              </Button>
            )}
          </li>
        ))}
      </ul>
      {returning && (
        <ReturnDialog
          payout={returning}
          busy={busy}
          error={returnError}
          onClose={() => setReturning(null)}
          onSubmit={(reason, note) =>
            void run(
              () => payoutAction<Payout>({ action: 'return', payout: returning.id, reason, note }),
              `Der Rückläufer zum Code ${returning.endToEndId} ist erfasst.`,
              setReturnError,
            ).then((ok) => {
              if (!ok) return;
              setReturning(null);
              void payouts.reload();
            })
          }
        />
      )}
    </>
  );
}

function ReturnDialog({
  payout,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  payout: Payout;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (reason: string, note: string) => void;
}) {
  const [reason, setReason] = useState('AC04');
  const [note, setNote] = useState('');
  const ids = { reason: useId(), note: useId() };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Rückläufer erfassen</DialogTitle>
        <DialogDescription>
          Die Überweisung über {formatMoney(payout.amount)} an {payout.accountHolder} (Referenz {payout.endToEndId}) kam von der Bank
          zurück. Mit dem Speichern gilt sie als nicht ausgezahlt, und die Werkstatt wird per E-Mail gebeten, ihre Bankverbindung für diese
          Einreichung zu korrigieren.
        </DialogDescription>
        <label htmlFor={ids.reason} className="mt-4 block text-sm text-slate-700">
          Rückgabegrund der Bank
        </label>
        <select
          id={ids.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className="mt-1 h-11 w-full rounded-md border border-slate-400 bg-white px-3"
        >
          {Object.entries(RETURN_REASONS).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
        <label htmlFor={ids.note} className="mt-4 block text-sm text-slate-700">
          Notiz (optional)
        </label>
        <input
          id={ids.note}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="mt-1 h-11 w-full rounded-md border border-slate-400 px-3"
        />
        <ErrorAlert message={error} />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Abbrechen
          </Button>
          <Button disabled={busy} onClick={() => onSubmit(reason, note)}>
            Rückläufer speichern
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
