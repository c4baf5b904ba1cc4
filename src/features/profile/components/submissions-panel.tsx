import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { protectedFileUrl } from '@/lib/api/protected-file-url';
import { SUBMISSION_STATUS_LABELS } from '@/rules/labels';
import { formatDate } from '@/utils/format';

import { PROFILE_MESSAGES, payoutLabel, type MySubmission } from '../api/model';

export const SUBMISSIONS_MESSAGES = {
  empty:
    'Sie haben noch keine Rechnung eingereicht. Mit einem offenen Cashback-Code reichen Sie Ihre Rechnung unter „Cashback einlösen“ ein.',
  invoiceFailed: 'Die Rechnung konnte nicht geöffnet werden. Bitte versuchen Sie es später erneut.',
} as const;

/** 'Meine Einreichungen' (issue 35): each redemption with its state, bank account, invoice, the audit's note and the payout. */
export function SubmissionsPanel({ submissions, loading, failed }: { submissions: MySubmission[]; loading: boolean; failed: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const open = async (s: MySubmission) => {
    setError(null);
    setOpening(s.id);
    try {
      window.open(await protectedFileUrl({ id: s.id, collectionName: 'submissions' }, s.file), '_blank', 'noopener');
    } catch (err) {
      console.error(err);
      setError(SUBMISSIONS_MESSAGES.invoiceFailed);
    } finally {
      setOpening(null);
    }
  };

  return (
    <section aria-labelledby="submissions-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="submissions-heading" className="text-xl font-bold">
        Meine Einreichungen
      </h2>
      {loading && (
        <div className="mt-4">
          <Spinner label="Wird geladen..." />
        </div>
      )}
      {!loading && failed && (
        <Alert tone="error" className="mt-4">
          {PROFILE_MESSAGES.submissionsFailed}
        </Alert>
      )}
      {!loading && !failed && submissions.length === 0 && <p className="mt-4 text-slate-700">{SUBMISSIONS_MESSAGES.empty}</p>}
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      {!loading && !failed && submissions.length > 0 && (
        <ul className="mt-4 flex flex-col gap-3" aria-label="Einreichungen">
          {submissions.map((s) => (
            <li key={s.id} className="rounded-md border border-slate-200 p-4 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-mono text-base font-semibold">{s.code}</p>
                <p className="font-semibold text-slate-900">{SUBMISSION_STATUS_LABELS[s.status] ?? s.status}</p>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
                <dt>Eingereicht am</dt>
                <dd>{formatDate(s.created)}</dd>
                <dt>Konto</dt>
                <dd>
                  {s.accountHolder} · <span className="font-mono">{s.iban}</span>
                </dd>
                <dt>Auszahlung</dt>
                <dd className="font-medium text-slate-900">{payoutLabel(s)}</dd>
                {s.note && (
                  <>
                    <dt>Hinweis der Prüfung</dt>
                    <dd className="whitespace-pre-line">{s.note}</dd>
                  </>
                )}
              </dl>
              {s.file && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="mt-3"
                  disabled={opening === s.id}
                  aria-label={`Rechnung zu ${s.code} ansehen`}
                  onClick={() => void open(s)}
                >
                  {opening === s.id ? 'Wird geöffnet...' : 'Rechnung ansehen'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
