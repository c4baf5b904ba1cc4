import { lazy, Suspense, useCallback, useState } from 'react';

import { Block, ErrorAlert } from '@/components/staff/block';
import { CampaignSelect } from '@/components/staff/campaign-filter';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useLoad } from '@/hooks/use-load';
import { formatDateTime } from '@/utils/format';

import { loadDashboard } from '../api/load-dashboard';
import { DASHBOARD_MESSAGES, type Dashboard } from '../api/model';

// The chart library is only fetched when an administrator opens the data area.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

function Loading() {
  return (
    <p className="mt-4 text-slate-700">
      <Spinner label="Kennzahlen werden geladen …" />
    </p>
  );
}

/** A replica more than this far behind is shown as a warning. */
const LAG_WARNING_SECONDS = 5;

/** The portal's copies (issue 38, decision 037): the replica's last write and lag, the last full backup. */
export function CopiesNote({ copies }: { copies: Dashboard['copies'] }) {
  const { replica } = copies;
  const backup = `Letzte Vollsicherung: ${copies.lastBackupAt ? formatDateTime(copies.lastBackupAt) : 'noch keine'}.`;
  let text: string;
  let behind = false;
  if (!replica.configured) {
    text =
      'Kein Replikat eingerichtet (PORTAL_REPLICA_URL): Bei einem Ausfall der Platte gehen alle Änderungen seit der letzten Vollsicherung verloren.';
    behind = true;
  } else if (!replica.lastWriteAt && replica.kind === 's3') {
    // Litestream run without `npm start`'s watch of it: nothing to measure the S3 replica by.
    text = 'Replikat (S3) eingerichtet; sein Rückstand wird hier nicht gemessen.';
  } else if (!replica.lastWriteAt) {
    text = 'Replikat eingerichtet, aber noch nichts geschrieben.';
    behind = true;
  } else {
    const lag = replica.lagSeconds;
    behind = lag === null || lag > LAG_WARNING_SECONDS;
    const name = replica.kind === 's3' ? 'Replikat (S3)' : 'Replikat';
    const lagText = lag === null ? 'Rückstand unbekannt' : `Rückstand ${lag.toLocaleString('de-DE')} s`;
    text = `${name} zuletzt geschrieben: ${formatDateTime(replica.lastWriteAt)}, ${lagText}.`;
  }
  return (
    <Alert tone={behind ? 'warning' : 'info'} className="mt-4">
      <span className="font-semibold">Datensicherung: </span>
      {text} {backup}
    </Alert>
  );
}

/** The campaign at a glance (issue 19): figures from the server, charts lazy-loaded. */
export function DashboardBlock() {
  const [campaign, setCampaign] = useState('');
  const load = useCallback(() => loadDashboard(campaign), [campaign]);
  const figures = useLoad<Dashboard | null>(load, null);
  return (
    <Block
      title="Kampagne auf einen Blick"
      help="Registrierungen, Umsätze, Codes, Prüfrückstand und Auszahlungen. Umsätze, Codes und Auszahlungen zeigen die gewählte Aktion (zuerst die laufende)."
    >
      {figures.data && (
        <CampaignSelect
          campaigns={(figures.data.campaigns ?? []).map((c) => ({ id: c.id, label: c.active ? `${c.label} (läuft)` : c.label }))}
          value={figures.data.campaign?.id ?? ''}
          onChange={setCampaign}
          allLabel={null}
        />
      )}
      {figures.failed && <ErrorAlert message={DASHBOARD_MESSAGES.failed} />}
      {figures.loading && !figures.data && <Loading />}
      {figures.data?.copies && <CopiesNote copies={figures.data.copies} />}
      {figures.data && (
        <Suspense fallback={<Loading />}>
          <DashboardCharts figures={figures.data} />
        </Suspense>
      )}
    </Block>
  );
}
