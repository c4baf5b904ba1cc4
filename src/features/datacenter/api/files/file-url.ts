import { protectedFileUrl } from '@/lib/api/protected-file-url';

import { DC_MESSAGES, type FileRecord } from './model';

/** A short-lived file token makes a protected file downloadable (SPEC section 7). */
export async function fileUrl(record: FileRecord, field: 'file' | 'failedRowsCsv'): Promise<string> {
  const name = record[field];
  if (!name) throw new Error(field === 'file' ? DC_MESSAGES.noFile : DC_MESSAGES.noFailedRows);
  return protectedFileUrl(record, name);
}
