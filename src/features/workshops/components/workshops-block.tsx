import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { Block, ErrorAlert, Pager } from '@/components/staff/block';
import { CampaignSelect } from '@/components/staff/campaign-filter';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useLoad } from '@/hooks/use-load';
import { listCampaignOptions } from '@/lib/api/list-campaign-options';
import type { Page } from '@/lib/staff/model';
import { SEARCH_PARAM, WORKSHOP_PARAM } from '@/lib/staff/workshop-link';
import { LIMITS } from '@/rules';
import { countOf } from '@/utils/format';

import { WORKSHOP_MESSAGES, type WorkshopSummary } from '../api/model';
import { searchWorkshops } from '../api/search-workshops';
import { WorkshopDetail } from './workshop-detail';

const SEARCH_DEBOUNCE_MS = 400;

const RECORD_ID = /^[a-z0-9]{15}$/;

/**
 * Administrators find any workshop (name, shop, e-mail, PLZ, city, customer number, code),
 * read its whole story and act on it; every action asks for a reason and lands in the staff
 * log (issue 19).
 */
export function WorkshopsBlock() {
  const [params, setParams] = useSearchParams();
  // The search is in the address (issue 58: it was lost on the browser's back button).
  const [term, setTerm] = useState(() => params.get(SEARCH_PARAM) ?? '');
  const [q, setQ] = useState(() => (params.get(SEARCH_PARAM) ?? '').trim());
  const [page, setPage] = useState(1);
  const asked = params.get(WORKSHOP_PARAM);
  const selected = asked && RECORD_ID.test(asked) ? asked : null;
  const setSelected = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(WORKSHOP_PARAM, id);
        else next.delete(WORKSHOP_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );
  const [removed, setRemoved] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      const next = term.trim();
      if (next === q) return;
      setQ(next);
      setPage(1);
      // A new search closes the story opened before it (issue 58: it stayed beside '0 Werkstätten').
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(SEARCH_PARAM, next);
          else updated.delete(SEARCH_PARAM);
          updated.delete(WORKSHOP_PARAM);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, q, setParams]);

  // Issue 60: only workshops with sales or codes in one campaign, when chosen.
  const [campaign, setCampaign] = useState('');
  const campaigns = useLoad(listCampaignOptions, []);
  const search = useCallback(() => searchWorkshops(q, page, campaign), [q, page, campaign]);
  const results = useLoad<Page<WorkshopSummary> | null>(search, null);

  const detailOf = (id: string) => (
    <WorkshopDetail
      id={id}
      onChanged={(fresh) =>
        results.update((data) =>
          data ? { ...data, items: data.items.map((item) => (item.id === fresh.id ? { ...item, ...fresh } : item)) } : data,
        )
      }
      onDeleted={(shopName) => {
        // Said above the list, so it stays when the list changes; the workshop leaves the list.
        setRemoved(
          `Das Konto von ${shopName} wurde gelöscht; die Werkstatt erhält eine Bestätigung per E-Mail. Im Mitarbeiterprotokoll steht der Grund.`,
        );
        setSelected(null);
        results.update((data) =>
          data ? { ...data, totalItems: data.totalItems - 1, items: data.items.filter((item) => item.id !== id) } : data,
        );
      }}
    />
  );
  // A workshop opened by its address that the current list does not show: its story above the list.
  const openOutsideList = selected !== null && results.data !== null && !results.data.items.some((w) => w.id === selected);

  return (
    <Block title="Werkstätten" help="Suche nach Name, Werkstatt, E-Mail, PLZ, Ort, Kundennummer oder Cashback-Code.">
      <TextField
        label="Werkstatt suchen"
        type="search"
        maxLength={LIMITS.searchMax}
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        className="mt-4 sm:max-w-md"
      />
      <CampaignSelect
        campaigns={campaigns.data}
        value={campaign}
        onChange={(id) => {
          setCampaign(id);
          setPage(1);
        }}
      />
      {removed && (
        <Alert tone="success" className="mt-4">
          {removed}
        </Alert>
      )}
      {openOutsideList && detailOf(selected)}
      {results.failed && <ErrorAlert message={WORKSHOP_MESSAGES.searchFailed} />}
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
                {selected === w.id && detailOf(w.id)}
              </li>
            ))}
          </ul>
          <Pager label="Seiten der Werkstattsuche" page={page} totalPages={results.data.totalPages} onPage={setPage} />
        </>
      )}
    </Block>
  );
}
