import { ShieldCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

import { Block, ErrorAlert, ListState } from '@/components/staff/block';
import { dash } from '@/components/staff/file-table';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useLoad } from '@/hooks/use-load';
import { countOtherAdministrators } from '@/lib/api/count-other-administrators';
import { currentIdentity } from '@/lib/auth';
import { countOf, formatDateTime } from '@/utils/format';

import { decideHeldImport } from '../api/decide-held-import';
import { listHeldImports } from '../api/list-held-imports';
import { type EarlierImport, GATE_MESSAGES, type HeldImport } from '../api/model';
import { watchHeldImports } from '../api/watch-held-imports';

/**
 * The plausibility gate (DECISIONS section 5): sales imports that would issue more codes
 * than the campaign allows wait here. Nothing is issued until an administrator other than
 * the uploader confirms; the only administrator confirms their own upload explicitly.
 */
export function ImportGateBlock() {
  const held = useLoad<HeldImport[]>(listHeldImports, []);
  const others = useLoad<number | null>(countOtherAdministrators, null);
  const [open, setOpen] = useState<{ record: HeldImport; decision: 'confirm' | 'discard' } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { reload } = held;
  // An upload that the gate holds (here or by another administrator) appears without a reload.
  useEffect(() => watchHeldImports(() => void reload()), [reload]);

  return (
    <Block
      title="Importe zur Freigabe"
      help="Ein Import, mit dem in den letzten 7 Tagen mehr Cashback-Codes zusammenkämen, als die Aktion insgesamt oder je Werkstatt erlaubt (über alle Dateien und alle, die hochladen), gibt nichts aus, bis ein anderer Administrator als der hochladende ihn bestätigt oder verwirft."
    >
      {done && (
        <Alert tone="success" className="mt-4">
          {done}
        </Alert>
      )}
      <ListState loading={held.loading} error={held.failed ? GATE_MESSAGES.loadFailed : null} empty={false} />
      {!held.loading && !held.failed && held.data.length === 0 && (
        <p className="mt-4 text-slate-700">Kein Import wartet auf eine Freigabe.</p>
      )}
      <ul className="mt-4 flex flex-col gap-4">
        {held.data.map((r) => (
          <li key={r.id} className="rounded-lg border border-amber-600 bg-amber-50 p-4">
            <p className="font-semibold break-all text-slate-900">{r.filename}</p>
            {r.gateReason && <p className="mt-1 text-sm text-slate-900">{r.gateReason}</p>}
            <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              <Fact term="Hochgeladen am" value={formatDateTime(r.created)} />
              <Fact term="Hochgeladen von" value={uploaderLabel(r)} />
              <Fact term="Gültige Zeilen" value={dash(r.successfullyProcessedRows)} />
              <Fact term="Fehlerhafte Zeilen" value={dash(r.failedProcessedRows)} />
              <Fact term="Neue Cashback-Codes" value={dash(r.gateCodes)} />
              <Fact term="Betroffene Werkstätten" value={dash(r.gateWorkshops)} />
              <Fact term="Höchstens je Werkstatt" value={dash(r.gateMaxPerWorkshop)} />
              <Fact term="Codes in 7 Tagen (mit dieser Datei)" value={dash(r.gateWeekCodes)} />
              <Fact term="Höchstens je Werkstatt in 7 Tagen" value={dash(r.gateWeekMaxPerWorkshop)} />
            </dl>
            <EarlierFiles files={r.gateEarlier ?? []} />
            <div className="mt-3 flex flex-wrap gap-3">
              {uploadedByMe(r) && others.data !== null && others.data > 0 ? (
                <p className="text-sm text-slate-800">{GATE_FOUR_EYES_HINT}</p>
              ) : (
                <Button onClick={() => setOpen({ record: r, decision: 'confirm' })}>
                  <ShieldCheck aria-hidden="true" className="size-4" />
                  Import bestätigen
                </Button>
              )}
              <Button variant="outline" onClick={() => setOpen({ record: r, decision: 'discard' })}>
                Import verwerfen
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {open && (
        <DecisionDialog
          record={open.record}
          decision={open.decision}
          mayConfirmAlone={uploadedByMe(open.record) && (others.data === null || others.data === 0)}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setOpen(null);
            setDone(message);
            void held.reload();
          }}
        />
      )}
    </Block>
  );
}

/** The week's earlier imports that count toward the limits (what the gate added this file to). */
function EarlierFiles({ files }: { files: EarlierImport[] }) {
  if (files.length === 0) return <p className="mt-2 text-sm text-slate-700">Keine früheren Importe in den letzten 7 Tagen.</p>;
  return (
    <div className="mt-3">
      <p className="text-sm font-semibold text-slate-900">Frühere Importe der letzten 7 Tage, die mitzählen:</p>
      <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
        {files.map((f) => (
          <li key={f.id} className="break-all">
            {f.filename}: {countOf(f.codes, 'Code', 'Codes')}, {formatDateTime(f.created)}
            {f.uploader ? `, ${f.uploader}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="text-slate-700">{term}:</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** Shown to the uploader instead of 'Import bestätigen' when another administrator exists (issue 35). */
export const GATE_FOUR_EYES_HINT = 'Diesen Import muss ein anderer Administrator bestätigen (Vier-Augen-Prinzip).';

function uploadedByMe(r: HeldImport) {
  let me = '';
  try {
    me = currentIdentity().id;
  } catch {
    me = '';
  }
  return Boolean(r.adminUploaded) && r.adminUploaded === me;
}

function uploaderLabel(r: HeldImport) {
  if (uploadedByMe(r)) return 'Ihnen';
  return r.auditorUploaded ? 'einem Prüfer' : 'einem anderen Administrator';
}

function DecisionDialog({
  record,
  decision,
  mayConfirmAlone,
  onClose,
  onDone,
}: {
  record: HeldImport;
  decision: 'confirm' | 'discard';
  /** The uploader and the only administrator: the explicit confirmation is offered. */
  mayConfirmAlone: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [self, setSelf] = useState(false);
  const checkbox = useId();
  const confirm = decision === 'confirm';
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await decideHeldImport(record.id, decision, self);
      onDone(
        confirm
          ? `Der Import ${record.filename} ist bestätigt: ${result.codesIssued ?? 0} Cashback-Codes wurden ausgegeben.`
          : `Der Import ${record.filename} wurde verworfen; es wurden keine Zeilen übernommen.`,
      );
    } catch (err) {
      setError(err instanceof Error ? err.message : GATE_MESSAGES.decideFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogTitle>{confirm ? 'Import bestätigen' : 'Import verwerfen'}</DialogTitle>
        <DialogDescription>
          {confirm
            ? `Mit der Bestätigung werden ${record.gateCodes ?? 0} Cashback-Codes an ${record.gateWorkshops ?? 0} Werkstätten ausgegeben und per E-Mail verschickt. Das lässt sich nicht rückgängig machen.`
            : 'Der Import wird verworfen: Keine Zeile wird übernommen, kein Code ausgegeben.'}
        </DialogDescription>
        {confirm && mayConfirmAlone && (
          <div className="mt-4 flex items-start gap-2">
            <input id={checkbox} type="checkbox" className="mt-1 size-4" checked={self} onChange={(e) => setSelf(e.target.checked)} />
            <label htmlFor={checkbox} className="text-sm text-slate-800">
              Ich bin der einzige Administrator und gebe meinen eigenen Import ausdrücklich frei.
            </label>
          </div>
        )}
        <ErrorAlert message={error} />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Abbrechen
          </Button>
          <Button variant={confirm ? 'primary' : 'danger'} disabled={busy} onClick={() => void submit()}>
            {busy ? 'Wird gespeichert...' : confirm ? 'Bestätigen' : 'Verwerfen'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
