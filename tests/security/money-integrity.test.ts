import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { dsvFormat } from 'd3-dsv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  activeCampaignId,
  blob,
  createStaff,
  createVoucher,
  createWorkshop,
  multipart,
  PASSWORD,
  submissionForm,
  unique,
  workshopData,
  type Actor,
} from '../helpers/fixtures';
import { protectedFile } from '../helpers/files';
import { request } from '../helpers/http';
import { jpegDeclaring, pngDeclaring } from '../helpers/images';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { pace } from '../helpers/poll';
import { stagedState } from '../helpers/staging';

// Issue 14: every code minted and every verdict released survives hostile files, odd
// numbers and concurrent requests. Each case is the attack first, then what must hold.

let server: TestServer;
let admin: Actor;
let admin2: Actor;
let auditor: Actor;
let campaignId: string;

beforeAll(async () => {
  server = await startPocketBase();
  [admin, admin2, auditor] = await Promise.all([
    createStaff(server, 'administrators'),
    createStaff(server, 'administrators'),
    createStaff(server, 'auditors'),
  ]);
  campaignId = await activeCampaignId(server);
});
afterAll(async () => {
  await server?.stop();
});

const HEADER = 'user,bnr,knr,gpnr,deliverydate,sales';
const CONTROL_MESSAGE = 'Dieses Feld darf keine Zeilenumbrüche, Tabulatoren oder Steuerzeichen enthalten.';
const call = (actor: Actor | null, method: string, url: string, body?: FormData | object) => request(server.url, actor, method, url, body);

async function uploadSales(actor: Actor, content: string, target = server) {
  const res = await request(
    target.url,
    actor,
    'POST',
    '/api/collections/sales_data_files/records',
    multipart({ filename: 'umsatz.csv' }, blob(content, 'text/csv'), 'umsatz.csv'),
  );
  expect(res.status).toBe(200);
  return target.admin.collection('sales_data_files').getOne(res.json.id);
}

async function failedRows(record: { id: string; collectionId: string; failedRowsCsv: string }) {
  const bytes = await protectedFile(server, record, 'failedRowsCsv');
  return dsvFormat(';').parseRows(bytes.subarray(3).toString('utf8'));
}

const vouchersOf = (user: string, target = server) =>
  target.admin.collection('vouchers').getFullList({ filter: target.admin.filter('user = {:u}', { u: user }) });
const totalOf = async (user: string, target = server) => (await target.admin.collection('user_stats_view').getOne(user)).totalSales;

