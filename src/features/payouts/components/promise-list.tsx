import { ErrorAlert } from '@/components/staff/block';
import { useLoad } from '@/hooks/use-load';
import { PAYOUT_STATUS_LABELS } from '@/rules/labels';
import { countOf, formatDate } from '@/utils/format';

import { listPromise } from '../api/list-promise';
import { PAYOUT_MESSAGES, type Payout, type PromiseItem } from '../api/model';

const LEVEL_CLASS: Record<PromiseItem['level'], string> = {
  ok: 'text-slate-800',
  amber: 'font-semibold text-amber-800',
  red: 'font-semibold text-red-700',
};

/**
 * The 8-week promise: every submission not yet paid, by age since submission: amber after 6
 * weeks, red after 8 (SPEC section 1: up to 8 weeks).
 */
export function PromiseList() {
  const items = useLoad<PromiseItem[]>(listPromise, []);
  return (
    <section aria-label="Auszahlung innerhalb von 8 Wochen" className="mt-6">
      <h3 className="text-lg font-bold">Auszahlung innerhalb von 8 Wochen</h3>
      <p className="text-sm text-slate-700">Noch nicht ausgezahlte Einreichungen, die ältesten zuerst: gelb nach 6 Wochen, rot nach 8.</p>
      {items.failed && <ErrorAlert message={PAYOUT_MESSAGES.loadFailed} />}
      {!items.loading && !items.failed && items.data.length === 0 && (
        <p className="mt-2 text-slate-700">Alle Einreichungen sind ausgezahlt.</p>
      )}
      {items.data.length > 0 && (
        <ul className="mt-2 flex flex-col divide-y divide-slate-200" aria-label="Noch nicht ausgezahlte Einreichungen">
          {items.data.map((i) => (
            <li key={i.submission} className="py-2 text-sm break-all">
              <span className="font-mono font-semibold">{i.code}</span> · {i.shopName} · eingereicht am {formatDate(i.submitted)} ·{' '}
              <span className={LEVEL_CLASS[i.level]}>
                {countOf(i.days, 'Tag', 'Tage')}
                {i.level === 'red' ? ' (über 8 Wochen)' : i.level === 'amber' ? ' (über 6 Wochen)' : ''}
              </span>{' '}
              ·{' '}
              {i.status === 'pending'
                ? 'in Prüfung'
                : i.payoutStatus
                  ? PAYOUT_STATUS_LABELS[i.payoutStatus as Payout['status']]
                  : 'bestanden'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
