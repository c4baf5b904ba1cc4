import { Download } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';

import { Block, ErrorAlert, Pager } from '@/components/staff/block';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useLoad } from '@/hooks/use-load';
import type { Page } from '@/lib/staff/model';
import { staffLogLabel } from '@/rules';
import { formatDateTime } from '@/utils/format';

import { downloadStaffLog } from '../api/download-staff-log';
import { listStaffLog } from '../api/list-staff-log';
import { STAFF_LOG_MESSAGES, type LogFilters, type StaffLogEntry } from '../api/model';

const ACTIONS: [string, string][] = [
  ['', 'Alle'],
  ['workshop.', 'Werkstätten'],
  ['sales_import.', 'Umsatzimporte und Freigaben'],
  ['audit_results.', 'Prüfdateien'],
  ['review.', 'Prüfergebnisse in der Warteschlange'],
  ['partner_numbers.', 'Geschäftspartnernummern'],
  ['payout', 'Auszahlungen'],
  ['mail.', 'E-Mails'],
];

/** A before or after value as 'feld: wert, …'. */
function describe(value: StaffLogEntry['before']): string {
  if (value === null || typeof value !== 'object') return String(value ?? '');
  return Object.entries(value)
    .map(([key, v]) => `${key}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v === '' ? '–' : v)}`)
    .join(', ');
}

/** The append-only staff log (issue 19): filterable, paginated, downloadable as CSV. */
export function StaffLogBlock() {
  const [filters, setFilters] = useState<LogFilters>({ action: '', actor: '', target: '' });
  const [typed, setTyped] = useState({ actor: '', target: '' });
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const actionId = useId();

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((f) => ({ ...f, actor: typed.actor.trim(), target: typed.target.trim() }));
      setPage(1);
    }, 400);
    return () => clearTimeout(timer);
  }, [typed]);

  const load = useCallback(() => listStaffLog(filters, page), [filters, page]);
  const log = useLoad<Page<StaffLogEntry> | null>(load, null);

  return (
    <Block title="Mitarbeiterprotokoll" help="Wer hat wann was warum geändert. Einträge können nicht geändert oder gelöscht werden.">
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div>
          <label htmlFor={actionId} className="block text-sm text-slate-700">
            Aktion
          </label>
          <select
            id={actionId}
            value={filters.action}
            onChange={(e) => {
              setFilters((f) => ({ ...f, action: e.target.value }));
              setPage(1);
            }}
            className="mt-1 h-11 w-full rounded-md border border-slate-400 bg-white px-3 sm:w-64"
          >
            {ACTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Wer (E-Mail)"
          value={typed.actor}
          onChange={(e) => setTyped((t) => ({ ...t, actor: e.target.value }))}
          className="sm:max-w-xs"
        />
        <TextField
          label="Ziel-ID"
          value={typed.target}
          onChange={(e) => setTyped((t) => ({ ...t, target: e.target.value }))}
          className="sm:max-w-xs"
        />
        <Button variant="outline" onClick={() => void downloadStaffLog(filters).catch((e: Error) => setError(e.message))}>
          <Download aria-hidden="true" className="size-4" />
          Als CSV herunterladen
        </Button>
      </div>
      <ErrorAlert message={error} />
      {log.failed && <ErrorAlert message={STAFF_LOG_MESSAGES.logFailed} />}
      {log.loading && !log.data && (
        <div className="mt-4">
          <Spinner label="Wird geladen..." />
        </div>
      )}
      {log.data && log.data.items.length === 0 && <p className="mt-4 text-slate-700">Keine Einträge.</p>}
      {log.data && log.data.items.length > 0 && (
        <ul className="mt-4 flex flex-col divide-y divide-slate-200 text-sm" aria-label="Einträge des Mitarbeiterprotokolls">
          {log.data.items.map((entry) => (
            <li key={entry.id} className="py-2 break-words">
              <span className="font-semibold text-slate-900">{staffLogLabel(entry.action)}</span> · {formatDateTime(entry.created)} ·{' '}
              <span className="break-all">{entry.actorEmail || 'System'}</span>
              {entry.targetId ? (
                <>
                  {' '}
                  · {entry.targetCollection} <span className="font-mono break-all">{entry.targetId}</span>
                </>
              ) : null}
              {entry.reason && <span className="block text-slate-800">Grund: {entry.reason}</span>}
              {(entry.before || entry.after) && (
                <span className="block font-mono text-xs break-all text-slate-700">
                  {entry.before ? `vorher: ${describe(entry.before)}` : ''} {entry.after ? `nachher: ${describe(entry.after)}` : ''}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {log.data && <Pager label="Seiten des Mitarbeiterprotokolls" page={page} totalPages={log.data.totalPages} onPage={setPage} />}
    </Block>
  );
}
