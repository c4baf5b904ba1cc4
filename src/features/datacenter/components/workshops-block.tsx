import { useCallback, useEffect, useId, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useLoad } from '@/hooks/use-load';
import { MESSAGES } from '@/rules';
import { VOUCHER_STATUS_LABELS } from '@/rules/labels';
import { countOf, formatDate, formatDateTime, formatMoney } from '@/utils/format';

import { downloadWorkshopData } from '../api/backoffice/download-workshop-data';
import { requestDeletion } from '../api/backoffice/request-deletion';
import { loadWorkshop } from '../api/backoffice/load-workshop';
import { BACKOFFICE_MESSAGES, type Page, type WorkshopStory, type WorkshopSummary } from '../api/backoffice/model';
import { searchWorkshops } from '../api/backoffice/search-workshops';
import { workshopAction } from '../api/backoffice/workshop-action';
import type { MailStatus } from '../api/mail-log/model';
import type { Payout } from '../api/payouts/model';
import { payoutAction } from '../api/payouts/payout-action';
import { MAIL_STATUS_LABELS, MAIL_TEMPLATE_LABELS, PAYOUT_STATUS_LABELS } from '../labels';
import { Block, ErrorAlert } from './block';

const SEARCH_DEBOUNCE_MS = 400;
const SUBMISSION = { pending: 'in Prüfung', passed: 'bestanden', rejected: 'abgelehnt' } as const;
/**
 * Administrators find any workshop (name, shop, e-mail, PLZ, city, customer number, code),
 * read its whole story and act on it; every action asks for a reason and lands in the staff
 * log (issue 19).
 */
