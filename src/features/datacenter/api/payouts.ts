import type { ClientResponseError, RecordModel } from 'pocketbase';

import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { saveResponseAs } from '@/utils/save-file';

export interface PayoutBatch extends RecordModel {
  number: number;
  status: 'created' | 'released' | 'exported' | 'paid';
  count: number;
  total: number;
  createdBy: string;
  releasedBy: string;
  selfReleased: boolean;
  executionDate: string;
  exportedAt: string;
  paidOn: string;
  pain001: string;
  csv: string;
  created: string;
}

export interface Payout extends RecordModel {
  endToEndId: string;
  accountHolder: string;
  iban: string;
  amount: number;
  status: 'payable' | 'held' | 'in_batch' | 'exported' | 'paid' | 'returned';
  returnReason: string;
  paidOn: string;
}

export interface PromiseItem {
  submission: string;
  submitted: string;
  status: 'pending' | 'passed';
  code: string;
  shopName: string;
  email: string;
  payoutStatus: string;
  days: number;
  level: 'ok' | 'amber' | 'red';
}

export const PAYOUT_MESSAGES = {
  loadFailed: 'Die Auszahlungen konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
  actionFailed: 'Die Aktion konnte nicht ausgeführt werden. Bitte versuchen Sie es erneut.',
  downloadFailed: 'Beim Herunterladen der Datei ist ein Fehler aufgetreten.',
} as const;

/** The server's German refusal (400) is passed on as it is; anything else gets the general message. */
async function act<T>(path: string, body: object = {}): Promise<T> {
  try {
    return await withSession(() => pb.send<T>(path, { method: 'POST', body, requestKey: null }));
  } catch (err) {
    const e = err as ClientResponseError;
    throw new Error(e?.status === 400 && typeof e.response?.message === 'string' ? e.response.message : PAYOUT_MESSAGES.actionFailed);
  }
}

export const listBatches = () =>
  withSession(async () => (await pb.collection('payout_batches').getList<PayoutBatch>(1, 10, { sort: '-number', requestKey: null })).items);

/** How many payouts wait to be batched, and how many are held. */
export const payoutCounts = () =>
  withSession(async () => {
    const [payable, held] = await Promise.all([
      pb.collection('payouts').getList(1, 1, { filter: "status = 'payable'", fields: 'id', requestKey: null }),
      pb.collection('payouts').getList(1, 1, { filter: "status = 'held'", fields: 'id', requestKey: null }),
    ]);
    return { payable: payable.totalItems, held: held.totalItems };
  });

export const listBatchPayouts = (batchId: string) =>
  withSession(() =>
    pb.collection('payouts').getFullList<Payout>({ filter: pb.filter('batch = {:b}', { b: batchId }), sort: 'created', requestKey: null }),
  );

export const createBatch = (limit?: number) => act<PayoutBatch>('/api/portal/payout-batches', limit ? { limit } : {});
export const releaseBatch = (id: string, selfConfirm: boolean) =>
  act<PayoutBatch>(`/api/portal/payout-batches/${encodeURIComponent(id)}/release`, { selfConfirm });
export const exportBatch = (id: string, executionDate: string) =>
  act<PayoutBatch>(`/api/portal/payout-batches/${encodeURIComponent(id)}/export`, { executionDate });
export const markBatchPaid = (id: string, paidOn: string) =>
  act<PayoutBatch>(`/api/portal/payout-batches/${encodeURIComponent(id)}/paid`, { paidOn });
export const returnPayout = (id: string, reason: string, note: string) =>
  act<Payout>(`/api/portal/payouts/${encodeURIComponent(id)}/return`, { reason, note });

export const listPromise = () =>
  withSession(async () => (await pb.send<{ items: PromiseItem[] }>('/api/portal/payouts/promise', { requestKey: null })).items);

/** Downloads a batch's file (pain.001 or CSV) through a file token, saved under its name. */
export async function downloadBatchFile(batch: PayoutBatch, field: 'pain001' | 'csv') {
  try {
    const token = await withSession(() => pb.files.getToken({ requestKey: null }));
    const res = await fetch(pb.files.getURL(batch, batch[field], { token }));
    await saveResponseAs(res, batch[field].replace(/_[a-z0-9]{10}(\.[a-z0-9]+)$/i, '$1'));
  } catch (err) {
    console.error(err);
    throw new Error(PAYOUT_MESSAGES.downloadFailed);
  }
}
