import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { WorkshopStory } from './model';

/** One workshop's whole story: profile, centres, totals, codes, submissions, payouts, mails. */
export const loadWorkshop = (id: string) =>
  withSession(() => pb.send<WorkshopStory>(`/api/portal/backoffice/workshops/${encodeURIComponent(id)}`, { requestKey: null }));