describe('invoice images whose header lies', () => {
  let workshop: Actor;
  beforeAll(async () => {
    workshop = await createWorkshop(server);
  });

  async function submit(bytes: Buffer, type: string, name: string) {
    const voucher = await createVoucher(server, workshop.id);
    const res = await call(
      workshop,
      'POST',
      '/api/collections/submissions/records',
      submissionForm(workshop.id, voucher, {}, blob(bytes, type), name),
    );
    return { res, voucher };
  }

  for (const [label, bytes, type] of [
    ['a PNG declaring 100,000 × 100,000 px', pngDeclaring(100_000, 100_000), 'image/png'],
    ['a PNG declaring 7,000 × 7,000 px (49 megapixels)', pngDeclaring(7000, 7000), 'image/png'],
    ['a JPEG declaring 20,000 × 100 px (a side over 10,000)', jpegDeclaring(20_000, 100), 'image/jpeg'],
    ['a JPEG whose frame header comes after 60 kB of metadata', jpegDeclaring(9000, 9000, 60_000), 'image/jpeg'],
  ] as const) {
    it(`refuses ${label} with the German reason; nothing is stored and the code stays open`, async () => {
      const { res, voucher } = await submit(bytes, type, type === 'image/png' ? 'rechnung.png' : 'rechnung.jpg');
      expect(res.status).toBe(400);
      expect(res.json.data.file.message).toBe(
        'Das Bild ist zu groß: höchstens 40 Megapixel und 10.000 Pixel je Seite. Bitte laden Sie eine kleinere Aufnahme oder ein PDF hoch.',
      );
      expect((await server.admin.collection('vouchers').getOne(voucher.id)).status).toBe('open');
      expect(
        (await server.admin.collection('submissions').getList(1, 1, { filter: server.admin.filter('voucher = {:v}', { v: voucher.id }) }))
          .totalItems,
      ).toBe(0);
    });
  }

  it('accepts an image just inside the limits (6,000 × 6,000 px)', async () => {
    const { res } = await submit(pngDeclaring(6000, 6000), 'image/png', 'rechnung.png');
    expect(res.status).toBe(200);
  });

  it('refuses a text file dressed up as a PNG, and a GIF, naming the allowed types', async () => {
    for (const [bytes, type, name] of [
      [Buffer.from('Dies ist keine Rechnung'), 'image/png', 'rechnung.png'],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif', 'rechnung.gif'],
    ] as const) {
      const { res } = await submit(bytes, type, name);
      expect(res.status).toBe(400);
      expect(res.json.data.file.message).toBe(
        'Die Datei ist keine PNG-, JPEG- oder PDF-Datei. Bitte laden Sie die Rechnung in einem dieser Formate hoch.',
      );
    }
  });

  it('never makes a thumbnail of an invoice, however the parameter is spelled: the original comes back and the server lives', async () => {
    // An old record written before the check (the superuser skips the redemption hook).
    const voucher = await createVoucher(server, workshop.id, 'audit');
    const bomb = pngDeclaring(60_000, 60_000);
    const record = await server.admin
      .collection('submissions')
      .create(submissionForm(workshop.id, voucher, { status: 'pending' }, blob(bomb, 'image/png'), 'bombe.png'));
    const token = (await call(auditor, 'POST', '/api/files/token')).json.token;
    for (const query of ['thumb=100x100', 'th%75mb=100x100', 'thumb=0x50&thumb=100x100', 'THUMB=100x100&thumb=50x50f']) {
      const res = await fetch(`${server.url}/api/files/submissions/${record.id}/${record.file}?token=${token}&${query}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bomb)).toBe(true);
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const dir = path.join(server.dataDir, 'storage', record.collectionId, record.id);
    expect(readdirSync(dir).filter((f) => f.startsWith('thumbs'))).toEqual([]);
    expect(existsSync(path.join(dir, record.file))).toBe(true);
  });
});

describe('line breaks and other control characters in stored text', () => {
  it('are refused in every field a workshop sets, with a German field message, and nothing changes', async () => {
    const workshop = await createWorkshop(server);
    const attempts: [string, string][] = [
      ['firstName', 'Erika\nMustermann'],
      ['lastName', 'Muster\rmann'],
      ['shopName', 'Kfz\tWerkstatt'],
      ['city', 'Berlin\u0000'],
      ['address', 'Haupt\u0085straße'], // NEL, a C1 control
    ];
    for (const [field, value] of attempts) {
      const res = await call(workshop, 'PATCH', `/api/collections/users/records/${workshop.id}`, { [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.json.data[field].message).toBe(CONTROL_MESSAGE);
    }
    const stored = await server.admin.collection('users').getOne(workshop.id);
    expect(stored.firstName).toBe('Erika');
    expect(stored.shopName).toBe('Kfz-Meisterbetrieb Mustermann');

    const registration = await call(null, 'POST', '/api/collections/users/records', workshopData({ shopName: 'Werkstatt\r\nNeu' }));
    expect(registration.status).toBe(400);
    expect(registration.json.data.shopName.message).toBe(CONTROL_MESSAGE);

    const centre = await server.admin
      .collection('nora_lz')
      .create({ partnerName: 'Autohaus Zeile', zipCode: '10115', city: 'Berlin', bnr: unique('z') });
    const link = await call(workshop, 'POST', '/api/collections/user_lz_connections/records', {
      user: workshop.id,
      noraLz: centre.id,
      customerNumber: 'KD\n1',
    });
    expect(link.status).toBe(400);
    expect(link.json.data.customerNumber.message).toBe(CONTROL_MESSAGE);

    const voucher = await createVoucher(server, workshop.id);
    const redemption = await call(
      workshop,
      'POST',
      '/api/collections/submissions/records',
      submissionForm(workshop.id, voucher, { ibanFirstName: 'Erika\n', ibanLastName: 'Muster\tmann' }),
    );
    expect(redemption.status).toBe(400);
    expect(redemption.json.data.ibanFirstName?.message, JSON.stringify(redemption.json)).toBe(CONTROL_MESSAGE);
    expect(redemption.json.data.ibanLastName.message).toBe(CONTROL_MESSAGE);
    expect((await server.admin.collection('vouchers').getOne(voucher.id)).status).toBe('open');
  });

  it('are refused in what staff send too', async () => {
    const res = await request(
      server.url,
      admin,
      'POST',
      '/api/collections/sales_data_files/records',
      multipart({ filename: 'umsatz\n.csv' }, blob(`${HEADER}\n`, 'text/csv'), 'umsatz.csv'),
    );
    expect(res.status).toBe(400);
    expect(res.json.data.filename.message).toBe(CONTROL_MESSAGE);
  });
});

describe('a workshop cannot pass its own invoice through the audit file', () => {
  async function pendingSubmission(workshop: Actor) {
    const voucher = await createVoucher(server, workshop.id);
    const res = await call(workshop, 'POST', '/api/collections/submissions/records', submissionForm(workshop.id, voucher));
    expect(res.status).toBe(200);
    return { id: res.json.id as string, voucher };
  }

  async function roundTrip() {
    const file = await call(auditor, 'POST', '/api/collections/submission_audit_files/records', { filename: 'pruefdatei.csv' });
    const record = await server.admin.collection('submission_audit_files').getOne(file.json.id);
    const bytes = await protectedFile(server, record, 'file');
    // Uploaded back exactly as downloaded.
    const res = await request(
      server.url,
      auditor,
      'POST',
      '/api/collections/audit_results/records',
      multipart({ filename: 'pruefdatei.csv', uploadedByUser: auditor.id }, blob(bytes, 'text/csv'), 'pruefdatei.csv'),
    );
    expect(res.status).toBe(200);
    return { audit: await server.admin.collection('audit_results').getOne(res.json.id), pending: record.totalRows as number, bytes };
  }

  it('not even with a line break smuggled into an old record: the row stays one row and nothing passes', async () => {
    const attacker = await createWorkshop(server);
    const own = await pendingSubmission(attacker);
    // Written before the control-character check existed: straight into the database.
    const db = new Database(path.join(server.dataDir, 'data.db'));
    db.pragma('busy_timeout = 10000');
    db.prepare('UPDATE users SET shopName = ? WHERE id = ?').run(
      `Werkstatt"\r\n${own.id};X;x@y.de;NORA-AAAA-AAAA;01.01.2025 10:00;nein;1;0\r\n"`,
      attacker.id,
    );
    db.close();
    const { audit, pending } = await roundTrip();
    expect(audit).toMatchObject({ status: 'done', successfullyProcessedRows: 0, failedProcessedRows: 0, skippedRows: pending });
    expect((await server.admin.collection('submissions').getOne(own.id)).status).toBe('pending');
    expect((await server.admin.collection('vouchers').getOne(own.voucher.id)).status).toBe('audit');
  });

  it('property: whatever a workshop stores, the audit file uploaded back unchanged changes nothing', async () => {
    const workshops = await Promise.all([createWorkshop(server), createWorkshop(server)]);
    const subs = await Promise.all(workshops.map(pendingSubmission));
    // What a workshop may store: printable text with quotes, both separators, formula starters.
    const unit = fc.constantFrom('a', 'Ü', ' ', '"', ',', ';', '=', '+', '-', '@', "'", '€', '1');
    const name = fc.string({ unit, minLength: 2, maxLength: 40 }).filter((s) => s.trim().length >= 2);
    await fc.assert(
      fc.asyncProperty(name, name, async (a, b) => {
        for (const [w, value] of [
          [workshops[0]!, a],
          [workshops[1]!, b],
        ] as const) {
          const res = await call(w, 'PATCH', `/api/collections/users/records/${w.id}`, { shopName: value });
          expect(res.status).toBe(200);
        }
        const { audit, pending, bytes } = await roundTrip();
        expect(audit).toMatchObject({ status: 'done', successfullyProcessedRows: 0, failedProcessedRows: 0, skippedRows: pending });
        // The shop names are in the file exactly as stored (after the formula guard).
        const cells = dsvFormat(';').parseRows(bytes.subarray(3).toString('utf8')).flat();
        for (const value of [a, b]) expect(cells).toContain(/^[=+\-@]/.test(value) ? `'${value}` : value);
        for (const s of subs) expect((await server.admin.collection('submissions').getOne(s.id)).status).toBe('pending');
      }),
      { numRuns: 8 },
    );
  });
});

