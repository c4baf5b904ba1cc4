import { ClientResponseError } from 'pocketbase';

import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

export interface ReturnedPayout {
  id: string;
  endToEndId: string;
  returnReason: string;
  iban: string;
  accountHolder: string;
}

export const RETURNED_MESSAGES = {
  loadFailed: 'Die zurückgekommenen Auszahlungen konnten nicht geladen werden.',
  saveFailed: 'Die Bankverbindung konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
  saved: 'Vielen Dank! Wir überweisen das Cashback mit dem nächsten Auszahlungslauf an die neue Bankverbindung.',
} as const;

/** The workshop's payouts the bank sent back, which need new bank details. */
export const listReturnedPayouts = () =>
  withSession(() =>
    pb.collection('payouts').getFullList<ReturnedPayout>({
      filter: "status = 'returned'",
      fields: 'id,endToEndId,returnReason,iban,accountHolder',
      sort: 'created',
      requestKey: null,
    }),
  );

export interface BankDetails {
  ibanFirstName: string;
  ibanLastName: string;
  ibanNumber: string;
  ibanBic: string;
}

/** A server refusal with its field messages (already German, shown as they are). */
export class BankDetailsError extends Error {
  constructor(
    message: string,
    readonly fields: Partial<Record<keyof BankDetails, string>>,
  ) {
    super(message);
  }
}

/** New bank details for one returned payout. */
export async function saveBankDetails(payoutId: string, details: BankDetails): Promise<void> {
  try {
    await withSession(() =>
      pb.send(`/api/portal/payouts/${encodeURIComponent(payoutId)}/bank-details`, { method: 'POST', body: details, requestKey: null }),
    );
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 400) {
      const data = (err.response?.data ?? {}) as Record<string, { message?: string }>;
      const fields: Partial<Record<keyof BankDetails, string>> = {};
      for (const key of ['ibanFirstName', 'ibanLastName', 'ibanNumber', 'ibanBic'] as const)
        if (data[key]?.message) fields[key] = data[key].message;
      throw new BankDetailsError(typeof err.response?.message === 'string' ? err.response.message : RETURNED_MESSAGES.saveFailed, fields);
    }
    throw new BankDetailsError(RETURNED_MESSAGES.saveFailed, {});
  }
}
