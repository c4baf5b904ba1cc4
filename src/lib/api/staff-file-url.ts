import { DC_MESSAGES, type FileRecord } from '@/lib/staff/files';

import { protectedFileUrl } from './protected-file-url';

/** A short-lived file token makes a protected file downloadable (SPEC section 7). */
export async function fileUrl(record: FileRecord, field: 'file' | 'failedRowsCsv'): Promise<string> {
  const name = record[field];
  if (!name) throw new Error(field === 'file' ? DC_MESSAGES.noFile : DC_MESSAGES.noFailedRows);
  return protectedFileUrl(record, name);
}
