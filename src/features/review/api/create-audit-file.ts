import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import type { FileRecord } from '@/lib/staff/files';

/** Asks the server for a fresh audit file; it is written while the request runs. */
export const createAuditFile = () =>
  withSession(() => pb.collection('submission_audit_files').create<FileRecord>({ filename: 'pruefdatei.csv' }, { requestKey: null }));
