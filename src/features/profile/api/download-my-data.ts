import { expireSession, withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { MESSAGES } from '@/rules';
import { fieldAnswers, topAnswer } from '@/rules/server-answers';
import { DATA_EXPORT } from '@/rules/privacy';
import { berlinIsoDay } from '@/utils/format';
import { saveResponseAs } from '@/utils/save-file';

import { AccountError } from './model';

/**
 * 'Meine Daten herunterladen' (issue 37): the server puts everything it holds about the workshop
 * into a ZIP, after checking the password; the browser saves it. A refusal comes back as
 * AccountError with the server's German message (wrong password on its field, the wait as text).
 */
export async function downloadMyData(password: string): Promise<void> {
  const res = await withSession(() =>
    fetch(pb.buildURL('/api/portal/my-data'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: pb.authStore.token },
      body: JSON.stringify({ password }),
    }),
  );
  if (res.status === 401) throw expireSession();
  if (res.ok) return saveResponseAs(res, DATA_EXPORT.fileName(berlinIsoDay(new Date())));
  const body = (await res.json().catch(() => null)) as { message?: string; data?: Record<string, { message?: string }> } | null;
  const fields = fieldAnswers(body?.data);
  // 400 and 429 carry the rulebook's German message; PocketBase's own English (issue 58: 'Something
  // went wrong…' for an amount with cents) and anything else is a plain failure.
  const said = res.status === 400 || res.status === 429 ? topAnswer(res.status, body?.message, MESSAGES.exportFailed) : undefined;
  throw new AccountError(said ?? MESSAGES.exportFailed, fields);
}
