import { useEffect, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { fetchCampaignClock, type CampaignClock } from '@/lib/api/campaign-clock';
import { formatDateTime } from '@/utils/format';

/** What a pinned campaign clock means, in one sentence (decision 035). */
export function clockNote(clock: CampaignClock): string {
  return (
    `Demo: Die Aktionsuhr steht auf ${formatDateTime(clock.campaignNow)} Uhr. Aktions- und Einlösezeitraum richten sich nach ihr; ` +
    'alle anderen Zeiten (erstellt, ausgezahlt, Protokolle) sind echte Zeiten.'
  );
}

/**
 * Shown where a rule depends on the campaign clock (the redemption, the data area), and only
 * when the clock is pinned: in production nothing is shown.
 */
export function CampaignClockNote({ className }: { className?: string }) {
  const [clock, setClock] = useState<CampaignClock | null>(null);
  useEffect(() => {
    let live = true;
    void fetchCampaignClock().then((c) => live && setClock(c));
    return () => {
      live = false;
    };
  }, []);
  if (!clock?.pinned) return null;
  return (
    <Alert tone="info" className={className}>
      {clockNote(clock)}
    </Alert>
  );
}
