import { Download } from 'lucide-react';
import { useId, useState } from 'react';

import { ErrorAlert } from '@/components/staff/block';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { payoutAction } from '@/lib/api/payout-action';
import { currentIdentity } from '@/lib/auth';
import { berlinIsoDay, countOf, formatDate, formatDay, formatMoney } from '@/utils/format';

import { downloadBatchFile } from '../api/download-batch-file';
import { type PayoutBatch } from '../api/model';
import { BatchPayouts } from './batch-payouts';
import type { Run } from './run';

const BATCH_STATUS: Record<PayoutBatch['status'], string> = {
  created: 'Erstellt, wartet auf Freigabe',
  released: 'Freigegeben, bereit zum Export',
  exported: 'Exportiert, wartet auf Ausführung',
  paid: 'Ausgeführt',
};

/** Shown to the creator of a batch instead of 'Freigeben' when another administrator exists. */
export const FOUR_EYES_HINT = 'Diesen Lauf muss ein anderer Administrator freigeben (Vier-Augen-Prinzip).';

/** One batch: its state, its files and the next step (release, export, executed). */
export function BatchItem({
  batch,
  busy,
  run,
  otherAdministrators,
  campaign = '',
}: {
  batch: PayoutBatch;
  busy: boolean;
  run: Run;
  /** The campaign whose payouts the batch's list shows ('' for all; issue 60). */
  campaign?: string;
  /** How many administrators besides the signed-in one; null until known (the server decides then). */
  otherAdministrators: number | null;
}) {
  const [release, setRelease] = useState(false);
  const [releaseError, setReleaseError] = useState<string | null>(null);
  const [self, setSelf] = useState(false);
  const [executionDate, setExecutionDate] = useState(berlinIsoDay);
  // Until the administrator picks a date, the execution date defaults to the export's day in
  // Berlin (the stored moment is UTC: an export at 00:30 in Berlin is the day before in UTC).
  const [paidOnInput, setPaidOn] = useState<string | null>(null);
  const paidOn = paidOnInput ?? (batch.exportedAt ? berlinIsoDay(batch.exportedAt) : '');
  const [showPayouts, setShowPayouts] = useState(false);
  // Every money step asks first and says what it does, with count and sum (issue 58).
  const [asking, setAsking] = useState<'export' | 'paid' | null>(null);
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
  const amounts = `${countOf(batch.count, 'Auszahlung', 'Auszahlungen')} über zusammen ${formatMoney(batch.total)}`;
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
            <Button variant={batch.status === 'released' ? 'primary' : 'outline'} disabled={busy} onClick={() => setAsking('export')}>
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
            <Button disabled={busy} onClick={() => setAsking('paid')}>
              Als ausgeführt bestätigen
            </Button>
          </>
        )}
        <Button variant="ghost" onClick={() => setShowPayouts((v) => !v)} aria-expanded={showPayouts}>
          {showPayouts ? 'Auszahlungen ausblenden' : 'Auszahlungen anzeigen'}
        </Button>
      </div>
      <ErrorAlert message={fileError} />
      {showPayouts && <BatchPayouts batchId={batch.id} busy={busy} run={run} campaign={campaign} />}
      {asking === 'export' && (
        <ConfirmDialog
          title={batch.status === 'released' ? `${title}: SEPA-Datei erstellen?` : `${title}: SEPA-Datei erneut erstellen?`}
          description={
            batch.status === 'released'
              ? `Die SEPA-Datei überweist ${amounts} mit Ausführungsdatum ${formatDay(executionDate)}. Danach wartet der Lauf auf die Bestätigung, dass die Bank ihn ausgeführt hat.`
              : `Die neue SEPA-Datei überweist ${amounts} mit Ausführungsdatum ${formatDay(executionDate)}, mit derselben Nachrichten-ID ${batch.messageId}: Reichen Sie bei der Bank nur eine der beiden Dateien ein.`
          }
          confirmLabel={batch.status === 'released' ? 'SEPA-Datei erstellen' : 'SEPA-Datei erneut erstellen'}
          busy={busy}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void run(
              () => payoutAction<PayoutBatch>({ action: 'export', batch: batch.id, executionDate }),
              batch.status === 'released'
                ? `${title} wurde exportiert. Die SEPA-Datei steht zum Herunterladen bereit.`
                : `${title} wurde erneut exportiert (gleiche Nachrichten-ID ${batch.messageId}). Die neue SEPA-Datei steht zum Herunterladen bereit.`,
            );
          }}
        />
      )}
      {asking === 'paid' && (
        <ConfirmDialog
          title={`${title} als ausgeführt bestätigen?`}
          description={`Damit gelten ${amounts} als am ${formatDay(paidOn)} ausgezahlt; die Werkstätten sehen ihre Auszahlung als ausgezahlt. Bestätigen Sie das erst, wenn die Bank den Lauf ausgeführt hat.`}
          confirmLabel="Als ausgeführt bestätigen"
          busy={busy}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void run(
              () => payoutAction<PayoutBatch>({ action: 'paid', batch: batch.id, paidOn }),
              `${title} ist als ausgeführt bestätigt.`,
            );
          }}
        />
      )}
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
