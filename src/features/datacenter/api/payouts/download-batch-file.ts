import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { saveResponseAs } from '@/utils/save-file';

import { PAYOUT_MESSAGES, type PayoutBatch } from './model';

/** Downloads a batch's file (pain.001 or CSV) through a file token, saved under its name. */
export async function downloadBatchFile(batch: PayoutBatch, field: 'pain001' | 'csv') {
  try {
    const token = await withSession(() => pb.files.getToken({ requestKey: null }));
    const res = await fetch(pb.files.getURL(batch, batch[field], { token }));
    await saveResponseAs(res, batch[field].replace(/_[a-z0-9]{10}(\.[a-z0-9]+)$/i, '$1'));
  } catch (err) {
    console.error(err);
    throw new Error(PAYOUT_MESSAGES.downloadFailed);
  }
}
