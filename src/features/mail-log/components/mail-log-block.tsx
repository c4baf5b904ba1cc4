import { RefreshCw, Send } from 'lucide-react';
import type { ListResult } from 'pocketbase';
import { useCallback, useEffect, useId, useState } from 'react';

import { Block, ErrorAlert, Outcome, Pager } from '@/components/staff/block';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useLoad } from '@/hooks/use-load';
import { MAIL_STATUS_LABELS, MAIL_TEMPLATE_LABELS } from '@/rules/labels';
import { formatDateTime } from '@/utils/format';

import { listMailLog } from '../api/list-mail-log';
import { MAIL_LOG_MESSAGES, type MailLogEntry, type MailStatus } from '../api/model';
import { resendMail } from '../api/resend-mail';

const SEARCH_DEBOUNCE_MS = 400;

/** Every mail the portal sent or will send, failed first, with a resend button for campaign mails (issue 15). */
export function MailLogBlock() {
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [search, setSearch] = useState('');
  const [recipient, setRecipient] = useState('');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();

  useEffect(() => {
    const timer = setTimeout(() => {
      setRecipient(search);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const list = useCallback(() => listMailLog({ page, status, recipient }), [page, status, recipient]);
  const log = useLoad<ListResult<MailLogEntry> | null>(list, null);
  const { data, loading, failed } = log;
  const load = log.reload;

  const resend = async (entry: MailLogEntry) => {
    setNotice(null);
    setError(null);
    try {
      const sent = await resendMail(entry.id);
      setNotice(MAIL_LOG_MESSAGES.resent(sent.recipient, sent.previousRecipient));
      await load();
    } catch (err) {
      setError(err instanceof Error ? err.message : MAIL_LOG_MESSAGES.resendFailed);
    }
  };

  return (
    <Block title="E-Mail-Protokoll" help="Alle E-Mails des Portals mit ihrem Versandstand; fehlgeschlagene zuerst.">
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-64">
          <label htmlFor={statusId} className="block text-sm text-slate-700">
            Status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as MailStatus | '');
              setPage(1);
            }}
            className="mt-1 h-11 w-full rounded-md border border-slate-400 bg-white px-3"
          >
            <option value="">Alle</option>
            {(Object.keys(MAIL_STATUS_LABELS) as MailStatus[]).map((s) => (
              <option key={s} value={s}>
                {MAIL_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Empfänger suchen"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="sm:max-w-sm"
        />
        <Button variant="outline" onClick={() => void load()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Aktualisieren
        </Button>
      </div>
      <Outcome notice={notice} error={error} />
      {loading && !data && (
        <div className="mt-4">
          <Spinner label="Wird geladen..." />
        </div>
      )}
      {failed && <ErrorAlert message={MAIL_LOG_MESSAGES.loadFailed} />}
      {data && data.items.length === 0 && <p className="mt-4 text-slate-700">{MAIL_LOG_MESSAGES.empty}</p>}
      {data && data.items.length > 0 && (
        <ul className="mt-4 flex flex-col divide-y divide-slate-200" aria-label="E-Mails" aria-busy={loading}>
          {data.items.map((m) => (
            <li key={m.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold break-all text-slate-900">{m.recipient}</p>
                <p className="text-sm text-slate-800">
                  {MAIL_TEMPLATE_LABELS[m.template] ?? m.template}
                  {m.subject ? `: ${m.subject}` : ''}
                </p>
                <p className="text-sm">
                  <span className={m.status === 'failed' || m.status === 'given_up' ? 'font-semibold text-red-700' : 'text-slate-700'}>
                    {MAIL_STATUS_LABELS[m.status]}
                  </span>
                  <span className="text-slate-700">
                    {' '}
                    · Erstellt {formatDateTime(m.created)} · {m.sentAt ? `gesendet ${formatDateTime(m.sentAt)}` : `Versuche: ${m.attempts}`}
                    {m.status === 'failed' ? ` · nächster Versuch ${formatDateTime(m.nextAttemptAt)}` : ''}
                  </span>
                </p>
                {m.lastError && m.status !== 'sent' && <p className="text-sm break-all text-red-700">{m.lastError}</p>}
              </div>
              {!m.immediate && (
                <Button
                  variant="outline"
                  size="sm"
                  className="shrink-0 self-start"
                  aria-label={`E-Mail an ${m.recipient} erneut senden`}
                  onClick={() => void resend(m)}
                >
                  <Send aria-hidden="true" className="size-4" />
                  Erneut senden
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pager
          label="Seiten des E-Mail-Protokolls"
          page={page}
          totalPages={data.totalPages}
          onPage={setPage}
          extra={`${data.totalItems} E-Mails`}
        />
      )}
    </Block>
  );
}
