import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { blob, createStaff, createWorkshop, freshIban, multipart, submissionForm, type Actor } from '../helpers/fixtures';
import { protectedFile } from '../helpers/files';
import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Issue 60: two campaigns side by side. 2025 runs until 31.10.2025; the next one is made by an
// administrator, starts on 01.11.2025 (same code prefix, another threshold) and is released by a
// second one. A sales row belongs to the campaign whose period holds its date; a code to its
// campaign, redeemed in that campaign's window only.

let server: TestServer;
let first: Actor;
let second: Actor;
let next: { id: string };

const HEADER = 'user,bnr,knr,gpnr,deliverydate,sales';
const call = (actor: Actor | null, method: string, url: string, body?: object) => request(server.url, actor, method, url, body);

beforeAll(async () => {
  server = await startPocketBase();
  [first, second] = await Promise.all([createStaff(server, 'administrators'), createStaff(server, 'administrators')]);
  const draft = await call(first, 'POST', '/api/portal/campaigns', {});
  const edited = await call(first, 'POST', `/api/portal/campaigns/${draft.json.id}`, {
    threshold: 300,
    reward: 30,
    campaignStart: '2025-10-31 23:00:00.000Z',
    campaignEnd: '2026-10-31 22:59:59.999Z',
    redeemStart: '2025-11-30 23:00:00.000Z',
    redeemEnd: '2026-11-30 22:59:59.999Z',
    invoiceDateCutoff: '2026-10-31 22:59:59.999Z',
    drawRegistrationDeadline: '2026-05-31 21:59:59.999Z',
  });
  expect(edited.status, JSON.stringify(edited.json)).toBe(200);
  const released = await call(second, 'POST', `/api/portal/campaigns/${draft.json.id}/release`, {});
  expect(released.status, JSON.stringify(released.json)).toBe(200);
  next = released.json;
});
afterAll(async () => {
  await server?.stop();
});

