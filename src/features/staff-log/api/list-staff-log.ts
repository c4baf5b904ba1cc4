import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { type Page, query } from '@/lib/staff/model';

import type { LogFilters, StaffLogEntry } from './model';

/** One page of the staff log, filtered. */
export const listStaffLog = (filters: LogFilters, page: number) =>
  withSession(() =>
    pb.send<Page<StaffLogEntry>>('/api/portal/backoffice/staff-log', { query: query({ ...filters, page }), requestKey: null }),
  );
