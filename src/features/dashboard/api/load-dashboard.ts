import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { Dashboard } from '../api/model';

/** The dashboard's figures in one answer. */
export const loadDashboard = () => withSession(() => pb.send<Dashboard>('/api/portal/backoffice/dashboard', { requestKey: null }));
