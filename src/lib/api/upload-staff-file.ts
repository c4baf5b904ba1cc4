import { currentIdentity, withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import type { FileRecord } from '@/lib/staff/files';

/**
 * Uploads a business-partner-number file or an edited audit file as the signed-in user; the
 * server processes it while answering and sets the counts (sent as 0, SPEC section 3).
 */
export async function uploadStaffFile(collection: 'business_partner_number_files' | 'audit_results', file: File): Promise<FileRecord> {
  const { id } = currentIdentity();
  const body = new FormData();
  body.append('filename', file.name);
  body.append('uploadedByUser', id);
  body.append('file', file);
  if (collection === 'audit_results') {
    body.append('successfullyProcessedRows', '0');
    body.append('failedProcessedRows', '0');
  }
  const created = await withSession(() => pb.collection(collection).create<FileRecord>(body, { requestKey: null }));
  return pb.collection(collection).getOne<FileRecord>(created.id, { requestKey: null });
}