describe('bounds on money in sales files', () => {
  it('fails each odd amount with its reason and imports the rest to the cent', async () => {
    const w = await createWorkshop(server);
    const rows: [string, string][] = [
      ['100,10', ''],
      ['1.234', 'Mehrdeutiger Umsatz'],
      ['9'.repeat(400), 'Ungültiger Umsatz'],
      ['NaN', 'Ungültiger Umsatz'],
      ['1e5', 'Ungültiger Umsatz'],
      ['12,345', 'Ungültiger Umsatz'],
      ['100000,01', 'Umsatz außerhalb des erlaubten Bereichs (höchstens ±100.000,00 € je Zeile)'],
      ['-100000,01', 'Umsatz außerhalb des erlaubten Bereichs'],
      ['"1.234,50"', ''],
      ['-0,60', ''],
      ['Infinity', 'Ungültiger Umsatz'],
      ['0x10', 'Ungültiger Umsatz'],
    ];
    const lines = rows.map(([amount], i) => `${w.id};4001;K${i};G1;2025-06-01;${amount}`);
    const record = await uploadSales(admin, `${HEADER.replace(/,/g, ';')}\n${lines.join('\n')}\n`);
    expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 3, newDataCount: 3, failedProcessedRows: 9 });
    expect(await totalOf(w.id)).toBe(1334);
    const failed = await failedRows(record as never);
    const expected = rows.map(([, reason], i) => [reason, String(i + 2)]).filter(([reason]) => reason);
    expect(failed.slice(1).map((r) => [r.at(-2), r.at(-1)])).toEqual(
      expected.map(([reason, line]) => [expect.stringContaining(reason!), line]),
    );
  });

  it('takes the per-row band from the campaign record', async () => {
    const w = await createWorkshop(server);
    await server.admin.collection('campaigns').update(campaignId, { maxSalesPerRow: 500 });
    try {
      const record = await uploadSales(
        admin,
        `${HEADER}\n${w.id},1,K1,G1,2025-06-01,500\n${w.id},1,K2,G1,2025-06-01,500,01\n`.replace('500,01', '"500,01"'),
      );
      expect(record).toMatchObject({ successfullyProcessedRows: 1, failedProcessedRows: 1 });
      expect((await failedRows(record as never))[1]!.at(-2)).toBe('Umsatz außerhalb des erlaubten Bereichs (höchstens ±500,00 € je Zeile)');
    } finally {
      await server.admin.collection('campaigns').update(campaignId, { maxSalesPerRow: 100000 });
    }
  });

  it('fails the later of two rows with the same key, naming the earlier line, also across write chunks; counts are true', async () => {
    const w = await createWorkshop(server);
    const filler = Array.from({ length: 6000 }, (_, i) => `${w.id},1,F${i},G1,2025-06-01,0,01`.replace(/,0,01$/, ',"0,01"'));
    const lines = [`${w.id},2,K1,G1,2025-06-02,100`, ...filler, `${w.id},2,K1,G1,2025-06-02,400`, `${w.id},2,K1,G1,2025-06-02,900`];
    const record = await uploadSales(admin, `${HEADER}\n${lines.join('\n')}\n`);
    expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 6001, newDataCount: 6001, failedProcessedRows: 2 });
    const failed = await failedRows(record as never);
    const reason = 'Doppelte Zeile in dieser Datei (gleiche Werte für user, bnr, knr, gpnr und deliverydate wie Zeile 2)';
    expect(failed.slice(1).map((r) => [r[5], r.at(-2), r.at(-1)])).toEqual([
      ['400', reason, '6003'],
      ['900', reason, '6004'],
    ]);
    expect(await totalOf(w.id)).toBe(160); // 100 + 6000 × 0.01: the first row counts, once
  });

  it('imports two files whose record ids share their first six characters (staged ids never collide)', async () => {
    const w = await createWorkshop(server);
    const ids = ['aaaaaa111111111', 'aaaaaa222222222'];
    for (const [i, id] of ids.entries()) {
      await server.admin
        .collection('sales_data_files')
        .create(
          multipart({ id, filename: `f${i}.csv` }, blob(`${HEADER}\n${w.id},7,K${i},G1,2025-06-0${i + 1},100\n`, 'text/csv'), `f${i}.csv`),
        );
      expect((await server.admin.collection('sales_data_files').getOne(id)).status).toBe('done');
    }
    expect(await totalOf(w.id)).toBe(200);
  });
});

