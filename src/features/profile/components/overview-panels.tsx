import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { countOf, formatDate, formatMoney } from '@/utils/format';

import { PROFILE_MESSAGES, voucherLabel, type CampaignStats, type Stats, type Voucher } from '../api/model';

/** '-' when missing, '0 €' when negative (SPEC section 9). */
export function formatNextCashback(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '-';
  return formatMoney(Math.max(0, value));
}

/** The totals of one campaign, under its label when the workshop took part in several. */
function Figures({ stats, label }: { stats: Stats | null; label?: string }) {
  return (
    <div className="mt-4">
      {label && <h3 className="text-base font-semibold text-slate-900">{label}</h3>}
      <dl className="mt-2 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-700">Ihr Cashback</dt>
          <dd className="text-2xl font-bold text-brand-800">{formatMoney(stats?.totalCashback)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Ihr Umsatz</dt>
          <dd className="text-2xl font-bold text-brand-800">{formatMoney(stats?.totalSales)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Bis zum nächsten Cashback</dt>
          <dd className="text-2xl font-bold text-brand-800">{formatNextCashback(stats?.toNextCashback)}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * 'Ihre Cashback-Übersicht': the campaign in force's totals; a workshop with sales or codes in
 * more than one campaign sees each campaign's under its label, the one in force first (issue 60).
 */
export function StatsPanel({
  stats,
  perCampaign = [],
  loading,
  failed,
}: {
  stats: Stats | null;
  perCampaign?: CampaignStats[];
  loading: boolean;
  failed: boolean;
}) {
  const several = perCampaign.length > 1 ? [...perCampaign].sort((a, b) => Number(b.active) - Number(a.active)) : null;
  return (
    <section aria-labelledby="stats-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="stats-heading" className="text-xl font-bold">
        Ihre Cashback-Übersicht
      </h2>
      {loading ? (
        <div className="mt-4">
          <Spinner label="Wird geladen..." />
        </div>
      ) : failed ? (
        <Alert tone="error" className="mt-4">
          {PROFILE_MESSAGES.statsFailed}
        </Alert>
      ) : (
        (several ?? [null]).map((c) => <Figures key={c?.campaign ?? 'one'} stats={c ?? stats} label={c?.label} />)
      )}
    </section>
  );
}

/**
 * The way to /cashback: a bright call to action while a code is open, quiet otherwise (the
 * link stays, so a code from a mail can still be typed in). null: not known yet.
 */
export function RedeemPanel({
  openCodes,
  deadline = null,
}: {
  openCodes: number | null;
  deadline?: { until: string; daysLeft: number } | null;
}) {
  const quiet = openCodes === 0;
  return (
    <Link
      to={paths.cashback.getHref()}
      className={
        quiet
          ? 'flex items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-6 text-slate-800 shadow-sm transition hover:border-brand-600'
          : 'flex items-center justify-between gap-4 rounded-xl bg-accent-500 p-6 text-slate-950 shadow-sm transition hover:bg-accent-400'
      }
    >
      <span>
        <span className="block text-xl font-bold">Cashback einlösen</span>
        <span className="block text-sm">
          {quiet
            ? 'Sie haben gerade keinen offenen Cashback-Code. Sobald Sie einen erhalten, lösen Sie ihn hier ein.'
            : openCodes && openCodes > 1
              ? `${openCodes} offene Codes: Rechnung hochladen, Code und Bankverbindung eingeben.`
              : 'Rechnung hochladen, Code und Bankverbindung eingeben.'}
        </span>
        {!quiet && deadline && (
          <span className="mt-2 block text-sm font-semibold">
            Einlösen bis zum {formatDate(deadline.until)}: noch {countOf(deadline.daysLeft, 'Tag', 'Tage')}.
          </span>
        )}
      </span>
      <ArrowRight aria-hidden="true" className="size-7 shrink-0" />
    </Link>
  );
}

export function VoucherTable({ vouchers, loading, failed }: { vouchers: Voucher[]; loading: boolean; failed: boolean }) {
  return (
    <section aria-labelledby="vouchers-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="vouchers-heading" className="text-xl font-bold">
        Ihre Cashback-Codes
      </h2>
      {loading && (
        <div className="mt-4">
          <Spinner label="Wird geladen..." />
        </div>
      )}
      {!loading && failed && (
        <Alert tone="error" className="mt-4">
          {PROFILE_MESSAGES.vouchersFailed}
        </Alert>
      )}
      {!loading && !failed && vouchers.length === 0 && (
        <p className="mt-4 text-slate-700">
          Sie haben noch keine Cashback-Codes. Ab 500 € Umsatz erhalten Sie Ihren ersten Code per E-Mail.
        </p>
      )}
      {!loading && !failed && vouchers.length > 0 && (
        // Phones get one card per code, wider screens the table.
        <ul className="mt-4 flex flex-col gap-3 sm:hidden" aria-label="Cashback-Codes">
          {vouchers.map((v) => (
            <li key={v.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="font-mono text-base font-semibold">{v.code}</p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-700">
                <dt>Status</dt>
                <dd className="font-medium text-slate-900">{voucherLabel(v)}</dd>
                <dt>Erstellt am</dt>
                <dd>{formatDate(v.created)}</dd>
                <dt>Aktion</dt>
                <dd>{v.campaignLabel}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {!loading && !failed && vouchers.length > 0 && (
        <div className="mt-4 hidden overflow-x-auto sm:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Cashback-Codes mit Status, Erstellungsdatum und Aktion</caption>
            <thead>
              <tr className="border-b-2 border-slate-300">
                <th scope="col" className="py-2 pr-4">
                  Code
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4">
                  Erstellt am
                </th>
                <th scope="col" className="py-2">
                  Aktion
                </th>
              </tr>
            </thead>
            <tbody>
              {vouchers.map((v) => (
                <tr key={v.id} className="border-b border-slate-200">
                  <td className="py-2 pr-4 font-mono font-semibold">{v.code}</td>
                  <td className="py-2 pr-4">{voucherLabel(v)}</td>
                  <td className="py-2 pr-4">{formatDate(v.created)}</td>
                  <td className="py-2">{v.campaignLabel}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
