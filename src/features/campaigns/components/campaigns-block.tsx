import { Plus } from 'lucide-react';
import { useState } from 'react';

import { Block, ErrorAlert } from '@/components/staff/block';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLoad } from '@/hooks/use-load';
import { CAMPAIGN_PHASE_LABELS } from '@/rules/campaigns';
import { berlinDay } from '@/rules/dates';

import { createCampaign } from '../api/create-campaign';
import { listCampaigns } from '../api/list-campaigns';
import { CAMPAIGN_UI_MESSAGES, type AdminCampaign } from '../api/model';
import { CampaignEditor } from './campaign-editor';

const day = (value: string) => (value ? berlinDay(value).date : '-');

/** The staff job 'Aktionen' (issue 60): every campaign with its phase, a new one from the latest, one open for editing. */
export function CampaignsBlock() {
  const campaigns = useLoad(listCampaigns, { campaignNow: '', items: [] as AdminCampaign[] });
  const [openId, setOpenId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = campaigns.data.items.find((c) => c.id === openId) ?? null;
  const replace = (c: AdminCampaign) => campaigns.update((d) => ({ ...d, items: d.items.map((x) => (x.id === c.id ? c : x)) }));

  const create = async () => {
    setError(null);
    setBusy(true);
    try {
      const fresh = await createCampaign();
      campaigns.update((d) => ({ ...d, items: [fresh, ...d.items] }));
      setOpenId(fresh.id);
    } catch (err) {
      setError(err instanceof Error ? err.message : CAMPAIGN_UI_MESSAGES.createFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Block
      title="Aktionen"
      help="Eine neue Aktion beginnt als Kopie der letzten, ein Jahr später. Ein zweiter Administrator gibt sie frei; ab Aktionsbeginn sind Beträge, Präfix und vergangene Termine eingefroren, Texte bleiben änderbar (jede Änderung ist eine Version)."
    >
      <div className="mt-4">
        <Button disabled={busy} onClick={() => void create()}>
          <Plus aria-hidden="true" className="size-4" />
          {busy ? 'Wird angelegt...' : 'Neue Aktion'}
        </Button>
      </div>
      <ErrorAlert message={error} />
      <ErrorAlert message={campaigns.failed ? CAMPAIGN_UI_MESSAGES.loadFailed : null} />
      {campaigns.loading ? (
        <div className="mt-4">
          <Spinner label="Wird geladen..." />
        </div>
      ) : campaigns.data.items.length === 0 ? (
        <p className="mt-4 text-slate-700">{CAMPAIGN_UI_MESSAGES.empty}</p>
      ) : (
        <ul aria-label="Aktionen" className="mt-4 flex flex-col gap-2">
          {campaigns.data.items.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-3 text-sm">
              <span className="font-semibold">{c.name}</span>
              <span className="rounded bg-slate-100 px-2 py-0.5">{CAMPAIGN_PHASE_LABELS[c.phase]}</span>
              <span>
                {day(c.campaignStart)} bis {day(c.campaignEnd)}, einlösen bis {day(c.redeemEnd)}
              </span>
              <Button
                variant="outline"
                size="sm"
                className="sm:ml-auto"
                aria-expanded={openId === c.id}
                onClick={() => setOpenId(openId === c.id ? null : c.id)}
              >
                {openId === c.id ? 'Schließen' : `${c.name} bearbeiten`}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open && <CampaignEditor key={open.id} campaign={open} onChange={replace} />}
    </Block>
  );
}
