import { useEffect, useState } from 'react';

import { ErrorAlert, Outcome } from '@/components/staff/block';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLoad } from '@/hooks/use-load';
import type { HeldAuditRow } from '@/lib/staff/files';
import { formatDate } from '@/utils/format';

import { answerHeldRow } from '../api/answer-held-row';
import { listHeldUploads } from '../api/list-held-uploads';
import { HELD_MESSAGES } from '../api/model';

const verdictOf = (row: HeldAuditRow) => (!row.checked ? 'Nicht vorhanden' : row.faulty ? 'Fehlerhaft' : 'Bestanden');

/**
 * The rows of uploaded audit files that would decide a submission with review signals (issue 58):
 * listed with the verdict and the signals, applied only when an auditor says so; 'Nicht
 * übernehmen' leaves the submission in the queue. `version` changes after each upload.
 */
export function HeldAuditRows({ version }: { version: number }) {
  const uploads = useLoad(listHeldUploads, []);
  const { reload } = uploads;
  useEffect(() => {
    if (version > 0) void reload();
  }, [version, reload]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const answer = async (uploadId: string, row: HeldAuditRow, apply: boolean) => {
    setBusy(true);
    setNotice(null);
    setError(null);
    try {
      const { refused } = await answerHeldRow(uploadId, row.id, apply);
      if (refused) setError(`Code ${row.code}: ${refused}.`);
      else
        setNotice(
          apply
            ? `Code ${row.code}: ${verdictOf(row)} übernommen. Die Werkstatt wird per E-Mail benachrichtigt.`
            : `Code ${row.code}: nicht übernommen, die Einreichung bleibt in der Prüfwarteschlange.`,
        );
    } catch (err) {
      setError(err instanceof Error ? err.message : HELD_MESSAGES.answerFailed);
    } finally {
      setBusy(false);
      await uploads.reload();
    }
  };

  if (uploads.loading && uploads.data.length === 0) return <Spinner label="Wird geladen..." />;
  if (uploads.failed) return <ErrorAlert message={HELD_MESSAGES.loadFailed} />;
  const rows = uploads.data.flatMap((u) => (u.held ?? []).map((row) => ({ upload: u, row })));
  if (rows.length === 0 && !notice && !error) return null;
  return (
    <section aria-labelledby="held-rows-heading" className="mt-6 rounded-lg border border-amber-400 bg-amber-50 p-4">
      <h3 id="held-rows-heading" className="font-semibold text-slate-900">
        Zeilen mit Hinweisen warten auf Ihre Bestätigung
      </h3>
      <p className="mt-1 text-sm text-slate-800">
        Diese Zeilen entscheiden Einreichungen, zu denen es Hinweise gibt. Sie gelten erst, wenn Sie sie übernehmen; „Nicht übernehmen“
        lässt die Einreichung in der Prüfwarteschlange.
      </p>
      <Outcome notice={notice} error={error} />
      <ul className="mt-3 flex flex-col gap-3" aria-label="Wartende Zeilen">
        {rows.map(({ upload, row }) => (
          <li key={`${upload.id}-${row.id}`} aria-label={`Code ${row.code}`} className="rounded-md border border-slate-300 bg-white p-3">
            <p className="text-slate-900">
              Code <span className="font-mono">{row.code}</span> von {row.shopName}: <strong>{verdictOf(row)}</strong>
            </p>
            <p className="text-sm text-slate-700">
              {upload.filename}, Zeile {row.line}, hochgeladen am {formatDate(upload.created)}
            </p>
            <ul className="mt-2 list-disc pl-5 text-sm text-slate-800">
              {row.signals.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" disabled={busy} onClick={() => void answer(upload.id, row, true)}>
                {verdictOf(row)} übernehmen
              </Button>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => void answer(upload.id, row, false)}>
                Nicht übernehmen
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
