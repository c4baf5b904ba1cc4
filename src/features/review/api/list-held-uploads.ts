import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import type { FileRecord } from '@/lib/staff/files';

/** The uploads with rows waiting for confirmation (issue 58), oldest first. */
export const listHeldUploads = () =>
  withSession(() =>
    pb
      .collection('audit_results')
      .getFullList<FileRecord>({ filter: 'heldRows > 0', sort: 'created', fields: 'id,filename,created,held,heldRows', requestKey: null }),
  );
