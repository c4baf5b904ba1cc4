import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

/** A record's protected file as a short-lived URL: a file token of the signed-in account. */
export async function protectedFileUrl(
  record: { id: string; collectionId?: string; collectionName: string },
  filename: string,
): Promise<string> {
  const token = await withSession(() => pb.files.getToken({ requestKey: null }));
  return pb.files.getURL(record, filename, { token });
}
