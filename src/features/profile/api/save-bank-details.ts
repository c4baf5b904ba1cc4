import { ClientResponseError } from 'pocketbase';

import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { fieldAnswers, topAnswer } from '@/rules/server-answers';

import { type BankDetails, BankDetailsError, RETURNED_MESSAGES } from './model';

/** New bank details for one returned payout. */
export async function saveBankDetails(payoutId: string, details: BankDetails): Promise<void> {
  try {
    await withSession(() =>
      pb.send(`/api/portal/payouts/${encodeURIComponent(payoutId)}/bank-details`, { method: 'POST', body: details, requestKey: null }),
    );
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 400) {
      const data = fieldAnswers(err.response?.data);
      const fields: Partial<Record<keyof BankDetails, string>> = {};
      for (const key of ['ibanFirstName', 'ibanLastName', 'ibanNumber', 'ibanBic'] as const) if (data[key]) fields[key] = data[key];
      throw new BankDetailsError(topAnswer(400, err.response?.message, RETURNED_MESSAGES.saveFailed), fields);
    }
    throw new BankDetailsError(RETURNED_MESSAGES.saveFailed, {});
  }
}
