import { serverRefusal } from '@/lib/api/server-refusal';
import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import type { FileRecord } from '@/lib/staff/files';

import { GATE_MESSAGES } from './model';

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
    throw new Error(serverRefusal(err, GATE_MESSAGES.decideFailed));
  }
}
