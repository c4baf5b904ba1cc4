import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { Dashboard } from '../api/model';

/** The dashboard's figures in one answer. */
/** The figures of `campaign`, or of the campaign in force when none is given. */
export const loadDashboard = (campaign = '') =>
  withSession(() =>
    pb.send<Dashboard>('/api/portal/backoffice/dashboard', { requestKey: null, query: campaign ? { campaign } : undefined }),
  );
