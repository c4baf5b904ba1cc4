import { Banknote, Download } from 'lucide-react';
import { useCallback, useId, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useLoad } from '@/hooks/use-load';
import { currentIdentity } from '@/lib/auth';
import { RETURN_REASONS, returnReasonLabel } from '@/rules';
import { berlinIsoDay, countOf, formatDate, formatMoney } from '@/utils/format';

import { countOtherAdministrators } from '../api/other-administrators';
import { downloadBatchFile } from '../api/payouts/download-batch-file';
import { listBatchPayouts } from '../api/payouts/list-batch-payouts';
import { listBatches } from '../api/payouts/list-batches';
import { listPromise } from '../api/payouts/list-promise';
import { PAYOUT_MESSAGES, type Payout, type PayoutBatch, type PromiseItem } from '../api/payouts/model';
import { payoutAction } from '../api/payouts/payout-action';
import { payoutCounts } from '../api/payouts/payout-counts';
import { PAYOUT_STATUS_LABELS } from '../labels';
import { Block, ErrorAlert } from './block';

const BATCH_STATUS: Record<PayoutBatch['status'], string> = {
  created: 'Erstellt, wartet auf Freigabe',
  released: 'Freigegeben, bereit zum Export',
  exported: 'Exportiert, wartet auf Ausführung',
  paid: 'Ausgeführt',
};

/**
 * Payouts for administrators (DECISIONS section 6): create a batch of the payable payouts,
 * release it with a second administrator, export the SEPA file and CSV, confirm it as
 * executed, record returned payments; and the 8-week promise.
 */
export function PayoutsBlock() {
  const counts = useLoad(payoutCounts, { payable: 0, held: 0 });
  const batches = useLoad<PayoutBatch[]>(listBatches, []);
  const others = useLoad<number | null>(countOtherAdministrators, null);
  const [limit, setLimit] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const limitId = useId();
  const reload = useCallback(async () => {
    await Promise.all([counts.reload(), batches.reload()]);
  }, [counts, batches]);

  // Runs an action; its refusal shows in the block, or where `onError` shows it (a dialog
  // hides the rest of the page while it is open).
  const run: Run = async (action, success, onError) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    onError?.(null);
    try {
      await action();
      setNotice(success);
      await reload();
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : PAYOUT_MESSAGES.actionFailed;
      if (onError) onError(message);
      else setError(message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Block
      title="Auszahlungen"
      help="Jede bestandene Einreichung wird eine Auszahlung. Ein Auszahlungslauf fasst die auszahlbaren zusammen; ein zweiter Administrator gibt ihn frei, dann wird die SEPA-Datei (pain.001) für die Bank erstellt."
    >
      {counts.failed || batches.failed ? <ErrorAlert message={PAYOUT_MESSAGES.loadFailed} /> : null}
      <p className="mt-4 text-slate-800">
        Auszahlbar: <strong>{counts.data.payable}</strong> · Angehalten: <strong>{counts.data.held}</strong>
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div>
          <label htmlFor={limitId} className="block text-sm text-slate-700">
            Höchstzahl je Lauf (optional)
          </label>
          <input
            id={limitId}
            type="number"
            min={1}
            inputMode="numeric"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            className="mt-1 h-11 w-40 rounded-md border border-slate-400 px-3"
          />
        </div>
        <Button
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const batch = await payoutAction<PayoutBatch>({ action: 'create', limit: limit ? Number(limit) : undefined });
              setLimit('');
              return batch;
            }, 'Der Auszahlungslauf wurde erstellt. Ein anderer Administrator muss ihn freigeben.')
          }
        >
          <Banknote aria-hidden="true" className="size-4" />
          Auszahlungslauf erstellen
        </Button>
      </div>
      {notice && (
        <Alert tone="success" className="mt-4">
          {notice}
        </Alert>
      )}
      <ErrorAlert message={error} />
      {batches.loading ? (
        <div className="mt-4">
          <Spinner label="Wird geladen..." />
        </div>
      ) : batches.data.length === 0 ? (
        <p className="mt-4 text-slate-700">Noch kein Auszahlungslauf.</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-4" aria-label="Auszahlungsläufe">
          {batches.data.map((b) => (
            <BatchItem key={b.id} batch={b} busy={busy} run={run} otherAdministrators={others.data} />
          ))}
        </ul>
      )}
      <PromiseList />
    </Block>
  );
}

type Run = (action: () => Promise<unknown>, success: string, onError?: (message: string | null) => void) => Promise<boolean>;

