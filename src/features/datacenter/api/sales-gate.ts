import type { ClientResponseError } from 'pocketbase';

import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { FileRecord } from './files';

export interface HeldImport extends FileRecord {
  adminUploaded?: string;
  auditorUploaded?: string;
  gateCodes?: number;
  gateWorkshops?: number;
  gateMaxPerWorkshop?: number;
}

export const GATE_MESSAGES = {
  loadFailed: 'Die wartenden Importe konnten nicht geladen werden. Bitte versuchen Sie es später erneut.',
  decideFailed: 'Die Entscheidung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
} as const;

/** Sales imports the plausibility gate holds (DECISIONS section 5), oldest first. */
export const listHeldImports = () =>
  withSession(
    async () =>
      (await pb.collection('sales_data_files').getList<HeldImport>(1, 50, { filter: "status = 'held'", sort: 'created', requestKey: null }))
        .items,
  );

/** Calls `onChange` whenever a sales import enters or leaves the gate (realtime); returns the unsubscribe. */
export function watchHeldImports(onChange: () => void): () => void {
  let stop: (() => Promise<void>) | null = null;
  let closed = false;
  void pb
    .collection('sales_data_files')
    .subscribe<HeldImport>('*', (e) => {
      if (e.record.status === 'held' || e.record.status === 'merging' || e.record.status === 'discarded') onChange();
    })
    .then(
      (unsubscribe) => {
        if (closed) void unsubscribe();
        else stop = unsubscribe;
      },
      (err: unknown) => console.error(err),
    );
  return () => {
    closed = true;
    void stop?.();
  };
}

/**
 * Confirms or discards a held import. The server decides who may (another administrator
 * than the uploader, or the only one with `selfConfirm`) and answers in German; that answer
 * is what the caller shows.
 */
export async function decideHeldImport(id: string, decision: 'confirm' | 'discard', selfConfirm = false): Promise<FileRecord> {
  try {
    return await withSession(() =>
      pb.send<FileRecord>(`/api/portal/sales-imports/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: { selfConfirm },
        requestKey: null,
      }),
    );
  } catch (err) {
    const message = (err as ClientResponseError)?.response?.message;
    throw new Error(typeof message === 'string' && (err as ClientResponseError).status === 400 ? message : GATE_MESSAGES.decideFailed);
  }
}
