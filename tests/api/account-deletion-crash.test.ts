import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';

import { PASSWORD, activeCampaignId, createVoucher, createWorkshop } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { until } from '../helpers/poll';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Issue 37: kill -9 while an account is being deleted leaves the deletion done or not done,
// never half: after the restart either every row of the workshop is there or none is, and a
// finished deletion has its staff log entry and its confirmation mail.

const ROWS = 40_000;
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.stop();
});

const id15 = () => randomBytes(12).toString('hex').slice(0, 15);

it('kill -9 during a deletion: after the restart the workshop is wholly there or wholly gone', async () => {
  const first = await startPocketBase();
  servers.push(first);
  const w = await createWorkshop(first);
  await createVoucher(first, w.id, 'closed');
  const campaign = await activeCampaignId(first);
  // A long history (40,000 sales rows, written straight into the database): a deletion that
  // takes long enough to be caught while it runs.
  const db = new Database(path.join(first.dataDir, 'data.db'));
  db.pragma('busy_timeout = 10000');
  const now = new Date().toISOString().replace('T', ' ');
  const insert = db.prepare(
    `INSERT INTO sales_data (id, user, campaign, bnr, knr, gpnr, deliverydate, sales, sourceFile, created, updated)
     VALUES (?, ?, ?, 'B1', ?, 'G1', '2025-06-01', 10, '', ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run(id15(), w.id, campaign, `K${i}`, now, now);
  })();
  db.close();

  const wal = path.join(first.dataDir, 'data.db-wal');
  const walSize = () => (existsSync(wal) ? statSync(wal).size : 0);
  const before = walSize();
  const pending = request(first.url, w, 'POST', '/api/portal/account-deletion', { password: PASSWORD }).catch(() => null);
  // Killed the moment the deletion starts writing its pages.
  await until('the deletion to write', () => walSize() !== before, { timeoutMs: 20_000, everyMs: 1 });
  await first.crash();
  await pending;

  const again = await startPocketBase({ dataDir: first.dataDir });
  servers.push(again);
  const userThere = await again.admin
    .collection('users')
    .getOne(w.id)
    .then(() => true)
    .catch(() => false);
  const sales = (await again.admin.collection('sales_data').getList(1, 1, { filter: `user = '${w.id}'` })).totalItems;
  const vouchers = (await again.admin.collection('vouchers').getList(1, 1, { filter: `user = '${w.id}'` })).totalItems;
  const logged = (
    await again.admin.collection('staff_log').getList(1, 1, { filter: `action = 'privacy.account_deleted' && targetId = '${w.id}'` })
  ).totalItems;
  const mails = (await again.admin.collection('mail_outbox').getList(1, 1, { filter: `template = 'account-deleted'` })).totalItems;
  console.log(`[deletion crash] killed ${userThere ? 'before the commit: nothing deleted' : 'after the commit: all deleted'}`);
  if (userThere) {
    expect({ sales, vouchers, logged, mails }).toEqual({ sales: ROWS, vouchers: 1, logged: 0, mails: 0 });
    // And the deletion can simply be asked for again.
    const retry = await request(again.url, w, 'POST', '/api/portal/account-deletion', { password: PASSWORD });
    expect(retry.status, retry.text).toBe(200);
  } else {
    expect({ sales, vouchers, logged, mails }).toEqual({ sales: 0, vouchers: 0, logged: 1, mails: 1 });
  }
  const afterAll = (await again.admin.collection('sales_data').getList(1, 1, { filter: `user = '${w.id}'` })).totalItems;
  expect(afterAll).toBe(0);
});
