import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { STAFF_MESSAGES } from '@/lib/staff/model';

import { serverRefusal } from './server-refusal';

/** The payout actions (POST /api/portal/payout-batches…, /api/portal/payouts/:id/…) and their bodies. */
export type PayoutAction =
  | { action: 'create'; limit?: number }
  | { action: 'release'; batch: string; selfConfirm: boolean }
  | { action: 'export'; batch: string; executionDate: string }
  | { action: 'paid'; batch: string; paidOn: string }
  | { action: 'return'; payout: string; reason: string; note: string }
  | { action: 'hold' | 'unhold' | 'request-bank-details'; payout: string; reason: string };

const id = encodeURIComponent;

function route(a: PayoutAction): [string, object] {
  switch (a.action) {
    case 'create':
      return ['/api/portal/payout-batches', a.limit ? { limit: a.limit } : {}];
    case 'release':
      return [`/api/portal/payout-batches/${id(a.batch)}/release`, { selfConfirm: a.selfConfirm }];
    case 'export':
      return [`/api/portal/payout-batches/${id(a.batch)}/export`, { executionDate: a.executionDate }];
    case 'paid':
      return [`/api/portal/payout-batches/${id(a.batch)}/paid`, { paidOn: a.paidOn }];
    case 'return':
      return [`/api/portal/payouts/${id(a.payout)}/return`, { reason: a.reason, note: a.note }];
    default:
      return [`/api/portal/payouts/${id(a.payout)}/${a.action}`, { reason: a.reason }];
  }
}

/**
 * One payout action (a batch is created, released, exported or marked paid; a payout returned,
 * held or released from hold). The server's German refusal is passed on as it is (for a hold,
 * the reason field's message first); anything else gets the general message.
 */
export async function payoutAction<T>(a: PayoutAction): Promise<T> {
  const [path, body] = route(a);
  try {
    return await withSession(() => pb.send<T>(path, { method: 'POST', body, requestKey: null }));
  } catch (err) {
    throw new Error(
      serverRefusal(err, STAFF_MESSAGES.actionFailed, {
        fieldFirst: a.action === 'hold' || a.action === 'unhold' || a.action === 'request-bank-details',
      }),
    );
  }
}