export function WorkshopsBlock() {
  const [term, setTerm] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(term.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  const search = useCallback(() => searchWorkshops(q, page), [q, page]);
  const results = useLoad<Page<WorkshopSummary> | null>(search, null);

  return (
    <Block title="Werkstätten" help="Suche nach Name, Werkstatt, E-Mail, PLZ, Ort, Kundennummer oder Cashback-Code.">
      <TextField
        label="Werkstatt suchen"
        type="search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        className="mt-4 sm:max-w-md"
      />
      {removed && (
        <Alert tone="success" className="mt-4">
          {removed}
        </Alert>
      )}
      {results.failed && <ErrorAlert message={BACKOFFICE_MESSAGES.searchFailed} />}
      {results.loading && !results.data && (
        <div className="mt-4">
          <Spinner label="Wird gesucht..." />
        </div>
      )}
      {results.data && (
        <>
          <p className="mt-3 text-sm text-slate-700" aria-live="polite">
            {countOf(results.data.totalItems, 'Werkstatt gefunden', 'Werkstätten gefunden')}
          </p>
          <ul className="mt-2 flex flex-col divide-y divide-slate-200" aria-label="Gefundene Werkstätten">
            {results.data.items.map((w) => (
              <li key={w.id} className="py-2">
                <button
                  type="button"
                  className="w-full rounded text-left hover:bg-slate-50"
                  aria-expanded={selected === w.id}
                  onClick={() => setSelected(selected === w.id ? null : w.id)}
                >
                  <span className="font-semibold break-words text-slate-900">{w.shopName}</span>{' '}
                  <span className="text-sm break-all text-slate-700">
                    · {w.firstName} {w.lastName} · {w.email} · {w.zipCode} {w.city}
                    {!w.verified ? ' · nicht bestätigt' : ''}
                    {w.blocked ? ' · gesperrt' : ''}
                  </span>
                </button>
                {selected === w.id && (
                  <WorkshopDetail
                    id={w.id}
                    onChanged={(fresh) =>
                      results.update((data) =>
                        data ? { ...data, items: data.items.map((item) => (item.id === fresh.id ? { ...item, ...fresh } : item)) } : data,
                      )
                    }
                    onDeleted={() => {
                      // Said above the list, so it stays when the list changes; the workshop leaves the list.
                      setRemoved(
                        `Das Konto von ${w.shopName} wurde gelöscht; die Werkstatt erhält eine Bestätigung per E-Mail. Im Mitarbeiterprotokoll steht der Grund.`,
                      );
                      setSelected(null);
                      results.update((data) =>
                        data ? { ...data, totalItems: data.totalItems - 1, items: data.items.filter((item) => item.id !== w.id) } : data,
                      );
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
          {results.data.totalPages > 1 && (
            <nav aria-label="Seiten der Werkstattsuche" className="mt-3 flex items-center gap-3">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Zurück
              </Button>
              <span className="text-sm text-slate-700">
                Seite {page} von {results.data.totalPages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= results.data.totalPages} onClick={() => setPage((p) => p + 1)}>
                Weiter
              </Button>
            </nav>
          )}
        </>
      )}
    </Block>
  );
}

interface PendingAction {
  title: string;
  description: string;
  run: (reason: string, fields: Record<string, string>) => Promise<unknown>;
  fields?: { name: string; label: string; value: string }[];
  done: string;
}

function WorkshopDetail({
  id,
  onChanged,
  onDeleted,
}: {
  id: string;
  onChanged?: (workshop: WorkshopSummary) => void;
  onDeleted?: () => void;
}) {
  const load = useCallback(() => loadWorkshop(id), [id]);
  const story = useLoad<WorkshopStory | null>(load, null);
  const [action, setAction] = useState<PendingAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (story.loading && !story.data) return <Spinner label="Wird geladen..." />;
  if (story.failed || !story.data) return <ErrorAlert message={BACKOFFICE_MESSAGES.loadFailed} />;
  const s = story.data;
  const w = s.workshop;
  const ask = (a: PendingAction) => {
    setNotice(null);
    setAction(a);
  };

  return (
    <section aria-label={`Werkstatt ${w.shopName}`} className="mt-3 rounded-lg border border-slate-300 bg-slate-50 p-4 text-sm">
      {notice && (
        <Alert tone="success" className="mb-3">
          {notice}
        </Alert>
      )}
      {w.blocked && (
        <Alert tone="warning" className="mb-3">
          Gesperrt: {w.blockedReason}
        </Alert>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <div className="min-w-0">
          <h3 className="text-base font-bold">Kontakt</h3>
          <p className="break-words">
            {w.firstName} {w.lastName}, {w.shopName}
            <br />
            {w.address} {w.streetNumber}, {w.zipCode} {w.city}
            <br />
            <span className="break-all">{w.email}</span>
            {w.phone ? ` · ${w.phone}` : ''}
            <br />
            Registriert am {formatDate(w.created)} · E-Mail {w.verified ? 'bestätigt' : 'nicht bestätigt'}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {!w.verified && (
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  ask({
                    title: 'Bestätigungs-E-Mail erneut senden',
                    description: `Die Werkstatt erhält eine neue Bestätigungs-E-Mail an ${w.email}.`,
                    run: (reason) => workshopAction(id, 'resend-verification', { reason }),
                    done: 'Die Bestätigungs-E-Mail wurde gesendet.',
                  })
                }
              >
                Bestätigungs-E-Mail erneut senden
              </Button>
            )}
            <Button
              size="sm"
              variant={w.blocked ? 'outline' : 'danger'}
              onClick={() =>
                ask({
                  title: w.blocked ? 'Werkstatt entsperren' : 'Werkstatt sperren',
                  description: w.blocked
                    ? 'Die Werkstatt kann danach wieder Cashback-Codes einlösen.'
                    : 'Eine gesperrte Werkstatt kann keine Cashback-Codes einlösen und erhält beim Einlösen einen Hinweis.',
                  run: (reason) => workshopAction(id, w.blocked ? 'unblock' : 'block', { reason }),
                  done: w.blocked ? 'Die Werkstatt ist entsperrt.' : 'Die Werkstatt ist gesperrt.',
                })
              }
            >
              {w.blocked ? 'Entsperren' : 'Sperren'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                ask({
                  title: 'Datenauskunft als ZIP',
                  description:
                    'Alle Daten dieser Werkstatt als ZIP-Datei, wie sie die Werkstatt selbst unter „Meine Daten“ erhält (für eine Anfrage per Brief oder Telefon).',
                  run: (reason) => downloadWorkshopData(id, reason),
                  done: 'Die Datenauskunft wurde heruntergeladen.',
                })
              }
            >
              Datenauskunft (ZIP)
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() =>
                ask({
                  title: 'Konto löschen (Antrag per Brief oder Telefon)',
                  description:
                    'Das Konto wird gelöscht, wie es die Werkstatt selbst unter „Konto löschen“ tun kann. Offene Cashback-Codes verfallen. Ist eine Einreichung in Prüfung oder eine Auszahlung offen, wird die Löschung danach automatisch ausgeführt.',
                  run: async (reason) => {
                    const outcome = await requestDeletion(id, reason, true);
                    if (outcome.state === 'deleted') onDeleted?.();
                    return outcome;
                  },
                  done: 'Die Löschung ist vorgemerkt und läuft nach Abschluss von Einreichungen und Auszahlungen.',
                })
              }
            >
              Konto löschen
            </Button>
          </div>
          <h3 className="mt-4 text-base font-bold">Leistungszentren</h3>
          {s.centres.length === 0 && <p>Keine verknüpft.</p>}
          <ul className="flex flex-col gap-1">
            {s.centres.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-2">
                <span className="break-words">
                  {c.partnerName} (bnr {c.bnr}): Kundennummer {c.customerNumber}
                  {c.gpnr ? `, gpnr ${c.gpnr}` : ''}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    ask({
                      title: 'Kundennummer korrigieren',
                      description: `Verknüpfung mit ${c.partnerName}.`,
                      fields: [
                        { name: 'customerNumber', label: 'Kundennummer', value: c.customerNumber },
                        { name: 'gpnr', label: 'Geschäftspartnernummer (gpnr)', value: c.gpnr },
                      ],
                      run: (reason, fields) => workshopAction(id, 'correct-connection', { reason, connection: c.id, ...fields }),
                      done: 'Die Verknüpfung wurde korrigiert.',
                    })
                  }
                >
                  Korrigieren
                </Button>
              </li>
            ))}
          </ul>
          <h3 className="mt-4 text-base font-bold">Umsatz</h3>
          <p>
            {formatMoney(s.totals.totalSales)} Umsatz · {formatMoney(s.totals.totalCashback)} Cashback · noch{' '}
            {formatMoney(s.totals.toNextCashback)} bis zum nächsten Code
          </p>
        </div>
        <div className="min-w-0">
          <h3 className="text-base font-bold">Cashback-Codes</h3>
          {s.vouchers.length === 0 && <p>Keine.</p>}
          <ul className="flex flex-col gap-1">
            {s.vouchers.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-2">
                <span>
                  <span className="font-mono font-semibold">{v.code}</span> · {VOUCHER_STATUS_LABELS[v.status]} · {formatDate(v.created)}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    ask({
                      title: 'Code-E-Mail erneut senden',
                      description: `Die Werkstatt erhält die E-Mail mit dem Code ${v.code} noch einmal.`,
                      run: (reason) => workshopAction(id, 'resend-code-mail', { reason, voucher: v.id }),
                      done: `Die E-Mail mit dem Code ${v.code} ist in der Warteschlange.`,
                    })
                  }
                >
                  Code-E-Mail erneut senden
                </Button>
              </li>
            ))}
          </ul>
          <h3 className="mt-4 text-base font-bold">Einreichungen</h3>
          {s.submissions.length === 0 && <p>Keine.</p>}
          <ul className="flex flex-col gap-2">
            {s.submissions.map((sub) => (
              <li key={sub.id} className="break-words">
                <span className="font-mono">{sub.code}</span> · {SUBMISSION[sub.status]} · {formatDateTime(sub.created)} · Konto{' '}
                {sub.accountHolder}, <span className="break-all">{sub.iban}</span>
                {sub.history.map((h) => (
                  <span key={h.created} className="block text-slate-700">
                    Prüfung {formatDateTime(h.created)}:{' '}
                    {h.outcome === 'passed' ? 'bestanden' : !h.checked ? 'nicht vorhanden' : 'fehlerhaft'}
                    {h.note ? ` („${h.note}“)` : ''}
                  </span>
                ))}
                {sub.signals.map((sig) => (
                  <span key={sig.message} className="block text-amber-800">
                    Hinweis: {sig.message}
                  </span>
                ))}
              </li>
            ))}
          </ul>
          <h3 className="mt-4 text-base font-bold">Auszahlungen</h3>
          {s.payouts.length === 0 && <p>Keine.</p>}
          <ul className="flex flex-col gap-1">
            {s.payouts.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-2">
                <span className="break-all">
                  {p.endToEndId} · {formatMoney(p.amount)} ·{' '}
                  {p.status === 'paid'
                    ? `ausgezahlt am ${formatDate(p.paidOn)}`
                    : (PAYOUT_STATUS_LABELS[p.status as Payout['status']] ?? p.status)}
                  {p.holdReason ? ` (angehalten: ${p.holdReason})` : ''}
                </span>
                {(p.status === 'payable' || p.status === 'held') && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      ask({
                        title: p.status === 'held' ? 'Auszahlung freigeben' : 'Auszahlung anhalten',
                        description: `Auszahlung zum Code ${p.endToEndId}.`,
                        run: (reason) => payoutAction({ action: p.status === 'held' ? 'unhold' : 'hold', payout: p.id, reason }),
                        done: p.status === 'held' ? 'Die Auszahlung ist wieder auszahlbar.' : 'Die Auszahlung ist angehalten.',
                      })
                    }
                  >
                    {p.status === 'held' ? 'Freigeben' : 'Anhalten'}
                  </Button>
                )}
                {(p.status === 'payable' || p.status === 'held' || p.status === 'in_batch') && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      ask({
                        title: 'Neue Bankdaten anfordern',
                        description: `Auszahlung zum Code ${p.endToEndId}: Sie verlässt ihren noch nicht exportierten Lauf, und die Werkstatt wird per E-Mail gebeten, ihre Bankverbindung neu einzugeben (etwa wenn der Name des Kontoinhabers nicht in SEPA-Zeichen geschrieben werden kann).`,
                        run: (reason) => payoutAction({ action: 'request-bank-details', payout: p.id, reason }),
                        done: 'Die Werkstatt wird um neue Bankdaten gebeten.',
                      })
                    }
                  >
                    Neue Bankdaten anfordern
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <h3 className="mt-4 text-base font-bold">E-Mails</h3>
          {s.mails.length === 0 && <p>Keine.</p>}
          <ul className="flex flex-col gap-1">
            {s.mails.map((m) => (
              <li key={m.id} className="break-words">
                {formatDateTime(m.created)} · {MAIL_TEMPLATE_LABELS[m.template] ?? m.template}
                {m.subject ? `: ${m.subject}` : ''} · {MAIL_STATUS_LABELS[m.status as MailStatus] ?? m.status}
                {m.lastError && m.status !== 'sent' ? ` (${m.lastError})` : ''}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {action && (
        <ActionDialog
          action={action}
          onClose={() => setAction(null)}
          onDone={async () => {
            setNotice(action.done);
            setAction(null);
            const fresh = await story.reload();
            // The list's line ('gesperrt') follows at once, not at the next search (issue 35); the
            // workshop stays in the list even if a corrected field no longer matches the search.
            if (fresh) onChanged?.(fresh.workshop);
          }}
        />
      )}
    </section>
  );
}

function ActionDialog({ action, onClose, onDone }: { action: PendingAction; onClose: () => void; onDone: () => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>(Object.fromEntries((action.fields ?? []).map((f) => [f.name, f.value])));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const submit = async () => {
    setError(null);
    if (!reason.trim()) {
      setError(MESSAGES.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      await action.run(reason.trim(), fields);
      await onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : BACKOFFICE_MESSAGES.actionFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{action.title}</DialogTitle>
        <DialogDescription>{action.description} Der Grund steht im Mitarbeiterprotokoll.</DialogDescription>
        {(action.fields ?? []).map((f) => (
          <TextField
            key={f.name}
            label={f.label}
            className="mt-4"
            value={fields[f.name] ?? ''}
            onChange={(e) => setFields((v) => ({ ...v, [f.name]: e.target.value }))}
          />
        ))}
        <label htmlFor={reasonId} className="mt-4 block text-sm text-slate-700">
          Grund *
        </label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={1000}
          onChange={(e) => setReason(e.target.value.replace(/[\r\n\t]+/g, ' '))}
          className="mt-1 h-20 w-full rounded-md border border-slate-400 p-2"
        />
        <ErrorAlert message={error} />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Abbrechen
          </Button>
          <Button disabled={busy} onClick={() => void submit()}>
            {busy ? 'Wird gespeichert...' : 'Ausführen'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
