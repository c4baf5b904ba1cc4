import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { Block, ErrorAlert } from '@/components/staff/block';
import { CampaignSelect } from '@/components/staff/campaign-filter';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { VERDICT_UNDO_SECONDS } from '@/config/ui';
import { useLoad } from '@/hooks/use-load';
import { LIMITS } from '@/rules';
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
 * with signals asks first (issue 35, decision 033; 'Abbrechen' has the focus); every verdict is
 * held for VERDICT_UNDO_SECONDS with 'Rückgängig' before it is sent (issue 58).
 */
export function ReviewQueueBlock() {
  const [campaign, setCampaign] = useState('');
  const load = useCallback(() => loadQueue(campaign), [campaign]);
  const queue = useLoad<Awaited<ReturnType<typeof loadQueue>> | null>(load, null);
  const [selected, setSelected] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  // The verdict given last, held for VERDICT_UNDO_SECONDS before it is sent (issue 58): one key
  // or click is never final. A second verdict sends the held one first. The ref is the held
  // verdict for the timers and the unmount (set together with the state).
  const [held, setHeld] = useState<Held | null>(null);
  const heldRef = useRef<Held | null>(null);
  const hold = (verdict: Held | null) => {
    heldRef.current = verdict;
    setHeld(verdict);
  };
  const heldId = held?.id;
  const items = useMemo(() => (queue.data?.items ?? []).filter((i) => i.id !== heldId), [queue.data, heldId]);
  const current = items.find((i) => i.id === selected) ?? items[0] ?? null;
  // The signals as the detail last reported them (a PDF's text adds some once it is read).
  const [liveSignals, setLiveSignals] = useState<Record<string, Signal[]>>({});
  const signals = useMemo(() => (current ? (liveSignals[current.id] ?? current.signals) : []), [current, liveSignals]);
  const [confirming, setConfirming] = useState<Outcome | null>(null);
  const signalCount = (i: ReviewItem) => (liveSignals[i.id] ?? i.signals).length;

  const send = useCallback(
    async (verdict: Held) => {
      setBusy(true);
      setError(null);
      try {
        await giveVerdict(verdict.id, verdict.outcome, verdict.note);
        setNotice(`Code ${verdict.code}: ${DONE[verdict.outcome]}. Die Werkstatt wird per E-Mail benachrichtigt.`);
      } catch (err) {
        setError(err instanceof Error ? err.message : REVIEW_MESSAGES.verdictFailed);
      } finally {
        setBusy(false);
        await queue.reload();
      }
    },
    [queue],
  );

  /** Sends the held verdict now (its time is up, another verdict follows, or 'Jetzt speichern'). */
  const release = useCallback(() => {
    const verdict = heldRef.current;
    if (!verdict) return Promise.resolve();
    hold(null);
    return send(verdict);
  }, [send]);

  const decide = useCallback(
    (outcome: Outcome) => {
      if (!current || busy) return;
      const previous = heldRef.current;
      const verdict: Held = { id: current.id, code: current.code, outcome, note, due: Date.now() + VERDICT_UNDO_SECONDS * 1000 };
      hold(verdict);
      setNotice(null);
      setNote('');
      setSelected(null);
      if (previous) void send(previous);
    },
    [current, busy, note, send],
  );

  const undo = useCallback(() => {
    const verdict = heldRef.current;
    if (!verdict) return;
    hold(null);
    setSelected(verdict.id);
    setNote(verdict.note);
    setNotice(`Code ${verdict.code}: zurückgenommen. Es wurde nichts gespeichert und nichts verschickt.`);
  }, []);

  // The held verdict goes out when its time is up; leaving the queue sends it at once, closing
  // the tab first asks (the browser's own question).
  useEffect(() => {
    if (!held) return;
    const timer = window.setTimeout(() => void release(), Math.max(0, held.due - Date.now()));
    const onLeave = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('beforeunload', onLeave);
    };
  }, [held, release]);
  useEffect(
    () => () => {
      const verdict = heldRef.current;
      if (verdict) void giveVerdict(verdict.id, verdict.outcome, verdict.note).catch(() => undefined);
    },
    [],
  );

  /** A verdict asked for by key or button: with signals, the confirmation first. */
  const request = useCallback(
    (outcome: Outcome) => {
      if (!current || busy) return;
      if (signals.length > 0) setConfirming(outcome);
      else decide(outcome);
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
      <CampaignSelect campaigns={queue.data?.campaigns ?? []} value={campaign} onChange={setCampaign} />
      {notice && (
        <Alert tone="success" className="mt-4">
          {notice}
        </Alert>
      )}
      {held && <HeldVerdict held={held} onUndo={undo} onNow={() => void release()} />}
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
                {/* The signals as the detail reported them last (a PDF's text adds some once it is read; issue 58). */}
                {signalCount(i) > 0 ? ` (${countOf(signalCount(i), 'Hinweis', 'Hinweise')})` : ''}
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
              maxLength={LIMITS.reasonMax}
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
          description={`Code ${current.code} von ${current.workshop.shopName}. Das Ergebnis wird nach ${VERDICT_UNDO_SECONDS} Sekunden gespeichert und der Werkstatt per E-Mail mitgeteilt; bis dahin können Sie es zurücknehmen.`}
          confirmLabel={`${asked.label} bestätigen`}
          confirmVariant={asked.variant}
          busy={busy}
          onConfirm={() => {
            setConfirming(null);
            decide(asked.outcome);
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

interface Held {
  id: string;
  code: string;
  outcome: Outcome;
  note: string;
  /** When it is sent (ms since the epoch). */
  due: number;
}

/** The held verdict with its seconds left, 'Rückgängig' and 'Jetzt speichern'. */
function HeldVerdict({ held, onUndo, onNow }: { held: Held; onUndo: () => void; onNow: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((held.due - now) / 1000));
  return (
    <div
      role="status"
      aria-label="Ergebnis wird gespeichert"
      className="mt-4 flex flex-wrap items-center gap-3 rounded-md border border-amber-400 bg-amber-50 p-3"
    >
      <p className="text-slate-900">
        Code <span className="font-mono">{held.code}</span>: {DONE[held.outcome]}. Wird in {left} s gespeichert und der Werkstatt
        mitgeteilt.
      </p>
      <Button size="sm" variant="outline" onClick={onUndo}>
        Rückgängig
      </Button>
      <Button size="sm" variant="ghost" onClick={onNow}>
        Jetzt speichern
      </Button>
    </div>
  );
}
