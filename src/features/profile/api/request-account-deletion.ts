import { ClientResponseError } from 'pocketbase';

import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import { fieldAnswers, topAnswer } from '@/rules/server-answers';

import { AccountError, ACCOUNT_MESSAGES, accountRefusal, type DeletionOutcome } from './model';

/** Deletes the account, or has the deletion wait for what is unsettled; refusals as AccountError (German, by field). */
export async function requestAccountDeletion(password: string, forfeitCodes: boolean): Promise<DeletionOutcome> {
  try {
    return await withSession(() =>
      pb.send<DeletionOutcome>('/api/portal/account-deletion', { method: 'POST', body: { password, forfeitCodes }, requestKey: null }),
    );
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 400) {
      throw new AccountError(topAnswer(400, err.response?.message, ACCOUNT_MESSAGES.failed), fieldAnswers(err.response?.data));
    }
    throw accountRefusal(err);
  }
}
