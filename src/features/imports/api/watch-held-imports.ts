import { pb } from '@/lib/pocketbase';

import type { HeldImport } from './model';

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
