import { useId, useState } from 'react';

import { ErrorAlert } from '@/components/staff/block';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CORRECTION, outcomeOf, VERDICT_OUTCOME_LABELS, VERDICT_OUTCOMES, type VerdictOutcome } from '@/rules/verdicts';

import { correctVerdict } from '../api/correct-verdict';
import type { ReviewItem } from '../api/model';

/** What saving a correction does, in one sentence for the confirmation. */
function effectOf(from: VerdictOutcome, to: VerdictOutcome): string {
  if (to === 'passed') return 'Der Code gilt als eingelöst und die Auszahlung wird angelegt.';
  if (from === 'passed') return 'Die noch nicht ausgezahlte Auszahlung wird zurückgenommen und der Code ist wieder offen.';
  return 'Der Code bleibt offen.';
}

/**
 * Corrects a stored verdict (issue 58): possible until the payout is in a batch or the code was
 * submitted again (the server decides and says why not). The reason goes to the workshop in the
 * one corrected mail and into the staff log beside the earlier verdict.
 */
export function VerdictCorrection({ item, onCorrected }: { item: ReviewItem; onCorrected: (item: ReviewItem) => void }) {
  const last = item.history.at(-1);
  const [outcome, setOutcome] = useState<VerdictOutcome | ''>('');
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const reasonId = useId();
  const reasonErrorId = useId();
  if (item.status === 'pending' || !last) return null;
  const stored = outcomeOf(last.checked, last.faulty);

  const ask = () => {
    setError(null);
    if (!outcome) return setFieldError(CORRECTION.messages.outcome);
    const text = reason.trim();
    if (text === '' || text.length > CORRECTION.reasonMax) return setFieldError(CORRECTION.messages.reason);
    setFieldError(null);
    setAsking(true);
  };
  const save = async () => {
    if (!outcome) return;
    setBusy(true);
    try {
      const fresh = await correctVerdict(item.id, outcome, reason.trim());
      setAsking(false);
      setOutcome('');
      setReason('');
      onCorrected(fresh);
    } catch (err) {
      setAsking(false);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${reasonId}-heading`} className="mt-6 rounded-md border border-slate-300 p-4 text-sm">
      <h3 id={`${reasonId}-heading`} className="text-base font-bold text-slate-900">
        Ergebnis korrigieren
      </h3>
      <p className="mt-1 text-slate-700">
        Gespeichert: <strong>{VERDICT_OUTCOME_LABELS[stored]}</strong>. Korrigieren ist möglich, bis die Auszahlung in einem Auszahlungslauf
        ist oder der Code erneut eingereicht wurde. Die Werkstatt erhält eine E-Mail mit dem korrigierten Ergebnis.
      </p>
      <fieldset className="mt-3">
        <legend className="text-slate-700">Neues Ergebnis</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {VERDICT_OUTCOMES.filter((o) => o !== stored).map((o) => (
            <label key={o} className="flex items-center gap-2">
              <input type="radio" name={`${reasonId}-outcome`} value={o} checked={outcome === o} onChange={() => setOutcome(o)} />
              {VERDICT_OUTCOME_LABELS[o]}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={reasonId} className="mt-3 block text-slate-700">
        Begründung (steht in der E-Mail an die Werkstatt)
      </label>
      <textarea
        id={reasonId}
        value={reason}
        maxLength={CORRECTION.reasonMax}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? reasonErrorId : undefined}
        onChange={(e) => setReason(e.target.value.replace(/[\r\n\t]+/g, ' '))}
        className="mt-1 h-20 w-full rounded-md border border-slate-400 p-2"
      />
      {fieldError && (
        <p id={reasonErrorId} className="mt-1 text-red-700">
          {fieldError}
        </p>
      )}
      <Button className="mt-3" variant="outline" onClick={ask}>
        Ergebnis korrigieren …
      </Button>
      <ErrorAlert message={error} />
      {asking && outcome && (
        <ConfirmDialog
          title="Ergebnis korrigieren?"
          description={`Von „${VERDICT_OUTCOME_LABELS[stored]}“ auf „${VERDICT_OUTCOME_LABELS[outcome]}“ für Code ${item.code}. ${effectOf(stored, outcome)} Die Werkstatt erhält eine E-Mail mit der Korrektur und Ihrer Begründung.`}
          confirmLabel="Korrektur speichern"
          busy={busy}
          onConfirm={() => void save()}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
