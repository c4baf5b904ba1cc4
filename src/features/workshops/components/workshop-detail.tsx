import { useCallback, useState } from 'react';

import { ErrorAlert } from '@/components/staff/block';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useLoad } from '@/hooks/use-load';

import { loadWorkshop } from '../api/load-workshop';
import { WORKSHOP_MESSAGES, type WorkshopStory, type WorkshopSummary } from '../api/model';
import { ActionDialog, type PendingAction } from './action-dialog';
import { WorkshopAccount, WorkshopCentres, WorkshopCodes, WorkshopMails, WorkshopPayouts, WorkshopSubmissions } from './workshop-story';

/** A workshop's whole story, as the back office reads and changes it (issue 19). */
export function WorkshopDetail({
  id,
  onChanged,
  onDeleted,
}: {
  id: string;
  onChanged?: (workshop: WorkshopSummary) => void;
  onDeleted?: (shopName: string) => void;
}) {
  const load = useCallback(() => loadWorkshop(id), [id]);
  const story = useLoad<WorkshopStory | null>(load, null);
  const [action, setAction] = useState<PendingAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (story.loading && !story.data) return <Spinner label="Wird geladen..." />;
  if (story.failed || !story.data) return <ErrorAlert message={WORKSHOP_MESSAGES.loadFailed} />;
  const s = story.data;
  const w = s.workshop;
  const ask = (a: PendingAction) => {
    setNotice(null);
    setAction(a);
  };

  return (
    <section aria-label={`Werkstatt ${w.shopName}`} className="mt-3 rounded-lg border border-slate-300 bg-slate-50 p-4 text-sm">
      {notice && (
        <Alert tone="success" className="mb-3">
          {notice}
        </Alert>
      )}
      {w.blocked && (
        <Alert tone="warning" className="mb-3">
          Gesperrt: {w.blockedReason}
        </Alert>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <div className="min-w-0">
          <WorkshopAccount story={s} id={id} ask={ask} onDeleted={() => onDeleted?.(w.shopName)} />
          <WorkshopCentres story={s} id={id} ask={ask} />
        </div>
        <div className="min-w-0">
          <WorkshopCodes story={s} id={id} ask={ask} />
          <WorkshopSubmissions story={s} id={id} ask={ask} />
          <WorkshopPayouts story={s} id={id} ask={ask} />
          <WorkshopMails story={s} id={id} ask={ask} />
        </div>
      </div>
      {action && (
        <ActionDialog
          action={action}
          onClose={() => setAction(null)}
          onDone={async () => {
            setNotice(action.done);
            setAction(null);
            const fresh = await story.reload();
            // The list's line ('gesperrt') follows at once, not at the next search (issue 35); the
            // workshop stays in the list even if a corrected field no longer matches the search.
            if (fresh) onChanged?.(fresh.workshop);
          }}
        />
      )}
    </section>
  );
}
