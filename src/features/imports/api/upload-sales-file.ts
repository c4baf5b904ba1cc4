import type { RecordSubscription } from 'pocketbase';

import { currentIdentity, withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { type FileRecord, PermissionError } from '@/lib/staff/files';

/**
 * Uploads sales data as the signed-in administrator or auditor (the server stores the
 * uploader by role). Anyone else gets SPEC's permission error before anything is sent.
 * The server answers when the import is finished; `onRecord` sees the record as it moves.
 */
export async function uploadSalesFile(file: File, onRecord: (record: FileRecord) => void): Promise<FileRecord> {
  const { id, role } = currentIdentity();
  if (role !== 'Administrator' && role !== 'Auditor') throw new PermissionError();
  let mine: string | null = null;
  const unsubscribe = await pb.collection('sales_data_files').subscribe<FileRecord>('*', (e: RecordSubscription<FileRecord>) => {
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
    await unsubscribe();
  }
}