describe('the plausibility gate', () => {
  beforeAll(async () => {
    // The limits count the codes of the last 7 days (decision 029): this file's earlier imports count too.
    const since = new Date(Date.now() - 7 * 86400_000).toISOString().replace('T', ' ');
    const week = (
      await server.admin.collection('vouchers').getList(1, 1, { filter: server.admin.filter('created >= {:since}', { since }) })
    ).totalItems;
    await server.admin.collection('campaigns').update(campaignId, { maxCodesPerWeek: week + 4, maxCodesPerWorkshopPerWeek: 2 });
  });
  afterAll(async () => {
    await server.admin.collection('campaigns').update(campaignId, { maxCodesPerWeek: 2000, maxCodesPerWorkshopPerWeek: 20 });
  });

  it('issues below the limits as before', async () => {
    const w = await createWorkshop(server);
    const record = await uploadSales(admin, `${HEADER}\n${w.id},1,K1,G1,2025-06-01,1000\n`);
    expect(record).toMatchObject({ status: 'done', gateCodes: 2, codesIssued: 2 });
    expect(await vouchersOf(w.id)).toHaveLength(2);
  });

  it('holds an import that would issue too many codes for one workshop, mints nothing, and needs another administrator', async () => {
    const w = await createWorkshop(server);
    const record = await uploadSales(admin, `${HEADER}\n${w.id},1,K1,G1,2025-06-01,1500\n`);
    expect(record).toMatchObject({ status: 'held', gateCodes: 3, gateWorkshops: 1, gateMaxPerWorkshop: 3, successfullyProcessedRows: 1 });
    expect(await vouchersOf(w.id)).toHaveLength(0);
    expect(await totalOf(w.id)).toBe(0);

    // Nobody but an administrator decides, and not the uploader while another one exists.
    const workshop = await createWorkshop(server);
    for (const [actor, status] of [
      [null, 401],
      [workshop, 403],
      [auditor, 403],
    ] as const) {
      const res = await call(actor, 'POST', `/api/portal/sales-imports/${record.id}/confirm`, {});
      expect(res.status).toBe(status);
      expect(res.json.message).toBeTruthy();
    }
    const own = await call(admin, 'POST', `/api/portal/sales-imports/${record.id}/confirm`, { selfConfirm: true });
    expect(own.status).toBe(400);
    expect(own.json.message).toBe(
      'Diesen Import muss ein anderer Administrator bestätigen als der, der ihn hochgeladen hat (Vier-Augen-Prinzip).',
    );
    expect(await vouchersOf(w.id)).toHaveLength(0);

    // 25 confirmations at once: one wins.
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => call(admin2, 'POST', `/api/portal/sales-imports/${record.id}/confirm`, {})),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a.json.message).toBe('Dieser Import wartet nicht auf eine Bestätigung.');
    expect(await server.admin.collection('sales_data_files').getOne(record.id)).toMatchObject({
      status: 'done',
      confirmedBy: admin2.id,
      codesIssued: 3,
    });
    expect(await vouchersOf(w.id)).toHaveLength(3);
    const log = await server.admin
      .collection('staff_log')
      .getFullList({ filter: server.admin.filter('targetId = {:id}', { id: record.id }), sort: 'created,id' });
    // The upload and the confirmation, each by its own administrator.
    expect(log.map((entry) => entry.action)).toEqual(['sales_import.upload', 'sales_import.confirm']);
    expect(log[0]).toMatchObject({ actorId: admin.id, actorCollection: 'administrators' });
    expect(log[1]).toMatchObject({ actorId: admin2.id, actorCollection: 'administrators' });
    expect(log[1]!.before).toMatchObject({ status: 'held', gateCodes: 3 });
  });

  it('holds an import above the campaign’s weekly limit; discarding it leaves no row behind', async () => {
    const ws = await Promise.all([createWorkshop(server), createWorkshop(server), createWorkshop(server)]);
    const record = await uploadSales(admin, `${HEADER}\n${ws.map((w) => `${w.id},1,K1,G1,2025-06-01,1000`).join('\n')}\n`);
    expect(record).toMatchObject({ status: 'held', gateCodes: 6, gateWorkshops: 3, gateMaxPerWorkshop: 2 });
    // Held: its rows wait sorted in the staging database, with the merge not begun.
    expect(stagedState(server.dataDir).tables.filter((name) => name.endsWith(record.id))).toEqual([`import_sorted_${record.id}`]);
    const res = await call(admin2, 'POST', `/api/portal/sales-imports/${record.id}/discard`, {});
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('discarded');
    expect(stagedState(server.dataDir).tables.filter((name) => name.endsWith(record.id))).toEqual([]);
    for (const w of ws) {
      expect(await totalOf(w.id)).toBe(0);
      expect(await vouchersOf(w.id)).toHaveLength(0);
    }
    const again = await call(admin2, 'POST', `/api/portal/sales-imports/${record.id}/confirm`, {});
    expect(again.status).toBe(400);
  });

  it('with a single administrator, the uploader confirms explicitly and the log says so', async () => {
    const solo = await startPocketBase();
    try {
      const only = await createStaff(solo, 'administrators');
      const soloAuditor = await createStaff(solo, 'auditors');
      await solo.admin.collection('campaigns').update(await activeCampaignId(solo), { maxCodesPerWorkshopPerWeek: 1 });
      const w = await createWorkshop(solo);
      const record = await uploadSales(only, `${HEADER}\n${w.id},1,K1,G1,2025-06-01,1000\n`, solo);
      expect(record.status).toBe('held');
      const implicit = await request(solo.url, only, 'POST', `/api/portal/sales-imports/${record.id}/confirm`, {});
      expect(implicit.status).toBe(400);
      expect(implicit.json.message).toBe(
        'Sie sind der einzige Administrator. Bitte bestätigen Sie ausdrücklich, dass Sie diesen Import selbst freigeben.',
      );
      const explicit = await request(solo.url, only, 'POST', `/api/portal/sales-imports/${record.id}/confirm`, { selfConfirm: true });
      expect(explicit.status).toBe(200);
      expect(await vouchersOf(w.id, solo)).toHaveLength(2);
      const log = await solo.admin
        .collection('staff_log')
        .getFirstListItem(solo.admin.filter('targetId = {:id} && action != "sales_import.upload"', { id: record.id }));
      expect(log).toMatchObject({ action: 'sales_import.self_confirm', reason: 'Einziger Administrator: ausdrücklich selbst bestätigt' });

      // An auditor's upload: the only administrator is not the uploader and confirms plainly.
      const w2 = await createWorkshop(solo);
      const byAuditor = await uploadSales(soloAuditor, `${HEADER}\n${w2.id},1,K1,G1,2025-06-01,1000\n`, solo);
      expect(byAuditor.status).toBe('held');
      expect((await request(solo.url, only, 'POST', `/api/portal/sales-imports/${byAuditor.id}/confirm`, {})).status).toBe(200);
      expect(await vouchersOf(w2.id, solo)).toHaveLength(2);
    } finally {
      await solo.stop();
    }
  });
});

