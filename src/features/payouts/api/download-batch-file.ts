import { protectedFileUrl } from '@/lib/api/protected-file-url';
import { saveResponseAs } from '@/utils/save-file';

import { PAYOUT_MESSAGES, type PayoutBatch } from './model';

/** Downloads a batch's file (pain.001 or CSV) through a file token, saved under its name. */
export async function downloadBatchFile(batch: PayoutBatch, field: 'pain001' | 'csv') {
  try {
    const res = await fetch(await protectedFileUrl(batch, batch[field]));
    await saveResponseAs(res, batch[field].replace(/_[a-z0-9]{10}(\.[a-z0-9]+)$/i, '$1'));
  } catch (err) {
    console.error(err);
    throw new Error(PAYOUT_MESSAGES.downloadFailed);
  }
}
