import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useLoad } from '@/hooks/use-load';
import { logout } from '@/lib/auth';
import { MESSAGES, RETENTION } from '@/rules';
import { showNotice } from '@/stores/notice';
import { countOf, formatDateTime, formatDay } from '@/utils/format';

import { loadDeletionPreview } from '../api/load-deletion-preview';
import { AccountError, ACCOUNT_MESSAGES, type DeletionPreview } from '../api/model';
import { requestAccountDeletion } from '../api/request-account-deletion';
import { withdrawAccountDeletion } from '../api/withdraw-account-deletion';

export const DELETION_MESSAGES = {
  loadFailed: 'Die Angaben zur Löschung konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
  deletedNow: [
    'Ihre Anmeldedaten, Ihr Name, Ihre Anschrift und Telefonnummer',
    'Ihre Leistungszentren und Kundennummern, Ihre Umsätze und Summen',
    'Ihre Cashback-Codes und Einreichungen mit Bankdaten, Rechnungen und Prüfergebnissen',
    'die E-Mails, die das Portal an Sie geschickt hat',
  ],
} as const;

/** The kept booking vouchers in one sentence, with the last day of their period. */
function keptText(preview: DeletionPreview): string {
  if (preview.kept.length === 0) return 'Nichts: Sie haben keine abgeschlossene Auszahlung, die wir aufbewahren müssten.';
  const last = preview.kept
    .map((k) => k.keepUntil)
    .sort()
    .at(-1)!;
  return `${preview.kept.length === 1 ? 'Ihre Auszahlung' : `Ihre ${preview.kept.length} Auszahlungen`} mit der zugehörigen Rechnung als Buchungsbeleg (Name des Kontoinhabers, IBAN, Betrag, Datum, Rechnung), weil das Steuer- und Handelsrecht es verlangt (${RETENTION.bookingVoucherBasis}): ${RETENTION.bookingVoucherYears} Jahre ab Ende des Jahres der Auszahlung, also bis zum ${formatDay(last)}. Nur unsere Administratoren können sie einsehen, für diesen Zweck allein; danach werden sie gelöscht.`;
}