async function upload(content: string) {
  const res = await request(
    server.url,
    first,
    'POST',
    '/api/collections/sales_data_files/records',
    multipart({ filename: 'umsatz.csv' }, blob(content, 'text/csv'), 'umsatz.csv'),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return server.admin.collection('sales_data_files').getOne(res.json.id);
}

describe('sales rows and codes of two campaigns', () => {
  it('rows on both sides of the boundary go to their campaigns; a row in no period fails; each campaign mints by its own threshold', async () => {
    const w = await createWorkshop(server);
    const c2025 = await server.admin.collection('campaigns').getFirstListItem('year = 2025');
    const record = await upload(
      `${HEADER}\n${w.id},4001,K1,G1,2025-10-31,500\n${w.id},4001,K1,G1,2025-11-01,600\n${w.id},4001,K1,G1,2024-01-01,10\n`,
    );
    expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 2, failedProcessedRows: 1, codesIssued: 3 });
    const failed = (await protectedFile(server, record as never, 'failedRowsCsv')).subarray(3).toString('utf8');
    expect(failed).toContain('"Lieferdatum liegt außerhalb des Aktionszeitraums";"4"');

    const rows = await server.admin.collection('sales_data').getFullList({ filter: `user = "${w.id}"`, sort: 'deliverydate' });
    expect(rows.map((r) => [r.deliverydate.slice(0, 10), r.campaign])).toEqual([
      ['2025-10-31', c2025.id],
      ['2025-11-01', next.id],
    ]);
    const totals = await server.admin.collection('sales_totals').getFullList({ filter: `user = "${w.id}"` });
    expect(Object.fromEntries(totals.map((t) => [t.campaign, t.totalSales]))).toEqual({ [c2025.id]: 500, [next.id]: 600 });
    const vouchers = await server.admin.collection('vouchers').getFullList({ filter: `user = "${w.id}"`, sort: 'campaign,tier' });
    const byCampaign = (id: string) => vouchers.filter((v) => v.campaign === id);
    expect(byCampaign(c2025.id).map((v) => v.tier)).toEqual([1]);
    expect(byCampaign(next.id).map((v) => v.tier)).toEqual([1, 2]);
    // The same prefix in both campaigns, and every code once.
    for (const v of vouchers) expect(v.code).toMatch(/^NORA-/);
    expect(new Set(vouchers.map((v) => v.code)).size).toBe(3);

    // The profile shows each campaign's totals and every code with its campaign's label.
    const profile = await request(server.url, w, 'GET', '/api/portal/profile-page');
    expect(profile.json.campaignStats).toEqual([
      { campaign: next.id, label: 'NORA Cashback-Aktion 2026', active: false, totalSales: 600, totalCashback: 60, toNextCashback: 300 },
      { campaign: c2025.id, label: 'NORA Cashback-Aktion 2025', active: true, totalSales: 500, totalCashback: 50, toNextCashback: 500 },
    ]);
    expect(profile.json.stats).toMatchObject({ totalSales: 500 });
    expect(profile.json.vouchers.map((v: { campaignLabel: string }) => v.campaignLabel).sort()).toEqual([
      'NORA Cashback-Aktion 2025',
      'NORA Cashback-Aktion 2026',
      'NORA Cashback-Aktion 2026',
    ]);

    // The same file again changes nothing in either campaign.
    const again = await upload(`${HEADER}\n${w.id},4001,K1,G1,2025-10-31,500\n${w.id},4001,K1,G1,2025-11-01,600\n`);
    expect(again).toMatchObject({ unchangedDataCount: 2, newDataCount: 0, codesIssued: 0 });
  });

  it('a code is redeemed in its own campaign’s window: 2025’s now, the next one’s not before its redeem start', async () => {
    const w = await createWorkshop(server);
    await upload(`${HEADER}\n${w.id},4001,K1,G1,2025-10-30,500\n${w.id},4001,K1,G1,2025-11-02,300\n`);
    const vouchers = await server.admin.collection('vouchers').getFullList({ filter: `user = "${w.id}"` });
    const old = vouchers.find((v) => v.campaign !== next.id)!;
    const fresh = vouchers.find((v) => v.campaign === next.id)!;
    const submit = (voucher: { id: string }) =>
      request(server.url, w, 'POST', '/api/collections/submissions/records', submissionForm(w.id, voucher, { ibanNumber: freshIban() }));
    const ok = await submit(old);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await server.admin.collection('submissions').getOne(ok.json.id)).campaign).toBe(old.campaign);
    const closed = await submit(fresh);
    expect(closed.status).toBe(400);
    expect(closed.json.data.voucher.message).toBe(
      'Cashback-Codes können derzeit nicht eingelöst werden. Der Einlösezeitraum ist nicht geöffnet.',
    );
    expect((await server.admin.collection('vouchers').getOne(fresh.id)).status).toBe('open');
  });

  it('a draft campaign takes no rows: its period counts only once it is released', async () => {
    const draft = await call(first, 'POST', '/api/portal/campaigns', {});
    expect(draft.json.status).toBe('draft');
    const w = await createWorkshop(server);
    // 2027's draft copies the next campaign a year later: 2026-11-01 onwards, no rows of it count.
    const record = await upload(`${HEADER}\n${w.id},4001,K1,G1,2026-12-01,900\n`);
    expect(record).toMatchObject({ successfullyProcessedRows: 0, failedProcessedRows: 1 });
  });
});

describe('the dashboard by campaign', () => {
  it('shows the campaign in force at first, another on request, and names both; an unknown one is refused', async () => {
    const dashboard = (query = '') => call(first, 'GET', `/api/portal/backoffice/dashboard${query}`);
    const c2025 = await server.admin.collection('campaigns').getFirstListItem('year = 2025');
    const inForce = await dashboard();
    expect(inForce.json.campaign).toEqual({ id: c2025.id, label: 'NORA Cashback-Aktion 2025' });
    expect(inForce.json.campaigns.map((c: { label: string; active: boolean }) => [c.label, c.active])).toEqual([
      ['NORA Cashback-Aktion 2026', false],
      ['NORA Cashback-Aktion 2025', true],
    ]);
    const ofNext = await dashboard(`?campaign=${next.id}`);
    expect(ofNext.json.campaign.id).toBe(next.id);
    const issuedNext = await server.admin.collection('vouchers').getList(1, 1, { filter: `campaign = "${next.id}"` });
    expect(ofNext.json.codes.issued).toBe(issuedNext.totalItems);
    expect(ofNext.json.sales.reduce((sum: number, w: { total: number }) => sum + w.total, 0)).toBeGreaterThan(0);
    const unknown = await dashboard('?campaign=gibtesnicht1234');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Diese Cashback-Aktion gibt es nicht.');
    expect((await call(second, 'GET', `/api/portal/backoffice/dashboard?campaign=${next.id}`)).status).toBe(200);
  });
});

