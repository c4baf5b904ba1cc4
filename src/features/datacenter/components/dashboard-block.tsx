import { lazy, Suspense } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { useLoad } from '@/hooks/use-load';

import { loadDashboard } from '../api/backoffice/load-dashboard';
import { BACKOFFICE_MESSAGES, type Dashboard } from '../api/backoffice/model';
import { Block, ErrorAlert } from './block';

// The chart library is only fetched when an administrator opens the data area.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

function Loading() {
  return (
    <p className="mt-4 text-slate-700">
      <Spinner label="Kennzahlen werden geladen …" />
    </p>
  );
}

/** The campaign at a glance (issue 19): figures from the server, charts lazy-loaded. */
export function DashboardBlock() {
  const figures = useLoad<Dashboard | null>(loadDashboard, null);
  return (
    <Block title="Kampagne auf einen Blick" help="Registrierungen, Umsätze, Codes, Prüfrückstand und Auszahlungen der laufenden Kampagne.">
      {figures.failed && <ErrorAlert message={BACKOFFICE_MESSAGES.dashboardFailed} />}
      {figures.loading && !figures.data && <Loading />}
      {figures.data && (
        <Suspense fallback={<Loading />}>
          <DashboardCharts figures={figures.data} />
        </Suspense>
      )}
    </Block>
  );
}
