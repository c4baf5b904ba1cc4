import { expireSession, withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { DATA_EXPORT } from '@/rules/privacy';
import { fieldAnswers, topAnswer } from '@/rules/server-answers';
import { berlinIsoDay } from '@/utils/format';
import { saveResponseAs } from '@/utils/save-file';

import { WORKSHOP_MESSAGES } from './model';

/**
 * A workshop's data as the ZIP it would get itself (issue 37), for a request received by letter
 * or phone; the reason goes into the staff log. The file is named after the workshop's id.
 */
export async function downloadWorkshopData(id: string, reason: string): Promise<void> {
  const res = await withSession(() =>
    fetch(pb.buildURL(`/api/portal/backoffice/workshops/${encodeURIComponent(id)}/data-export`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: pb.authStore.token },
      body: JSON.stringify({ reason }),
    }),
  );
  if (res.status === 401) throw expireSession();
  if (res.ok) return saveResponseAs(res, DATA_EXPORT.fileName(berlinIsoDay(new Date())).replace('meine-daten', `daten-${id}`));
  const body = (await res.json().catch(() => null)) as { message?: string; data?: Record<string, { message?: string }> } | null;
  const refused = fieldAnswers(body?.data).reason;
  // PocketBase's own English (issue 58: 'Something went wrong…' for an amount with cents) is a plain failure.
  throw new Error(
    refused ?? (res.status === 400 ? topAnswer(400, body?.message, WORKSHOP_MESSAGES.downloadFailed) : WORKSHOP_MESSAGES.downloadFailed),
  );
}
