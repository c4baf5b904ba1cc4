import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { type FileRecord, userFileName } from '@/lib/staff/files';

/**
 * The server writes the file while answering; the record is read again to get it. With a campaign
 * (issue 60) it holds that campaign's participants and its name says the campaign's year.
 */
export const createUserFile = (campaign?: { id: string; year: number }) =>
  withSession(async () => {
    const created = await pb
      .collection('user_file')
      .create<FileRecord>(
        campaign ? { filename: userFileName(new Date(), campaign.year), campaign: campaign.id } : { filename: userFileName() },
        { requestKey: null },
      );
    return pb.collection('user_file').getOne<FileRecord>(created.id, { requestKey: null });
  });
