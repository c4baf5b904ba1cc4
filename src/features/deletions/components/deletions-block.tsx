import { Link } from 'react-router';

import { Block, ListState } from '@/components/staff/block';
import { Alert } from '@/components/ui/alert';
import { useLoad } from '@/hooks/use-load';
import { workshopHref } from '@/lib/staff/workshop-link';
import { countOf, formatDate, formatDateTime } from '@/utils/format';

import { listDeletions } from '../api/list-deletions';
import type { PendingDeletion } from '../api/model';

/** Days left until the answer is due (negative: overdue). */
function daysLeft(dueBy: string, now = new Date()): number {
  return Math.floor((new Date(dueBy).getTime() - now.getTime()) / 86_400_000);
}

/** The deletions that wait (issue 37): what for, and when the GDPR's month runs out. */
export function DeletionsBlock() {
  const list = useLoad<PendingDeletion[] | null>(listDeletions, null);
  const items = list.data ?? [];
  return (
    <Block
      title="Löschanträge"
      help="Kontolöschungen, die auf die Prüfung von Einreichungen oder den Abschluss von Auszahlungen warten. Sie laufen danach von selbst; beantwortet sein müssen sie innerhalb eines Monats (Art. 12 Abs. 3 DSGVO)."
    >
      <ListState
        loading={list.loading && !list.data}
        error={list.failed ? 'Die Löschanträge konnten nicht geladen werden.' : null}
        empty={false}
      />
      {list.data && items.length === 0 && <p className="mt-4 text-slate-700">Keine wartenden Löschanträge.</p>}
      {items.length > 0 && (
        <ul aria-label="Wartende Löschanträge" className="mt-4 flex flex-col gap-2">
          {items.map((d) => {
            const left = daysLeft(d.dueBy);
            return (
              <li key={d.id} className="rounded-md border border-slate-200 p-3 text-sm">
                <p className="font-semibold break-words">
                  <Link to={workshopHref(d.id)} className="text-brand-700 underline hover:text-brand-800">
                    {d.shopName}
                  </Link>{' '}
                  · <span className="break-all">{d.email}</span>
                </p>
                <p>
                  Beantragt am {formatDateTime(d.requestedAt)}; wartet auf{' '}
                  {[
                    d.waitingFor.submissions > 0
                      ? countOf(d.waitingFor.submissions, 'Einreichung in Prüfung', 'Einreichungen in Prüfung')
                      : '',
                    d.waitingFor.payouts > 0 ? countOf(d.waitingFor.payouts, 'offene Auszahlung', 'offene Auszahlungen') : '',
                  ]
                    .filter(Boolean)
                    .join(' und ') || 'den nächsten Lauf (alles abgeschlossen)'}
                  .
                </p>
                {left <= 7 ? (
                  <Alert tone="warning" className="mt-2">
                    {left < 0 ? `Antwortfrist seit ${formatDate(d.dueBy)} überschritten.` : `Antwortfrist endet am ${formatDate(d.dueBy)}.`}
                  </Alert>
                ) : (
                  <p>Antwortfrist bis {formatDate(d.dueBy)}.</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Block>
  );
}
