import { ClientResponseError } from 'pocketbase';

import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { AccountError, ACCOUNT_MESSAGES, type DeletionOutcome } from './model';

/** Deletes the account, or has the deletion wait for what is unsettled; refusals as AccountError (German, by field). */
export async function requestAccountDeletion(password: string, forfeitCodes: boolean): Promise<DeletionOutcome> {
  try {
    return await withSession(() =>
      pb.send<DeletionOutcome>('/api/portal/account-deletion', { method: 'POST', body: { password, forfeitCodes }, requestKey: null }),
    );
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 400) {
      const data = (err.response?.data ?? {}) as Record<string, { message?: string }>;
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(data)) if (value?.message) fields[key] = value.message;
      throw new AccountError(String(err.response?.message ?? ACCOUNT_MESSAGES.failed), fields);
    }
    throw new AccountError(ACCOUNT_MESSAGES.failed, {});
  }
}
