import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import type { FileRecord } from '@/lib/staff/files';

/** One audit file as it is stored now (its counts included). */
export const loadAuditFile = (id: string) =>
  withSession(() => pb.collection('submission_audit_files').getOne<FileRecord>(id, { requestKey: null }));
