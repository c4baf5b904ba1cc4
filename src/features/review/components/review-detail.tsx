import { AlertTriangle } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';

import { protectedFileUrl } from '@/lib/api/protected-file-url';
import { DC_MESSAGES } from '@/lib/staff/files';
import { germanDate, READ_FIELDS, READING, type ReadField } from '@/rules';
import { formatDate, formatDateTime } from '@/utils/format';

import { loadSubmission } from '../api/load-submission';
import type { ReviewItem, Signal } from '../api/model';
import { InvoiceViewer, type Highlight } from './invoice-viewer';
import { ReadingPanel } from './reading-panel';

/** How often a submission still being read is asked for again. */
const READING_POLL_MS = 2000;

/**
 * Everything a review needs side by side: the invoice with the fields the reader found marked on
 * it, and the facts to hold it against (what was read with its confidence, code and its issue
 * date, the workshop with its centres and customer numbers, the account holder beside the
 * workshop's names, the server's signals). While the invoice is still being read the detail asks
 * again until it is. Shared by the queue and the invoice check by id.
 */
export function ReviewDetail({ item: given, onSignals }: { item: ReviewItem; onSignals?: (signals: Signal[]) => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [item, setItem] = useState<ReviewItem>(given);
  const [urlFailed, setUrlFailed] = useState(false);
  const [shownField, setShownField] = useState<ReadField | null>(null);
  const signals = item.signals;
  const facts = { number: item.invoiceNumber, date: item.invoiceDate };

  /** A fresher answer about this submission: kept, and its signals reported to the queue. */
  const refreshed = (fresh: ReviewItem) => {
    setItem((old) => ({ ...fresh, text: fresh.text ?? old.text }));
    onSignals?.(fresh.signals);
  };

  const pending = item.reading.state === 'waiting' || item.reading.state === 'reading';
  useEffect(() => {
    if (!pending) return;
    let live = true;
    const timer = setInterval(() => {
      loadSubmission(item.id).then(
        (fresh) => live && fresh.reading.state !== 'waiting' && fresh.reading.state !== 'reading' && refreshed(fresh),
        (err: unknown) => console.error(err),
      );
    }, READING_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
    // refreshed only sets state and reports; polling restarts only for another submission or state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item.id, pending]);

  const highlights = useMemo<Highlight[]>(
    () =>
      READ_FIELDS.flatMap((field) => {
        const read = item.reading.fields[field];
        return read?.box && read.page
          ? [{ page: read.page, box: read.box, label: READING.fieldLabels[field], active: shownField === field }]
          : [];
      }),
    [item.reading, shownField],
  );
  const quarterTurns = useMemo(() => item.reading.pages.map((p) => p.quarterTurns ?? 0), [item.reading]);

  useEffect(() => {
    let live = true;
    protectedFileUrl({ id: item.id, collectionId: item.collectionId, collectionName: 'submissions' }, item.file).then(
      (u) => live && setUrl(u),
      (err: unknown) => {
        console.error(err);
        if (live) setUrlFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [item.id, item.collectionId, item.file]);

  const label = `Rechnung ${item.id}`;
  const names = `${item.workshop.firstName} ${item.workshop.lastName}`;
  const holderDiffers = item.accountHolder.trim().toLowerCase() !== names.trim().toLowerCase();

  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[3fr_2fr]">
      <div className="min-w-0">
        {url && <InvoiceViewer url={url} pdf={item.pdf} label={label} quarterTurns={quarterTurns} highlights={highlights} />}
        {urlFailed && <p className="text-red-700">{DC_MESSAGES.invoiceFetchFailed}</p>}
      </div>
      <div className="min-w-0 text-sm">
        <section aria-label="Hinweise">
          <h3 className="text-base font-bold text-slate-900">Hinweise</h3>
          {signals.length === 0 ? (
            <p className="mt-1 text-slate-700">{pending ? 'Noch keine Hinweise (die Rechnung wird gelesen).' : 'Keine Hinweise.'}</p>
          ) : (
            <ul className="mt-1 flex flex-col gap-2">
              {signals.map((s) => (
                <li
                  key={`${s.code}${s.message}`}
                  className="flex gap-2 rounded-md border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-amber-950"
                >
                  <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span className="break-words">{s.message}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <ReadingPanel
          item={item}
          shownField={shownField}
          onShow={setShownField}
          onCorrected={refreshed}
          onOpenText={() => {
            if (item.text === undefined) {
              loadSubmission(item.id).then(
                (fresh) => setItem((old) => ({ ...old, text: fresh.text ?? '' })),
                (err: unknown) => {
                  console.error(err);
                  setItem((old) => ({ ...old, text: '' }));
                },
              );
            }
          }}
        />
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-800">
          <dt className="text-slate-700">RechnungsID</dt>
          <dd className="font-mono break-all">{item.id}</dd>
          <dt className="text-slate-700">Code</dt>
          <dd className="font-mono">{item.code}</dd>
          {item.campaignLabel && (
            <>
              <dt className="text-slate-700">Aktion</dt>
              <dd>{item.campaignLabel}</dd>
            </>
          )}
          <dt className="text-slate-700">Code ausgegeben</dt>
          <dd>{formatDate(item.codeIssued)}</dd>
          <dt className="text-slate-700">Eingereicht</dt>
          <dd>{formatDateTime(item.created)}</dd>
          <dt className="text-slate-700">Rechnungsnr.</dt>
          <dd>{facts.number || '-'}</dd>
          <dt className="text-slate-700">Rechnungsdatum</dt>
          <dd>{facts.date ? germanDate(facts.date) : '-'}</dd>
          <dt className="text-slate-700">Werkstatt</dt>
          <dd className="break-words">
            {item.workshop.shopName}, {names}, {item.workshop.zipCode} {item.workshop.city}
            <br />
            <span className="break-all">{item.workshop.email}</span>
          </dd>
          <dt className="text-slate-700">Kontoinhaber</dt>
          <dd className={holderDiffers ? 'font-semibold text-amber-800' : ''}>
            {item.accountHolder}
            {holderDiffers ? ' (weicht vom Namen der Werkstatt ab)' : ''}
          </dd>
          <dt className="text-slate-700">IBAN / BIC</dt>
          <dd className="font-mono break-all">
            {item.iban} / {item.bic}
          </dd>
        </dl>
        <h3 className="mt-4 text-base font-bold text-slate-900">Leistungszentren</h3>
        {item.workshop.centres.length === 0 ? (
          <p className="text-slate-700">Keine verknüpft.</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1">
            {item.workshop.centres.map((c) => (
              <li key={`${c.bnr}${c.customerNumber}`} className="break-words">
                {c.partnerName} (bnr {c.bnr}): Kundennummer {c.customerNumber}
                {c.gpnr ? `, gpnr ${c.gpnr}` : ''}
              </li>
            ))}
          </ul>
        )}
        {item.history.length > 0 && (
          <>
            <h3 className="mt-4 text-base font-bold text-slate-900">Bisherige Prüfungen</h3>
            <ul className="mt-1 flex flex-col gap-1">
              {item.history.map((h) => (
                <li key={h.created}>
                  {formatDateTime(h.created)}: {h.outcome === 'passed' ? 'bestanden' : !h.checked ? 'nicht vorhanden' : 'fehlerhaft'}
                  {h.source === 'correction' ? ' (Korrektur)' : ''}
                  {h.note ? ` („${h.note}“)` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
