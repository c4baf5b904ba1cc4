import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { query } from '@/lib/staff/model';
import { saveResponseAs } from '@/utils/save-file';

import { STAFF_LOG_MESSAGES, type LogFilters } from './model';

/** The filtered staff log as CSV, saved under its name. */
export async function downloadStaffLog(filters: LogFilters) {
  try {
    const params = new URLSearchParams(query({ ...filters }) as Record<string, string>);
    const res = await withSession(() =>
      fetch(pb.buildURL(`/api/portal/backoffice/staff-log.csv?${params}`), { headers: { Authorization: pb.authStore.token } }),
    );
    await saveResponseAs(res, 'mitarbeiterprotokoll.csv');
  } catch (err) {
    console.error(err);
    throw new Error(STAFF_LOG_MESSAGES.downloadFailed);
  }
}
