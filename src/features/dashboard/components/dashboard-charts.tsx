import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Rectangle, ResponsiveContainer, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';

import { formatMoney } from '@/utils/format';

import type { Dashboard } from '../api/model';

const count = new Intl.NumberFormat('de-DE');
const percent = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 1 });

/** '2025-W37' → 'KW 37/2025'. */
const weekLabel = (week: string) => {
  const m = /^(\d{4})-W(\d{2})$/.exec(week);
  return m ? `KW ${Number(m[2])}/${m[1]}` : week;
};

const PROMISE: Record<string, string> = { ok: 'bis 6 Wochen', amber: '6–8 Wochen', red: 'über 8 Wochen' };

// Colours with at least 3:1 contrast against white (WCAG non-text contrast).
const BLUE = '#1d4ed8';
const GREEN = '#15803d';
const AMBER = '#b45309';
const RED = '#b91c1c';
const SLATE = '#475569';
type Level = 'ok' | 'amber' | 'red';
const LEVEL_COLOURS: Record<Level, string> = { ok: GREEN, amber: AMBER, red: RED };

/**
 * One chart with its figures: the chart is a picture for sighted users, the table beneath it
 * carries the same numbers for screen readers and for copying.
 */
function Figure({
  title,
  summary,
  chart,
  head,
  rows,
}: {
  title: string;
  summary?: string;
  chart: ReactNode;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <figure className="min-w-0 rounded-lg border border-slate-200 p-4">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      {summary && <p className="mt-1 text-sm text-slate-700">{summary}</p>}
      <div className="mt-3 h-56 w-full" aria-hidden="true">
        {rows.length ? chart : <p className="pt-16 text-center text-sm text-slate-700">Noch keine Daten.</p>}
      </div>
      {rows.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-700">Zahlen als Tabelle</summary>
          <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label={`${title}: Zahlen`}>
            <table className="w-full text-left">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  {head.map((h) => (
                    <th key={h} scope="col" className="px-2 py-1 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={String(row[0])} className="border-t border-slate-100">
                    {row.map((cell, i) => (
                      <td key={i} className="px-2 py-1 tabular-nums">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </figure>
  );
}

const axis = { fontSize: 12, fill: '#334155' };
const millions = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });
/** Axis ticks in euros: '12.500 €', '2,4 Mio. €'. */
const euroTick = (v: number) => (Math.abs(v) >= 1e6 ? `${millions.format(v / 1e6)} Mio. €` : `${count.format(v)} €`);

function Bars({ data, bars, x, money }: { data: object[]; bars: [string, string, string][]; x: string; money?: boolean }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 4, right: 8, bottom: 4, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={x} tick={axis} />
        <YAxis
          tick={axis}
          allowDecimals={false}
          width={money ? 84 : 40}
          tickFormatter={(v: number) => (money ? euroTick(v) : count.format(v))}
        />
        <Tooltip formatter={(v) => (money ? formatMoney(Number(v)) : count.format(Number(v)))} />
        {bars.length > 1 && <Legend />}
        {bars.map(([key, name, fill]) => (
          <Bar key={key} dataKey={key} name={name} fill={fill} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The dashboard's charts (issue 19); loaded lazily with the chart library. */
export default function DashboardCharts({ figures }: { figures: Dashboard }) {
  const { workshops, codes } = figures;
  const verifiedShare = workshops.total ? workshops.verified / workshops.total : 0;
  const registrations = figures.registrations.map((r) => ({ ...r, label: weekLabel(r.week) }));
  const sales = figures.sales.map((s) => ({ ...s, label: weekLabel(s.week) }));
  const codeBars = [
    { label: 'Ausgegeben', n: codes.issued },
    { label: 'Offen', n: codes.open },
    { label: 'In Prüfung', n: codes.audit },
    { label: 'Geprüft', n: codes.closed },
    { label: 'Ausgezahlt', n: codes.paid },
  ];
  const promise = figures.promise.map((p) => ({ label: PROMISE[p.level] ?? p.level, n: p.n, level: p.level }));
  return (
    <div className="mt-4 flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Werkstätten', count.format(workshops.total)],
          ['Bestätigt', `${count.format(workshops.verified)} (${percent.format(verifiedShare)})`],
          ['Codes ausgegeben', count.format(codes.issued)],
          ['Ausgezahlt', count.format(codes.paid)],
        ].map(([term, value]) => (
          <div key={term} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">{term}</dt>
            <dd className="text-2xl font-bold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <Figure
          title="Registrierungen pro Woche"
          summary={`${percent.format(verifiedShare)} der Werkstätten haben ihre E-Mail-Adresse bestätigt.`}
          chart={
            <Bars
              data={registrations}
              x="label"
              bars={[
                ['total', 'Registriert', BLUE],
                ['verified', 'Bestätigt', GREEN],
              ]}
            />
          }
          head={['Woche', 'Registriert', 'Bestätigt']}
          rows={registrations.map((r) => [r.label, count.format(r.total), count.format(r.verified)])}
        />
        <Figure
          title="Umsatz pro Woche"
          summary="Nach Lieferdatum der importierten Umsätze."
          chart={<Bars data={sales} x="label" money bars={[['total', 'Umsatz', BLUE]]} />}
          head={['Woche', 'Umsatz', 'Zeilen']}
          rows={sales.map((s) => [s.label, formatMoney(s.total), count.format(s.rows)])}
        />
        <Figure
          title="Codes"
          chart={<Bars data={codeBars} x="label" bars={[['n', 'Codes', BLUE]]} />}
          head={['Stand', 'Anzahl']}
          rows={codeBars.map((c) => [c.label, count.format(c.n)])}
        />
        <Figure
          title="Prüfrückstand nach Alter"
          summary="Eingereichte Rechnungen, die noch auf die Prüfung warten."
          chart={<Bars data={figures.backlog} x="bucket" bars={[['n', 'Einreichungen', AMBER]]} />}
          head={['Alter', 'Einreichungen']}
          rows={figures.backlog.map((b) => [b.bucket, count.format(b.n)])}
        />
        <Figure
          title="Auszahlungsversprechen (8 Wochen)"
          summary="Offene Einreichungen nach Zeit seit dem Einreichen."
          chart={
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={promise} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={axis} />
                <YAxis tick={axis} allowDecimals={false} />
                <Tooltip formatter={(v) => count.format(Number(v))} />
                <Bar
                  dataKey="n"
                  name="Einreichungen"
                  isAnimationActive={false}
                  shape={(props: BarShapeProps) => (
                    <Rectangle {...props} fill={LEVEL_COLOURS[(props.payload as { level: Level }).level] ?? SLATE} />
                  )}
                />
              </BarChart>
            </ResponsiveContainer>
          }
          head={['Seit dem Einreichen', 'Einreichungen']}
          rows={promise.map((p) => [p.label, count.format(p.n)])}
        />
        <Figure
          title="Servicecenter mit den meisten Werkstätten"
          chart={
            <Bars data={figures.centres.map((c) => ({ ...c, label: c.name }))} x="label" bars={[['workshops', 'Werkstätten', GREEN]]} />
          }
          head={['Servicecenter', 'Ort', 'Werkstätten']}
          rows={figures.centres.map((c) => [c.name, c.city, count.format(c.workshops)])}
        />
      </div>
    </div>
  );
}
