import type { RecordSubscription } from 'pocketbase';

import { currentIdentity, withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { type FileRecord, PermissionError } from '@/lib/staff/files';

/** How long an upload waits for its live progress (realtime) before it goes ahead without it. */
export const LIVE_PROGRESS_WAIT_MS = 3000;

/**
 * Listens to the sales files' changes. Resolves with the way to stop once realtime has
 * connected, or after LIVE_PROGRESS_WAIT_MS without it: the front bounds realtime connections
 * (decision 050), and while they are all taken an upload must not wait for one. A listener that
 * connects later is stopped as soon as the caller has stopped.
 */
async function liveProgress(onEvent: (e: RecordSubscription<FileRecord>) => void): Promise<() => Promise<void>> {
  const state: { stopped: boolean; unsubscribe?: () => Promise<void> } = { stopped: false };
  const subscribed = pb
    .collection('sales_data_files')
    .subscribe<FileRecord>('*', onEvent)
    .then(
      (unsubscribe) => {
        if (state.stopped) void unsubscribe();
        else state.unsubscribe = unsubscribe;
      },
      () => undefined,
    );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([subscribed, new Promise<void>((resolve) => (timer = setTimeout(resolve, LIVE_PROGRESS_WAIT_MS)))]);
  clearTimeout(timer);
  return async () => {
    state.stopped = true;
    await state.unsubscribe?.();
  };
}

/**
 * Uploads sales data as the signed-in administrator or auditor (the server stores the
 * uploader by role). Anyone else gets SPEC's permission error before anything is sent.
 * The server answers when the import is finished; `onRecord` sees the record as it moves
 * (when realtime is there: the upload does not depend on it).
 */
export async function uploadSalesFile(file: File, onRecord: (record: FileRecord) => void): Promise<FileRecord> {
  const { id, role } = currentIdentity();
  if (role !== 'Administrator' && role !== 'Auditor') throw new PermissionError();
  let mine: string | null = null;
  const stop = await liveProgress((e) => {
    if (!mine && e.action === 'create' && e.record.filename === file.name) mine = e.record.id;
    if (e.record.id === mine) onRecord(e.record);
  });
  try {
    const body = new FormData();
    body.append('filename', file.name);
    body.append('file', file);
    body.append(role === 'Administrator' ? 'adminUploaded' : 'auditorUploaded', id);
    const created = await withSession(() => pb.collection('sales_data_files').create<FileRecord>(body, { requestKey: null }));
    return await pb.collection('sales_data_files').getOne<FileRecord>(created.id, { requestKey: null });
  } finally {
    await stop();
  }
}