/** '1 Einreichung geprüft und 2 Auszahlungen abgeschlossen': what a deferred deletion waits for. */
function waitingText(w: DeletionPreview['waitingFor']): string {
  const parts = [
    w.submissions > 0 ? `${countOf(w.submissions, 'Einreichung', 'Einreichungen')} geprüft` : '',
    w.payouts > 0 ? `${countOf(w.payouts, 'Auszahlung', 'Auszahlungen')} abgeschlossen` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(' und ')} ${w.submissions + w.payouts === 1 ? 'ist' : 'sind'}` : 'alles abgeschlossen ist';
}

/** 'Konto löschen' (issue 37): what goes now, what is kept and why, the password, the open codes. */
export function AccountDeletionPage() {
  const preview = useLoad<DeletionPreview | null>(loadDeletionPreview, null);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [forfeit, setForfeit] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [deferred, setDeferred] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [withdrawn, setWithdrawn] = useState<string | null>(null);
  const p = preview.data;

  /** Takes the waiting deletion back (issue 58): the account stays as it is. */
  const withdraw = async () => {
    setError(null);
    setDeferred(null);
    setBusy(true);
    try {
      const { message } = await withdrawAccountDeletion();
      setWithdrawn(message);
      await preview.reload();
    } catch (err) {
      setError(err instanceof AccountError ? err.message : ACCOUNT_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setDeferred(null);
    setWithdrawn(null);
    if (!password) {
      setFieldErrors({ password: MESSAGES.currentPasswordRequired });
      return;
    }
    if (p && p.openCodes > 0 && !forfeit) {
      setFieldErrors({ forfeitCodes: MESSAGES.deletionForfeitRequired(p.openCodes) });
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const outcome = await requestAccountDeletion(password, forfeit);
      if (outcome.state === 'deleted') {
        logout();
        showNotice(outcome.message, 'info');
        await navigate(paths.home.getHref());
        return;
      }
      setDeferred(outcome.message);
      setPassword('');
      await preview.reload();
    } catch (err) {
      if (err instanceof AccountError && Object.keys(err.fields).length > 0) setFieldErrors(err.fields);
      else setError(err instanceof AccountError ? err.message : ACCOUNT_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Konto löschen</h1>
        <p className="mt-2 text-slate-700">
          Hier löschen Sie Ihr Konto bei der NORA Cashback-Aktion. Vorher können Sie unter{' '}
          <Link to={paths.profile.getHref()} className="font-medium text-brand-700 underline">
            Profil → Meine Daten
          </Link>{' '}
          alles herunterladen, was das Portal über Sie gespeichert hat.
        </p>
      </div>
      {preview.loading && !p && <Spinner label="Wird geladen..." />}
      {preview.failed && !p && <Alert tone="error">{DELETION_MESSAGES.loadFailed}</Alert>}
      {p && (
        <>
          {p.requestedAt && (
            <Alert tone="warning">
              Sie haben die Löschung am {formatDateTime(p.requestedAt)} beantragt. Sie wird automatisch ausgeführt, sobald{' '}
              {waitingText(p.waitingFor)}.
              <span className="mt-3 block">
                <Button variant="outline" disabled={busy} onClick={() => void withdraw()}>
                  {busy ? 'Wird zurückgenommen...' : 'Löschung zurücknehmen'}
                </Button>
              </span>
            </Alert>
          )}
          {withdrawn && <Alert tone="success">{withdrawn}</Alert>}
          <section aria-labelledby="deleted-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="deleted-heading" className="text-xl font-bold">
              Was gelöscht wird
            </h2>
            <ul className="mt-3 list-disc pl-6 text-slate-800">
              {DELETION_MESSAGES.deletedNow.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <p className="mt-3 text-slate-700">
              Danach können Sie sich nicht mehr anmelden. Mit derselben E-Mail-Adresse können Sie sich später neu registrieren.
            </p>
          </section>
          <section aria-labelledby="kept-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="kept-heading" className="text-xl font-bold">
              Was wir aufbewahren müssen
            </h2>
            <p className="mt-3 text-slate-800">{keptText(p)}</p>
          </section>
          {(p.waitingFor.submissions > 0 || p.waitingFor.payouts > 0) && !p.requestedAt && (
            <Alert tone="info">
              Ihre Löschung müsste warten, bis {waitingText(p.waitingFor)}. Sie können sie jetzt beantragen; sie wird dann automatisch
              ausgeführt.
            </Alert>
          )}
          {!p.requestedAt && (
            <form
              noValidate
              onSubmit={(e) => void submit(e)}
              aria-labelledby="confirm-heading"
              className="rounded-xl border border-red-200 bg-white p-6 shadow-sm"
            >
              <h2 id="confirm-heading" className="text-xl font-bold">
                Löschung bestätigen
              </h2>
              <div className="mt-4 flex max-w-md flex-col gap-4">
                {deferred && <Alert tone="success">{deferred}</Alert>}
                {error && <Alert tone="error">{error}</Alert>}
                <TextField
                  label="Aktuelles Passwort"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={fieldErrors.password}
                />
                {p.openCodes > 0 && (
                  <CheckboxField
                    label={`Ich verzichte auf ${p.openCodes === 1 ? 'meinen offenen Cashback-Code' : `meine ${p.openCodes} offenen Cashback-Codes`}; ${p.openCodes === 1 ? 'er verfällt' : 'sie verfallen'} mit der Löschung.`}
                    checked={forfeit}
                    onChange={(e) => setForfeit(e.target.checked)}
                    error={fieldErrors.forfeitCodes}
                  />
                )}
                <Button type="submit" variant="danger" disabled={busy} className="self-start">
                  {busy ? 'Wird gelöscht...' : 'Konto endgültig löschen'}
                </Button>
              </div>
            </form>
          )}
          {deferred && p.requestedAt && <Alert tone="success">{deferred}</Alert>}
          {error && p.requestedAt && <Alert tone="error">{error}</Alert>}
        </>
      )}
    </div>
  );
}