/** Shown to the creator of a batch instead of 'Freigeben' when another administrator exists. */
export const FOUR_EYES_HINT = 'Diesen Lauf muss ein anderer Administrator freigeben (Vier-Augen-Prinzip).';

function BatchItem({
  batch,
  busy,
  run,
  otherAdministrators,
}: {
  batch: PayoutBatch;
  busy: boolean;
  run: Run;
  /** How many administrators besides the signed-in one; null until known (the server decides then). */
  otherAdministrators: number | null;
}) {
  const [release, setRelease] = useState(false);
  const [releaseError, setReleaseError] = useState<string | null>(null);
  const [self, setSelf] = useState(false);
  const [executionDate, setExecutionDate] = useState(berlinIsoDay);
  // Until the administrator picks a date, the execution date defaults to the export's day.
  const [paidOnInput, setPaidOn] = useState<string | null>(null);
  const paidOn = paidOnInput ?? (batch.exportedAt || '').slice(0, 10);
  const [showPayouts, setShowPayouts] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const ids = { self: useId(), execution: useId(), paid: useId() };
  let mine = false;
  try {
    mine = currentIdentity().id === batch.createdBy;
  } catch {
    mine = false;
  }
  // Four eyes (issue 35): the creator is offered no release another administrator must give, and
  // the 'einziger Administrator' confirmation only when there is no other.
  const othersMustRelease = mine && otherAdministrators !== null && otherAdministrators > 0;
  const mayConfirmAlone = mine && (otherAdministrators === null || otherAdministrators === 0);
  const number = String(batch.number).padStart(4, '0');
  const title = `Lauf ${number}`;
  return (
    <li className="rounded-lg border border-slate-300 p-4" aria-label={title}>
      <p className="font-semibold text-slate-900">
        {title}: {countOf(batch.count, 'Auszahlung', 'Auszahlungen')}, {formatMoney(batch.total)}
      </p>
      <p className="text-sm text-slate-700">
        {batch.status === 'paid' ? `Ausgeführt am ${formatDate(batch.paidOn)}` : BATCH_STATUS[batch.status]} · erstellt am{' '}
        {formatDate(batch.created)} {mine ? 'von Ihnen' : 'von einem anderen Administrator'}
        {batch.selfReleased ? ' · vom einzigen Administrator selbst freigegeben' : ''}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        {batch.status === 'created' && othersMustRelease && <p className="text-sm text-slate-800">{FOUR_EYES_HINT}</p>}
        {batch.status === 'created' && !othersMustRelease && (
          <Button disabled={busy} onClick={() => setRelease(true)}>
            Freigeben
          </Button>
        )}
        {(batch.status === 'released' || batch.status === 'exported') && (
          <>
            <DateField
              id={ids.execution}
              label={batch.status === 'released' ? 'Ausführungsdatum' : 'Neues Ausführungsdatum'}
              value={executionDate}
              onChange={setExecutionDate}
            />
            <Button
              variant={batch.status === 'released' ? 'primary' : 'outline'}
              disabled={busy}
              onClick={() =>
                void run(
                  () => payoutAction<PayoutBatch>({ action: 'export', batch: batch.id, executionDate }),
                  batch.status === 'released'
                    ? `${title} wurde exportiert. Die SEPA-Datei steht zum Herunterladen bereit.`
                    : `${title} wurde erneut exportiert (gleiche Nachrichten-ID ${batch.messageId}). Die neue SEPA-Datei steht zum Herunterladen bereit.`,
                )
              }
            >
              {batch.status === 'released' ? 'SEPA-Datei erstellen' : 'SEPA-Datei erneut erstellen'}
            </Button>
          </>
        )}
        {(batch.status === 'exported' || batch.status === 'paid') && (
          <>
            <Button variant="outline" onClick={() => void downloadBatchFile(batch, 'pain001').catch((e: Error) => setFileError(e.message))}>
              <Download aria-hidden="true" className="size-4" />
              pain.001 herunterladen
            </Button>
            <Button variant="outline" onClick={() => void downloadBatchFile(batch, 'csv').catch((e: Error) => setFileError(e.message))}>
              <Download aria-hidden="true" className="size-4" />
              CSV herunterladen
            </Button>
          </>
        )}
        {batch.status === 'exported' && (
          <>
            <DateField id={ids.paid} label="Ausgeführt am" value={paidOn} onChange={setPaidOn} />
            <Button
              disabled={busy}
              onClick={() =>
                void run(
                  () => payoutAction<PayoutBatch>({ action: 'paid', batch: batch.id, paidOn }),
                  `${title} ist als ausgeführt bestätigt.`,
                )
              }
            >
              Als ausgeführt bestätigen
            </Button>
          </>
        )}
        <Button variant="ghost" onClick={() => setShowPayouts((v) => !v)} aria-expanded={showPayouts}>
          {showPayouts ? 'Auszahlungen ausblenden' : 'Auszahlungen anzeigen'}
        </Button>
      </div>
      <ErrorAlert message={fileError} />
      {showPayouts && <BatchPayouts batchId={batch.id} busy={busy} run={run} />}
      {release && (
        <Dialog open onOpenChange={(open) => !open && setRelease(false)}>
          <DialogContent>
            <DialogTitle>{title} freigeben</DialogTitle>
            <DialogDescription>
              Mit der Freigabe werden {countOf(batch.count, 'Auszahlung', 'Auszahlungen')} über {formatMoney(batch.total)} zum Export
              freigegeben. Danach ändert sich an diesem Lauf nichts mehr.
            </DialogDescription>
            {mayConfirmAlone && (
              <div className="mt-4 flex items-start gap-2">
                <input id={ids.self} type="checkbox" className="mt-1 size-4" checked={self} onChange={(e) => setSelf(e.target.checked)} />
                <label htmlFor={ids.self} className="text-sm text-slate-800">
                  Ich bin der einzige Administrator und gebe meinen eigenen Auszahlungslauf ausdrücklich frei.
                </label>
              </div>
            )}
            <ErrorAlert message={releaseError} />
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Button variant="outline" onClick={() => setRelease(false)}>
                Abbrechen
              </Button>
              <Button
                disabled={busy}
                onClick={() =>
                  void run(
                    () => payoutAction<PayoutBatch>({ action: 'release', batch: batch.id, selfConfirm: self }),
                    `${title} ist freigegeben.`,
                    setReleaseError,
                  ).then((ok) => ok && setRelease(false))
                }
              >
                Freigeben
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      )}
    </li>
  );
}

