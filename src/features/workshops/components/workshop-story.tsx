import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { payoutAction } from '@/lib/api/payout-action';
import type { Payout } from '@/lib/staff/model';
import { MAIL_STATUS_LABELS, MAIL_TEMPLATE_LABELS, PAYOUT_STATUS_LABELS, VOUCHER_STATUS_LABELS, type MailStatus } from '@/rules/labels';
import { formatDate, formatDateTime, formatMoney } from '@/utils/format';

import { downloadWorkshopData } from '../api/download-workshop-data';
import type { WorkshopStory } from '../api/model';
import { requestDeletion } from '../api/request-deletion';
import { workshopAction } from '../api/workshop-action';
import type { PendingAction } from './action-dialog';

// The parts of a workshop's story in the back office (issue 36), each with its own actions.
// Every action goes through `ask`: the dialog takes its reason, and the staff log keeps it.

const SUBMISSION = { pending: 'in Prüfung', passed: 'bestanden', rejected: 'abgelehnt' } as const;

/** A part's heading, and what it says when the part has nothing to list. */
function PartTitle({ title, first = false, empty = null }: { title: string; first?: boolean; empty?: string | null }) {
  return (
    <>
      <h3 className={first ? 'text-base font-bold' : 'mt-4 text-base font-bold'}>{title}</h3>
      {empty && <p>{empty}</p>}
    </>
  );
}

export interface PartProps {
  story: WorkshopStory;
  id: string;
  ask: (action: PendingAction) => void;
  onDeleted?: () => void;
}

/** Contact, sign-up state and the actions on the whole account. */
export function WorkshopAccount({ story: s, id, ask, onDeleted }: PartProps) {
  const w = s.workshop;
  return (
    <>
      <PartTitle title="Kontakt" first />
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
      <UserId id={id} />
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
    </>
  );
}

/** The linked service centres with customer and business partner numbers, each correctable; the sales. */
export function WorkshopCentres({ story: s, id, ask }: PartProps) {
  return (
    <>
      <PartTitle title="Leistungszentren" empty={s.centres.length === 0 ? 'Keine verknüpft.' : null} />
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
      <PartTitle title="Umsatz" />
      <p>
        {formatMoney(s.totals.totalSales)} Umsatz · {formatMoney(s.totals.totalCashback)} Cashback · noch{' '}
        {formatMoney(s.totals.toNextCashback)} bis zum nächsten Code
      </p>
      {(s.totalsByCampaign?.length ?? 0) > 1 && (
        <ul aria-label="Umsatz je Aktion" className="mt-1">
          {s.totalsByCampaign!.map((t) => (
            <li key={t.label}>
              {t.label}: {formatMoney(t.totalSales)} Umsatz · {formatMoney(t.totalCashback)} Cashback
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The cashback codes, each with its mail to send again. */
export function WorkshopCodes({ story: s, id, ask }: PartProps) {
  return (
    <>
      <PartTitle title="Cashback-Codes" first empty={s.vouchers.length === 0 ? 'Keine.' : null} />
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
    </>
  );
}

/** The redemptions with their audits and the review signals. */
export function WorkshopSubmissions({ story: s }: PartProps) {
  return (
    <>
      <PartTitle title="Einreichungen" empty={s.submissions.length === 0 ? 'Keine.' : null} />
      <ul className="flex flex-col gap-2">
        {s.submissions.map((sub) => (
          <li key={sub.id} className="break-words">
            <span className="font-mono">{sub.code}</span> · {SUBMISSION[sub.status]} · {formatDateTime(sub.created)} · Konto{' '}
            {sub.accountHolder}, <span className="break-all">{sub.iban}</span>
            {sub.history.map((h) => (
              <span key={h.created} className="block text-slate-700">
                Prüfung {formatDateTime(h.created)}: {h.outcome === 'passed' ? 'bestanden' : !h.checked ? 'nicht vorhanden' : 'fehlerhaft'}
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
    </>
  );
}

/** The payouts, held, released or with new bank details requested. */
export function WorkshopPayouts({ story: s, ask }: PartProps) {
  return (
    <>
      <PartTitle title="Auszahlungen" empty={s.payouts.length === 0 ? 'Keine.' : null} />
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
    </>
  );
}

/** The mails sent to the workshop. */
export function WorkshopMails({ story: s }: PartProps) {
  return (
    <>
      <PartTitle title="E-Mails" empty={s.mails.length === 0 ? 'Keine.' : null} />
      <ul className="flex flex-col gap-1">
        {s.mails.map((m) => (
          <li key={m.id} className="break-words">
            {formatDateTime(m.created)} · {MAIL_TEMPLATE_LABELS[m.template] ?? m.template}
            {m.subject ? `: ${m.subject}` : ''} · {MAIL_STATUS_LABELS[m.status as MailStatus] ?? m.status}
            {m.lastError && m.status !== 'sent' ? ` (${m.lastError})` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The workshop's User-ID, the `user` column of the sales files (issue 58: administrators had to
 * find it elsewhere): shown, selectable and copied with one click.
 */
function UserId({ id }: { id: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
      User-ID <code className="rounded bg-slate-100 px-1 font-mono select-all">{id}</code>
      <Button size="sm" variant="ghost" onClick={() => void copy()}>
        User-ID kopieren
      </Button>
      {/* Announced, without being the story's status (that one reports the actions). */}
      <span aria-live="polite" className="text-slate-700">
        {copied === true ? 'Kopiert.' : copied === false ? 'Kopieren nicht möglich: bitte markieren und mit Strg+C kopieren.' : ''}
      </span>
    </p>
  );
}
