import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import type { FileRecord } from '@/lib/staff/files';

/** The newest audit file, or null. */
export const newestAuditFile = () =>
  withSession(
    async () =>
      (await pb.collection('submission_audit_files').getList<FileRecord>(1, 1, { sort: '-created', requestKey: null })).items[0] ?? null,
  );
