import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { type FileRecord, userFileName } from '@/lib/staff/files';

/** The server writes the file while answering; the record is read again to get it. */
export const createUserFile = () =>
  withSession(async () => {
    const created = await pb.collection('user_file').create<FileRecord>({ filename: userFileName() }, { requestKey: null });
    return pb.collection('user_file').getOne<FileRecord>(created.id, { requestKey: null });
  });