describe('ids are made by the server', () => {
  it('refuses a client-chosen id on every create, with a German field message', async () => {
    const workshop = await createWorkshop(server);
    const centre = await server.admin
      .collection('nora_lz')
      .create({ partnerName: 'Autohaus Id', zipCode: '10115', city: 'Berlin', bnr: unique('i') });
    const voucher = await createVoucher(server, workshop.id);
    const attempts: [Actor | null, string, FormData | object][] = [
      [null, 'users', { ...workshopData(), id: 'gewaehlteid0001' }],
      [workshop, 'user_lz_connections', { id: 'gewaehlteid0002', user: workshop.id, noraLz: centre.id, customerNumber: 'KD1' }],
      [workshop, 'submissions', submissionForm(workshop.id, voucher, { id: 'gewaehlteid0003' })],
      [admin, 'sales_data_files', multipart({ id: 'gewaehlteid0004', filename: 'u.csv' }, blob(`${HEADER}\n`, 'text/csv'), 'u.csv')],
      [admin, 'user_file', { id: 'gewaehlteid0005', filename: 'userfile_2025-09-15.csv' }],
    ];
    for (const [actor, collection, body] of attempts) {
      const res = await call(actor, 'POST', `/api/collections/${collection}/records`, body);
      expect(res.status, collection).toBe(400);
      expect(res.json.data.id.message).toBe('Die ID eines Datensatzes vergibt der Server.');
    }
    for (const [i, collection] of ['users', 'user_lz_connections', 'submissions', 'sales_data_files', 'user_file'].entries()) {
      await expect(server.admin.collection(collection).getOne(`gewaehlteid000${i + 1}`)).rejects.toMatchObject({ status: 404 });
    }
  });
});