describe('the review queue by campaign', () => {
  it('lists one campaign’s submissions when asked, names each code’s campaign, and offers the campaigns', async () => {
    const auditor = await createStaff(server, 'auditors');
    const w = await createWorkshop(server);
    await upload(`${HEADER}\n${w.id},4001,K1,G1,2025-10-29,500\n`);
    const voucher = await server.admin.collection('vouchers').getFirstListItem(`user = "${w.id}"`);
    const sent = await request(
      server.url,
      w,
      'POST',
      '/api/collections/submissions/records',
      submissionForm(w.id, voucher, { ibanNumber: freshIban() }),
    );
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const all = await call(auditor, 'GET', '/api/portal/review/queue');
    const mine = all.json.items.find((i: { id: string }) => i.id === sent.json.id);
    expect(mine.campaignLabel).toBe('NORA Cashback-Aktion 2025');
    expect(all.json.campaigns.map((c: { label: string }) => c.label)).toEqual(['NORA Cashback-Aktion 2026', 'NORA Cashback-Aktion 2025']);
    const ofNext = await call(auditor, 'GET', `/api/portal/review/queue?campaign=${next.id}`);
    expect(ofNext.json.items.map((i: { id: string }) => i.id)).not.toContain(sent.json.id);
    expect(ofNext.json.total).toBe(0);
    const of2025 = await call(auditor, 'GET', `/api/portal/review/queue?campaign=${voucher.campaign}`);
    expect(of2025.json.items.map((i: { id: string }) => i.id)).toContain(sent.json.id);
  });
});

describe('the workshop search by campaign', () => {
  it('finds only workshops with sales or codes in the chosen campaign, and the story has each campaign’s totals', async () => {
    const [both, onlyOld] = [
      await createWorkshop(server, { shopName: 'Suche Beide' }),
      await createWorkshop(server, { shopName: 'Suche Alt' }),
    ];
    await upload(
      `${HEADER}\n${both.id},4001,K1,G1,2025-10-28,100\n${both.id},4001,K1,G1,2025-11-03,100\n${onlyOld.id},4001,K1,G1,2025-10-28,100\n`,
    );
    const find = (campaign: string) => call(first, 'GET', `/api/portal/backoffice/workshops?q=Suche&campaign=${campaign}`);
    const ids = (res: { json: { items: { id: string }[] } }) => res.json.items.map((i) => i.id).sort();
    expect(ids(await find(''))).toEqual([both.id, onlyOld.id].sort());
    expect(ids(await find(next.id))).toEqual([both.id]);
    expect((await find(next.id)).json.totalItems).toBe(1);
    const story = await call(first, 'GET', `/api/portal/backoffice/workshops/${both.id}`);
    expect(story.json.totalsByCampaign).toEqual([
      { label: 'NORA Cashback-Aktion 2026', totalSales: 100, totalCashback: 0 },
      { label: 'NORA Cashback-Aktion 2025', totalSales: 100, totalCashback: 0 },
    ]);
  });
});

describe('the user data file of one campaign', () => {
  it('holds only the workshops with sales or codes in it; the whole file holds everyone', async () => {
    const [inNext, onlyOld] = [await createWorkshop(server), await createWorkshop(server)];
    await upload(`${HEADER}\n${inNext.id},4001,K1,G1,2025-11-04,50\n${onlyOld.id},4001,K1,G1,2025-10-27,50\n`);
    const file = async (body: object) => {
      const made = await call(first, 'POST', '/api/collections/user_file/records', body);
      expect(made.status, JSON.stringify(made.json)).toBe(200);
      const record = await server.admin.collection('user_file').getOne(made.json.id);
      return { record, text: (await protectedFile(server, record as never, 'file')).toString('utf8') };
    };
    const ofNext = await file({ filename: 'userfile_2025-11-05_aktion_2026.csv', campaign: next.id });
    expect(ofNext.text).toContain(inNext.id);
    expect(ofNext.text).not.toContain(onlyOld.id);
    expect(ofNext.record.campaign).toBe(next.id);
    const whole = await file({ filename: 'userfile_2025-11-05.csv' });
    expect(whole.text).toContain(inNext.id);
    expect(whole.text).toContain(onlyOld.id);
    const log = await server.admin.collection('staff_log').getFirstListItem(`targetId = "${ofNext.record.id}"`);
    expect(log.after).toMatchObject({ campaign: next.id });
    expect(
      (await call(first, 'POST', '/api/collections/user_file/records', { filename: 'userfile_x.csv', campaign: next.id })).status,
    ).toBe(400);
  });
});