/** A labelled date input of the batch's actions. */
function DateField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 h-11 rounded-md border border-slate-400 px-3"
      />
    </div>
  );
}

function BatchPayouts({ batchId, busy, run }: { batchId: string; busy: boolean; run: Run }) {
  const load = useCallback(() => listBatchPayouts(batchId), [batchId]);
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
          Die Überweisung zum Code {payout.endToEndId} kam von der Bank zurück. Die Werkstatt wird per E-Mail gebeten, ihre Bankverbindung
          für diese Einreichung zu korrigieren.
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

const LEVEL_CLASS: Record<PromiseItem['level'], string> = {
  ok: 'text-slate-800',
  amber: 'font-semibold text-amber-800',
  red: 'font-semibold text-red-700',
};

/** Submissions not yet paid by age since submission: amber after 6 weeks, red after 8 (SPEC section 1: up to 8 weeks). */
function PromiseList() {
  const items = useLoad<PromiseItem[]>(listPromise, []);
  return (
    <section aria-label="Auszahlung innerhalb von 8 Wochen" className="mt-6">
      <h3 className="text-lg font-bold">Auszahlung innerhalb von 8 Wochen</h3>
      <p className="text-sm text-slate-700">Noch nicht ausgezahlte Einreichungen, die ältesten zuerst: gelb nach 6 Wochen, rot nach 8.</p>
      {items.failed && <ErrorAlert message={PAYOUT_MESSAGES.loadFailed} />}
      {!items.loading && !items.failed && items.data.length === 0 && (
        <p className="mt-2 text-slate-700">Alle Einreichungen sind ausgezahlt.</p>
      )}
      {items.data.length > 0 && (
        <ul className="mt-2 flex flex-col divide-y divide-slate-200" aria-label="Noch nicht ausgezahlte Einreichungen">
          {items.data.map((i) => (
            <li key={i.submission} className="py-2 text-sm break-all">
              <span className="font-mono font-semibold">{i.code}</span> · {i.shopName} · eingereicht am {formatDate(i.submitted)} ·{' '}
              <span className={LEVEL_CLASS[i.level]}>
                {countOf(i.days, 'Tag', 'Tage')}
                {i.level === 'red' ? ' (über 8 Wochen)' : i.level === 'amber' ? ' (über 6 Wochen)' : ''}
              </span>{' '}
              ·{' '}
              {i.status === 'pending'
                ? 'in Prüfung'
                : i.payoutStatus
                  ? PAYOUT_STATUS_LABELS[i.payoutStatus as Payout['status']]
                  : 'bestanden'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
