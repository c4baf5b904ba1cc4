import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import type { FileCollection, FileRecord } from '@/lib/staff/files';

/** How many files each block shows (SPEC section 3: the newest two, all partner-number files up to 50). */
const SHOWN: Record<FileCollection, number> = {
  workshop_files: 2,
  sales_data_files: 2,
  user_file: 2,
  business_partner_number_files: 50,
  audit_results: 2,
};

/** The newest files of one collection. */
export const listFiles = (collection: FileCollection) =>
  withSession(
    async () => (await pb.collection(collection).getList<FileRecord>(1, SHOWN[collection], { sort: '-created', requestKey: null })).items,
  );
