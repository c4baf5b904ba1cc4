import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

import { activeCampaignId, createCentre, createStaff, createSubmission, createWorkshop, staffSession } from '../helpers/fixtures';
import { request, uploadSalesCsv, uploadStaffCsv } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { until } from '../helpers/poll';
import { stagedState } from '../helpers/staging';

const HEADER = 'user,bnr,knr,gpnr,deliverydate,sales';
const servers: TestServer[] = [];
const dataDirs: string[] = [];

afterAll(async () => {
  for (const s of servers.reverse()) await s.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** PocketBase for this file, stopped after it; a new data dir is removed then, a reused one (a restart) kept for its test. */
async function start(dataDir?: string) {
  const server = await startPocketBase(dataDir ? { dataDir } : {});
  servers.push(server);
  if (!dataDir) dataDirs.push(server.dataDir);
  return server;
}

describe('a crash in the middle of an import', () => {
  it('leaves no rows, a clear status after restart, and a re-upload works', async () => {
    const first = await start();
    const dataDir = first.dataDir;
    const admin = await createStaff(first, 'administrators');
    const workshop = await createWorkshop(first);
    const rows = Array.from(
      { length: 120_000 },
      (_, i) => `${workshop.id},4001,K${i},G1,2025-06-${String((i % 28) + 1).padStart(2, '0')},1`,
    );
    const csv = `${HEADER}\n${rows.join('\n')}\n`;

    const pending = uploadSalesCsv(first.url, admin, csv, 'gross.csv').catch(() => null);
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

    const second = await start(dataDir);
    const file = await second.admin.collection('sales_data_files').getOne(fileId);
    expect(file.status).toBe('failed');
    expect(file.errorMessage).toContain('unterbrochen');
    expect((await second.admin.collection('sales_data').getList(1, 1)).totalItems).toBe(0);
    // The restart removed what the interrupted import had staged.
    expect(stagedState(dataDir)).toEqual({ tables: [], cursors: [] });
    expect((await second.admin.collection('user_stats_view').getOne(workshop.id)).totalSales).toBe(0);

    const again = await staffSession(second, 'administrators', admin.email, admin.id);
    const res = await uploadSalesCsv(
      second.url,
      { ...admin, token: again.token },
      `${HEADER}\n${workshop.id},4001,K1,G1,2025-06-01,600\n`,
      'klein.csv',
    );
    expect(res.status).toBe(200);
    expect((await second.admin.collection('sales_data_files').getOne(res.json.id)).status).toBe('done');
    expect((await second.admin.collection('user_stats_view').getOne(workshop.id)).totalSales).toBe(600);
  }, 90_000);

  it('a held import whose staged rows are gone (the staging database lost or restored from an older copy) reads its upload again when confirmed', async () => {
    const first = await start();
    const dataDir = first.dataDir;
    const uploader = await createStaff(first, 'administrators');
    const confirmer = await createStaff(first, 'administrators');
    const [big, small] = await Promise.all([createWorkshop(first), createWorkshop(first)]);
    // 1,500 EUR earn one workshop three codes at once, above this campaign's two a week: the gate
    // holds the file (decision 029).
    await first.admin.collection('campaigns').update(await activeCampaignId(first), { maxCodesPerWorkshopPerWeek: 2 });
    const csv = `${HEADER}\n${big.id},4001,K1,G1,2025-06-01,1000\n${big.id},4001,K1,G1,2025-06-02,500\n${small.id},4001,K2,G1,2025-06-03,"120,5"\n`;
    const res = await uploadSalesCsv(first.url, uploader, csv, 'woche.csv');
    expect(res.status).toBe(200);
    const fileId: string = res.json.id;
    expect(await first.admin.collection('sales_data_files').getOne(fileId)).toMatchObject({ status: 'held', successfullyProcessedRows: 3 });
    expect(stagedState(dataDir).tables).toEqual([`import_sorted_${fileId}`]);
    await first.crash();
    const aux = new Database(path.join(dataDir, 'auxiliary.db'));
    aux.exec(`DROP TABLE import_sorted_${fileId}; DELETE FROM import_cursor`);
    aux.close();
    expect(stagedState(dataDir).tables).toEqual([]);

    const second = await start(dataDir);
    const admin = await staffSession(second, 'administrators', confirmer.email, confirmer.id);
    const confirmed = await request(second.url, admin, 'POST', `/api/portal/sales-imports/${fileId}/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(await second.admin.collection('sales_data_files').getOne(fileId)).toMatchObject({
      status: 'done',
      codesIssued: 3,
      newDataCount: 3,
      failedProcessedRows: 0,
    });
    expect((await second.admin.collection('user_stats_view').getOne(big.id)).totalSales).toBe(1500);
    expect((await second.admin.collection('user_stats_view').getOne(small.id)).totalSales).toBe(120.5);
    expect((await second.admin.collection('sales_data').getList(1, 10, { filter: `sourceFile = "${fileId}"` })).totalItems).toBe(3);
    expect(stagedState(dataDir)).toEqual({ tables: [], cursors: [] });
  }, 90_000);

  it('partner numbers and verdict files a crash interrupted are processed again at the next start, and logged once', async () => {
    const first = await start();
    const dataDir = first.dataDir;
    const admin = await createStaff(first, 'administrators');
    const auditor = await createStaff(first, 'auditors');
    const workshop = await createWorkshop(first);
    const centre = await createCentre(first, { bnr: '885511' });
    const link = await workshop.pb
      .collection('user_lz_connections')
      .create({ user: workshop.id, noraLz: centre.id, customerNumber: 'KD9' });
    const partner = await uploadStaffCsv(
      first.url,
      admin,
      'business_partner_number_files',
      `user;bnr;knr;gpnr\n${workshop.id};885511;KD9;GP77\n`,
      'gp.csv',
      { uploadedByUser: admin.id },
    );
    expect(partner.status).toBe(200);
    const submission = await createSubmission(first, workshop.id);
    const verdicts = await uploadStaffCsv(
      first.url,
      auditor,
      'audit_results',
      `RechnungsID;Checked;Faulty\n${submission.id};1;0\n`,
      'pruefung.csv',
      { uploadedByUser: auditor.id },
    );
    expect(verdicts.status).toBe(200);
    await first.crash();
    // As a crash halfway would leave them: both files still 'processing', the gpnr not yet set,
    // the verdict already applied (a second run must recognise it, not apply it twice).
    const db = new Database(path.join(dataDir, 'data.db'));
    db.prepare("UPDATE business_partner_number_files SET status = 'processing', successfullyProcessedRows = 0 WHERE id = ?").run(
      partner.json.id,
    );
    db.prepare("UPDATE user_lz_connections SET gpnr = '' WHERE id = ?").run(link.id);
    db.prepare("UPDATE audit_results SET status = 'processing', successfullyProcessedRows = 0 WHERE id = ?").run(verdicts.json.id);
    db.close();

    const second = await start(dataDir);
    expect(await second.admin.collection('business_partner_number_files').getOne(partner.json.id)).toMatchObject({
      status: 'done',
      successfullyProcessedRows: 1,
    });
    expect((await second.admin.collection('user_lz_connections').getOne(link.id)).gpnr).toBe('GP77');
    expect(await second.admin.collection('audit_results').getOne(verdicts.json.id)).toMatchObject({ status: 'done' });
    expect((await second.admin.collection('submissions').getOne(submission.id)).status).toBe('passed');
    const history = await second.admin.collection('submission_audits').getFullList({ filter: `submission = "${submission.id}"` });
    expect(history).toHaveLength(1);
    // Each upload has its one staff-log entry, from when it was received.
    for (const [action, id] of [
      ['partner_numbers.upload', partner.json.id],
      ['audit_results.upload', verdicts.json.id],
    ]) {
      const entries = await second.admin.collection('staff_log').getFullList({ filter: `action = "${action}" && targetId = "${id}"` });
      expect(entries).toHaveLength(1);
    }
  }, 90_000);
});
