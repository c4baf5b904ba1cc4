import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';

import { blob, createStaff, createWorkshop, multipart, staffSession } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { until } from '../helpers/poll';
import { stagedState } from '../helpers/staging';

const HEADER = 'user,bnr,knr,gpnr,deliverydate,sales';
const servers: TestServer[] = [];
let dataDir = '';

afterAll(async () => {
  for (const s of servers.reverse()) await s.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a crash in the middle of an import', () => {
  it('leaves no rows, a clear status after restart, and a re-upload works', async () => {
    const first = await startPocketBase();
    servers.push(first);
    dataDir = first.dataDir;
    const admin = await createStaff(first, 'administrators');
    const workshop = await createWorkshop(first);
    const rows = Array.from(
      { length: 120_000 },
      (_, i) => `${workshop.id},4001,K${i},G1,2025-06-${String((i % 28) + 1).padStart(2, '0')},1`,
    );
    const csv = `${HEADER}\n${rows.join('\n')}\n`;

    const pending = request(
      first.url,
      admin,
      'POST',
      '/api/collections/sales_data_files/records',
      multipart({ filename: 'gross.csv' }, blob(csv, 'text/csv'), 'gross.csv'),
    ).catch(() => null);
    // Wait until the import is visibly under way, then kill PocketBase without warning.
    const fileId = await until(
      'an import in progress',
      async () =>
        (await first.admin.collection('sales_data_files').getList(1, 1, { filter: "status = 'processing' && progress > 0" })).items[0]?.id,
      { everyMs: 20 },
    );
    expect(fileId).not.toBe('');
    const crashed = first.crash();
    await pending;
    await crashed;

    const second = await startPocketBase({ dataDir });
    servers.push(second);
    const file = await second.admin.collection('sales_data_files').getOne(fileId);
    expect(file.status).toBe('failed');
    expect(file.errorMessage).toContain('unterbrochen');
    expect((await second.admin.collection('sales_data').getList(1, 1)).totalItems).toBe(0);
    // The restart removed what the interrupted import had staged.
    expect(stagedState(dataDir)).toEqual({ tables: [], cursors: [] });
    expect((await second.admin.collection('user_stats_view').getOne(workshop.id)).totalSales).toBe(0);

    const again = await staffSession(second, 'administrators', admin.email, admin.id);
    const res = await request(
      second.url,
      { ...admin, token: again.token },
      'POST',
      '/api/collections/sales_data_files/records',
      multipart({ filename: 'klein.csv' }, blob(`${HEADER}\n${workshop.id},4001,K1,G1,2025-06-01,600\n`, 'text/csv'), 'klein.csv'),
    );
    expect(res.status).toBe(200);
    expect((await second.admin.collection('sales_data_files').getOne(res.json.id)).status).toBe('done');
    expect((await second.admin.collection('user_stats_view').getOne(workshop.id)).totalSales).toBe(600);
  }, 90_000);
});
