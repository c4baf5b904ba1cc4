import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { type Page, query } from '@/lib/staff/model';

import type { WorkshopSummary } from './model';

/** One page of workshops matching the search words; with sales or codes in `campaign` when given (issue 60). */
export const searchWorkshops = (q: string, page: number, campaign = '') =>
  withSession(() =>
    pb.send<Page<WorkshopSummary>>('/api/portal/backoffice/workshops', {
      query: query({ q, page, campaign: campaign || undefined }),
      requestKey: null,
    }),
  );