describe('the login lockout counts before it checks', () => {
  it('of 25 simultaneous wrong passwords at most 5 reach the check; the right one afterwards is locked out too', async () => {
    const workshop = await createWorkshop(server);
    const attempt = (password: string) =>
      call(null, 'POST', '/api/collections/users/auth-with-password', { identity: workshop.email, password });
    const answers = await Promise.all(Array.from({ length: 25 }, () => attempt('falsch-falsch-falsch')));
    const checked = answers.filter((a) => a.status === 400);
    const locked = answers.filter((a) => a.status === 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length + locked.length).toBe(25);
    for (const a of locked)
      expect(a.json.message).toBe('Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.');
    const right = await attempt(PASSWORD);
    expect(right.status).toBe(429);
    expect(right.json.token).toBeUndefined();
  });
});

describe('short writes', () => {
  it('a workshop’s save goes through while a 5 MB hostile upload is read, staged and merged', async () => {
    const workshop = await createWorkshop(server);
    const w = await createWorkshop(server);
    // Valid rows (staged and merged) between hostile ones (a quoted line break, a long quoted field).
    const parts: string[] = [HEADER];
    let size = 0;
    // 5 MB: about 17,000 valid rows, an import of seconds (the size that shows speed is bench:import's).
    for (let i = 0; size < 5 * 1024 * 1024; i += 1) {
      const line =
        i % 50 === 0
          ? `"${'x;"",'.repeat(2000)}\n",b,k,g,2025-06-01,1`
          : `${w.id},${i % 97},K${i},G${i % 13},2025-06-${String((i % 28) + 1).padStart(2, '0')},"0,01"`;
      parts.push(line);
      size += line.length + 1;
    }
    const upload = uploadSales(admin, `${parts.join('\n')}\n`);
    const latencies: number[] = [];
    let finished = false;
    upload.finally(() => (finished = true));
    for (let i = 0; !finished; i += 1) {
      const started = performance.now();
      const res = await call(workshop, 'PATCH', `/api/collections/users/records/${workshop.id}`, { city: `Berlin ${i % 10}` });
      expect(res.status).toBe(200);
      latencies.push(performance.now() - started);
      await pace(50);
    }
    const record = await upload;
    expect(record.status).toBe('done');
    expect(record.successfullyProcessedRows).toBeGreaterThan(15_000);
    latencies.sort((a, b) => a - b);
    console.log(
      `[short writes] ${latencies.length} saves during the upload, median ${latencies[Math.floor(latencies.length / 2)]!.toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
    );
    // Counted, not timed (issue 33): the saves went through while the import ran, so it never held
    // the writer for its whole length; the latencies are printed above.
    expect(latencies.length).toBeGreaterThan(10);
  }, 180_000);
});
