import { Banknote } from 'lucide-react';
import { useCallback, useId, useState } from 'react';

import { Block, ErrorAlert, Outcome } from '@/components/staff/block';
import { CampaignSelect } from '@/components/staff/campaign-filter';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLoad } from '@/hooks/use-load';
import { countOtherAdministrators } from '@/lib/api/count-other-administrators';
import { payoutAction } from '@/lib/api/payout-action';

import { listBatches } from '../api/list-batches';
import { listCampaignOptions } from '@/lib/api/list-campaign-options';
import { PAYOUT_MESSAGES, type PayoutBatch } from '../api/model';
import { payoutCounts } from '../api/payout-counts';
import { BatchItem } from './batch-item';
import { PromiseList } from './promise-list';
import type { Run } from './run';

/**
 * Payouts for administrators (DECISIONS section 6): create a batch of the payable payouts,
 * release it with a second administrator, export the SEPA file and CSV, confirm it as
 * executed, record returned payments; and the 8-week promise.
 */
export function PayoutsBlock() {
  // Issue 60: the counts and each batch's payouts of one campaign, or of all.
  const [campaign, setCampaign] = useState('');
  const campaigns = useLoad(listCampaignOptions, []);
  const loadCounts = useCallback(() => payoutCounts(campaign), [campaign]);
  const counts = useLoad(loadCounts, { payable: 0, held: 0 });
  const batches = useLoad<PayoutBatch[]>(listBatches, []);
  const others = useLoad<number | null>(countOtherAdministrators, null);
  const [limit, setLimit] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const limitId = useId();
  const reload = useCallback(async () => {
    await Promise.all([counts.reload(), batches.reload()]);
  }, [counts, batches]);

  // Runs an action; its refusal shows in the block, or where `onError` shows it (a dialog
  // hides the rest of the page while it is open).
  const run: Run = async (action, success, onError) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    onError?.(null);
    try {
      await action();
      setNotice(success);
      await reload();
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : PAYOUT_MESSAGES.actionFailed;
      if (onError) onError(message);
      else setError(message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Block
      title="Auszahlungen"
      help="Jede bestandene Einreichung wird eine Auszahlung. Ein Auszahlungslauf fasst die auszahlbaren zusammen; ein zweiter Administrator gibt ihn frei, dann wird die SEPA-Datei (pain.001) für die Bank erstellt."
    >
      <CampaignSelect campaigns={campaigns.data} value={campaign} onChange={setCampaign} />
      {counts.failed || batches.failed ? <ErrorAlert message={PAYOUT_MESSAGES.loadFailed} /> : null}
      <p className="mt-4 text-slate-800">
        Auszahlbar: <strong>{counts.data.payable}</strong> · Angehalten: <strong>{counts.data.held}</strong>
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div>
          <label htmlFor={limitId} className="block text-sm text-slate-700">
            Höchstzahl je Lauf (optional)
          </label>
          <input
            id={limitId}
            type="number"
            min={1}
            inputMode="numeric"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            className="mt-1 h-11 w-40 rounded-md border border-slate-400 px-3"
          />
        </div>
        <Button
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const batch = await payoutAction<PayoutBatch>({ action: 'create', limit: limit ? Number(limit) : undefined });
              setLimit('');
              return batch;
            }, 'Der Auszahlungslauf wurde erstellt. Ein anderer Administrator muss ihn freigeben.')
          }
        >
          <Banknote aria-hidden="true" className="size-4" />
          Auszahlungslauf erstellen
        </Button>
      </div>
      <Outcome notice={notice} error={error} />
      {batches.loading ? (
        <div className="mt-4">
          <Spinner label="Wird geladen..." />
        </div>
      ) : batches.data.length === 0 ? (
        <p className="mt-4 text-slate-700">Noch kein Auszahlungslauf.</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-4" aria-label="Auszahlungsläufe">
          {batches.data.map((b) => (
            <BatchItem key={b.id} batch={b} busy={busy} run={run} otherAdministrators={others.data} campaign={campaign} />
          ))}
        </ul>
      )}
      <PromiseList />
    </Block>
  );
}
