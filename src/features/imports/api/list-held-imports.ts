import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { HeldImport } from './model';

/** Sales imports the plausibility gate holds (DECISIONS section 5), oldest first. */
export const listHeldImports = () =>
  withSession(
    async () =>
      (await pb.collection('sales_data_files').getList<HeldImport>(1, 50, { filter: "status = 'held'", sort: 'created', requestKey: null }))
        .items,
  );
