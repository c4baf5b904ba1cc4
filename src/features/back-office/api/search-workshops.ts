import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { type Page, query, type WorkshopSummary } from './model';

/** One page of workshops matching the search words. */
export const searchWorkshops = (q: string, page: number) =>
  withSession(() => pb.send<Page<WorkshopSummary>>('/api/portal/backoffice/workshops', { query: query({ q, page }), requestKey: null }));
