import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { Block, ErrorAlert } from '@/components/staff/block';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useLoad } from '@/hooks/use-load';
import { countOf, formatDate } from '@/utils/format';

import { giveVerdict } from '../api/give-verdict';
import { loadQueue } from '../api/load-queue';
import { REVIEW_MESSAGES, type Outcome, type ReviewItem, type Signal } from '../api/model';
import { ReviewDetail } from './review-detail';

const VERDICTS: { outcome: Outcome; label: string; key: string; variant: 'primary' | 'danger' | 'outline' }[] = [
  { outcome: 'passed', label: 'Bestanden', key: 'b', variant: 'primary' },
  { outcome: 'faulty', label: 'Fehlerhaft', key: 'f', variant: 'danger' },
  { outcome: 'missing', label: 'Nicht vorhanden', key: 'n', variant: 'outline' },
];

const DONE: Record<Outcome, string> = {
  passed: 'bestanden',
  faulty: 'fehlerhaft (die Werkstatt reicht erneut ein)',
  missing: 'nicht vorhanden (die Werkstatt reicht erneut ein)',
};

/**
 * The auditor's review queue (issue 18): pending submissions oldest first, the invoice and
 * the facts side by side, three verdicts with an optional note to the workshop and keyboard
 * shortcuts (B, F, N); after a verdict the next submission opens. A verdict on a submission
 * with signals asks first (issue 35, decision 033); one without is given at once.
 */
export function ReviewQueueBlock() {
  const queue = useLoad<{ total: number; items: ReviewItem[] } | null>(loadQueue, null);
  const [selected, setSelected] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const items = queue.data?.items ?? [];
  const current = items.find((i) => i.id === selected) ?? items[0] ?? null;
  // The signals as the detail last reported them (a PDF's text adds some once it is read).
  const [liveSignals, setLiveSignals] = useState<Record<string, Signal[]>>({});
  const signals = useMemo(() => (current ? (liveSignals[current.id] ?? current.signals) : []), [current, liveSignals]);
  const [confirming, setConfirming] = useState<Outcome | null>(null);

  const decide = useCallback(
    async (outcome: Outcome) => {
      if (!current || busy) return;
      setBusy(true);
      setError(null);
      setNotice(null);
      try {
        await giveVerdict(current.id, outcome, note);
        setNotice(`Code ${current.code}: ${DONE[outcome]}. Die Werkstatt wird per E-Mail benachrichtigt.`);
        setNote('');
        setSelected(null);
        await queue.reload();
      } catch (err) {
        setError(err instanceof Error ? err.message : REVIEW_MESSAGES.verdictFailed);
        await queue.reload();
      } finally {
        setBusy(false);
      }
    },
    [current, busy, note, queue],
  );

  /** A verdict asked for by key or button: with signals, the confirmation first. */
  const request = useCallback(
    (outcome: Outcome) => {
      if (!current || busy) return;
      if (signals.length > 0) setConfirming(outcome);
      else void decide(outcome);
    },
    [current, busy, signals, decide],
  );

  // The key handler reads the latest request and confirmation, set before the browser paints: a
  // key pressed as soon as a signal shows asks for the confirmation that signal calls for. (Set in
  // an effect, after the paint, a key pressed in between decided without it.)
  const latest = useRef({ request, confirming });
  useLayoutEffect(() => {
    latest.current = { request, confirming };
  });
  // B, F, N decide, unless the auditor is typing (the note, a filter) or a confirmation is open.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || !target || latest.current.confirming) return;
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable) return;
      const verdict = VERDICTS.find((v) => v.key === e.key.toLowerCase());
      if (verdict) {
        e.preventDefault();
        latest.current.request(verdict.outcome);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const asked = VERDICTS.find((v) => v.outcome === confirming);

  return (
    <Block
      title="Prüfwarteschlange"
      help="Einreichungen in Prüfung, die ältesten zuerst. Tastenkürzel: B = Bestanden, F = Fehlerhaft, N = Nicht vorhanden (nicht beim Schreiben im Hinweisfeld)."
    >
      {notice && (
        <Alert tone="success" className="mt-4">
          {notice}
        </Alert>
      )}
      <ErrorAlert message={error} />
      {queue.loading && (
        <div className="mt-4">
          <Spinner label="Wird geladen..." />
        </div>
      )}
      {queue.failed && <ErrorAlert message={REVIEW_MESSAGES.queueFailed} />}
      {!queue.loading && !queue.failed && items.length === 0 && <p className="mt-4 text-slate-700">{REVIEW_MESSAGES.empty}</p>}
      {current && (
        <>
          <p className="mt-4 text-slate-800">
            {countOf(queue.data?.total ?? items.length, 'Einreichung wartet', 'Einreichungen warten')}. Jetzt: Code{' '}
            <strong className="font-mono">{current.code}</strong> von {current.workshop.shopName}, eingereicht am{' '}
            {formatDate(current.created)}.
          </p>
          <nav aria-label="Einreichungen in der Warteschlange" className="mt-2 flex flex-wrap gap-2">
            {items.slice(0, 12).map((i) => (
              <Button
                key={i.id}
                size="sm"
                variant={i.id === current.id ? 'primary' : 'outline'}
                aria-current={i.id === current.id ? 'true' : undefined}
                onClick={() => setSelected(i.id)}
              >
                {i.code}
                {i.signals.length > 0 ? ` (${countOf(i.signals.length, 'Hinweis', 'Hinweise')})` : ''}
              </Button>
            ))}
          </nav>
          <ReviewDetail key={current.id} item={current} onSignals={(fresh) => setLiveSignals((all) => ({ ...all, [current.id]: fresh }))} />
          <div className="mt-4">
            <label htmlFor={noteId} className="block text-sm text-slate-700">
              Hinweis an die Werkstatt (optional, steht in der E-Mail)
            </label>
            <textarea
              id={noteId}
              value={note}
              maxLength={1000}
              onChange={(e) => setNote(e.target.value.replace(/[\r\n\t]+/g, ' '))}
              className="mt-1 h-20 w-full rounded-md border border-slate-400 p-2"
            />
          </div>
          <div className="mt-3 flex flex-wrap gap-3" role="group" aria-label="Ergebnis der Prüfung">
            {VERDICTS.map((v) => (
              <Button
                key={v.outcome}
                variant={v.variant}
                disabled={busy}
                aria-keyshortcuts={v.key.toUpperCase()}
                onClick={() => request(v.outcome)}
              >
                {v.label} ({v.key.toUpperCase()})
              </Button>
            ))}
          </div>
        </>
      )}
      {current && asked && (
        <ConfirmDialog
          title={`Trotz ${countOf(signals.length, 'Hinweis', 'Hinweisen')}: ${asked.label}?`}
          description={`Code ${current.code} von ${current.workshop.shopName}. Das Ergebnis wird sofort gespeichert und der Werkstatt per E-Mail mitgeteilt.`}
          confirmLabel={`${asked.label} bestätigen`}
          confirmVariant={asked.variant}
          busy={busy}
          onConfirm={() => {
            setConfirming(null);
            void decide(asked.outcome);
          }}
          onCancel={() => setConfirming(null)}
        >
          <ul className="mt-3 list-disc pl-5 text-sm text-slate-800">
            {signals.map((s) => (
              <li key={`${s.code}-${s.message}`}>{s.message}</li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
    </Block>
  );
}
