import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { blob, createCentre, createStaff, createWorkshop, multipart, type Actor } from '../helpers/fixtures';
import { protectedFile } from '../helpers/files';
import { request } from '../helpers/http';
import { startInbox, type MailInbox } from '../helpers/mail';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { until } from '../helpers/poll';

let server: TestServer;
let inbox: MailInbox;
let admin: Actor;
let auditor: Actor;
let workshop: Actor;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startPocketBase({ env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort) } });
  [admin, auditor, workshop] = await Promise.all([
    createStaff(server, 'administrators'),
    createStaff(server, 'auditors'),
    createWorkshop(server),
  ]);
});

afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

const HEADER = 'user,bnr,knr,gpnr,deliverydate,sales';

async function upload(actor: Actor, content: string | Buffer, filename = 'umsatz.csv', type = 'text/csv', target: TestServer = server) {
  const res = await request(
    target.url,
    actor,
    'POST',
    '/api/collections/sales_data_files/records',
    multipart({ filename }, blob(content, type), filename),
  );
  if (res.status !== 200) return { res, record: null };
  return { res, record: await target.admin.collection('sales_data_files').getOne(res.json.id) };
}

const stats = (user: string) => server.admin.collection('user_stats_view').getOne(user);
const vouchersOf = (user: string) =>
  server.admin.collection('vouchers').getFullList({ filter: server.admin.filter('user = {:u}', { u: user }), sort: 'tier' });

const failedRows = (record: { id: string; failedRowsCsv: string; collectionId: string }) => protectedFile(server, record, 'failedRowsCsv');

describe('sales import', () => {
  it('counts new rows, stores the uploader by role and brings the totals up to date', async () => {
    const w = await createWorkshop(server);
    const csv = `${HEADER}\n${w.id},4001,K1,G1,2025-06-01,120.50\n${w.id},4001,K1,G1,2025-06-02,79.50\n`;
    const { record } = await upload(admin, csv);
    expect(record).toMatchObject({
      status: 'done',
      progress: 100,
      adminUploaded: admin.id,
      auditorUploaded: '',
      successfullyProcessedRows: 2,
      newDataCount: 2,
      unchangedDataCount: 0,
      updatedDataCount: 0,
      failedProcessedRows: 0,
    });
    expect((await stats(w.id)).totalSales).toBe(200);
    const byAuditor = await upload(auditor, `${HEADER}\n${w.id},4001,K1,G1,2025-06-03,1\n`);
    expect(byAuditor.record).toMatchObject({ auditorUploaded: auditor.id, adminUploaded: '' });
  });

  it('tells unchanged, updated and new rows apart on a re-upload, with semicolons, BOM and decimal commas', async () => {
    const w = await createWorkshop(server);
    await upload(admin, `${HEADER}\n${w.id},4001,K1,G1,2025-06-01,100\n${w.id},4001,K1,G1,2025-06-02,50\n`);
    const again = `\uFEFF${HEADER.replace(/,/g, ';')}\n${w.id};4001;K1;G1;2025-06-01;100,00\n${w.id};4001;K1;G1;2025-06-02;60,5\n${w.id};4001;K1;G1;2025-06-03;-10,25\n`;
    const { record } = await upload(admin, again);
    expect(record).toMatchObject({
      successfullyProcessedRows: 3,
      unchangedDataCount: 1,
      updatedDataCount: 1,
      newDataCount: 1,
      failedProcessedRows: 0,
    });
    expect((await stats(w.id)).totalSales).toBe(150.25);
  });

  it('puts each failed row with a German reason into failedRowsCsv and imports the rest', async () => {
    const w = await createWorkshop(server);
    const lines = [
      `${w.id},4001,K1,G1,2025-06-01,10`,
      `unbekannt123456,4001,K1,G1,2025-06-01,10`,
      `${w.id},4001,K1,G1,2025-13-01,10`,
      `${w.id},4001,K1,G1,2024-06-01,10`,
      `${w.id},4001,,G1,2025-06-01,10`,
      `${w.id},4001,K1,G1,2025-06-01,zehn`,
      `${w.id},4001,K1,G1`,
      `${w.id},4001,K2,G1,2025-06-01,${'9'.repeat(100_000)}`,
      `=HYPERLINK("http://evil"),4001,K1,G1,2025-06-01,10`,
    ];
    const { record } = await upload(admin, `${HEADER}\n${lines.join('\n')}\n`);
    expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 1, failedProcessedRows: 8 });
    const bytes = await failedRows(record as never);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM for German Excel
    const text = bytes.subarray(3).toString('utf8');
    const rows = text.trim().split('\r\n');
    expect(rows[0]).toBe('"user";"bnr";"knr";"gpnr";"deliverydate";"sales";"fehler";"zeile"');
    const reasons = rows.slice(1).map((r) => [r.split(';').at(-2), r.split(';').at(-1)]);
    const invalidAmount = '"Ungültiger Umsatz: erwartet wird ein Betrag mit höchstens zwei Nachkommastellen, z. B. 1234,50 oder 1.234,50"';
    expect(reasons).toEqual([
      ['"Unbekannte Benutzer-ID"', '"3"'],
      ['"Ungültiges Lieferdatum (erwartet JJJJ-MM-TT)"', '"4"'],
      ['"Lieferdatum liegt außerhalb des Aktionszeitraums"', '"5"'],
      ['"Pflichtfeld fehlt: knr"', '"6"'],
      [invalidAmount, '"7"'],
      ['"Falsche Anzahl an Spalten"', '"8"'],
      [invalidAmount, '"9"'],
      ['"Unbekannte Benutzer-ID"', '"10"'],
    ]);
    // A 100,000-digit cell comes back cut to 200 characters.
    expect(rows[7]).toContain(`"${'9'.repeat(200)}…"`);
    // A formula in an uploaded cell is written back neutralised.
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('a row without a User-ID belongs to the one workshop with its customer number at that centre (issue 58)', async () => {
    const [a, b, c] = await Promise.all([createWorkshop(server), createWorkshop(server), createWorkshop(server)]);
    const centre = await createCentre(server, { bnr: '470001', partnerName: 'Autohaus Kundennummer' });
    const other = await createCentre(server, { bnr: '470002', partnerName: 'Autohaus Geteilt' });
    await a.pb.collection('user_lz_connections').create({ user: a.id, noraLz: centre.id, customerNumber: 'KD12345' });
    // Two workshops claim one number at the other centre: such rows need the User-ID.
    await b.pb.collection('user_lz_connections').create({ user: b.id, noraLz: other.id, customerNumber: 'X9' });
    await c.pb.collection('user_lz_connections').create({ user: c.id, noraLz: other.id, customerNumber: 'x9' });
    const lines = [
      `,470001,KD-12 34/5,G1,2025-06-01,100.10`, // written as the dealer writes it: matched by letters and digits
      `  ,470001,kd12345,G1,2025-06-02,0.90`,
      `,470002,X9,G1,2025-06-01,10`,
      `,470001,KD99999,G1,2025-06-01,10`,
      `,470009,KD12345,G1,2025-06-01,10`,
      `${b.id},470002,X9,G1,2025-06-01,10`,
    ];
    const { record } = await upload(admin, `${HEADER}\n${lines.join('\n')}\n`);
    expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 3, failedProcessedRows: 3 });
    expect((await stats(a.id)).totalSales).toBe(101);
    expect((await stats(b.id)).totalSales).toBe(10);
    const rows = (await failedRows(record as never)).subarray(3).toString('utf8').trim().split('\r\n');
    expect(rows.slice(1).map((r) => [r.split(';').at(-2), r.split(';').at(-1)])).toEqual([
      [
        '"Ohne User-ID: mehrere Werkstätten haben diese Kundennummer (knr) bei diesem Leistungszentrum (bnr). Bitte die User-ID angeben."',
        '"4"',
      ],
      ['"Ohne User-ID: keine Werkstatt hat diese Kundennummer (knr) bei diesem Leistungszentrum (bnr). Bitte die User-ID angeben."', '"5"'],
      ['"Ohne User-ID: keine Werkstatt hat diese Kundennummer (knr) bei diesem Leistungszentrum (bnr). Bitte die User-ID angeben."', '"6"'],
    ]);
    // The stored row names its workshop: the same row again with the User-ID is unchanged, not new.
    const again = await upload(admin, `${HEADER}\n${a.id},470001,KD-12 34/5,G1,2025-06-01,100.10\n`);
    expect(again.record).toMatchObject({ unchangedDataCount: 1, newDataCount: 0 });
  });

  it('takes a user or date cell named like a JavaScript property for what it is: unknown, not a crash', async () => {
    const w = await createWorkshop(server);
    const lines = [
      `constructor,4001,K1,G1,2025-06-01,10`,
      `__proto__,4001,K1,G1,2025-06-01,10`,
      `toString,4001,K1,G1,2025-06-01,10`,
      `${w.id},4001,K1,G1,constructor,10`,
      `${w.id},4001,K2,G1,__proto__,10`,
      `${w.id},4001,K3,G1,2025-06-01,10`,
    ];
    const { record } = await upload(admin, `${HEADER}\n${lines.join('\n')}\n`);
    expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 1, failedProcessedRows: 5 });
    const rows = (await failedRows(record as never)).subarray(3).toString('utf8').trim().split('\r\n');
    expect(rows.slice(1).map((r) => r.split(';').at(-2))).toEqual([
      '"Unbekannte Benutzer-ID"',
      '"Unbekannte Benutzer-ID"',
      '"Unbekannte Benutzer-ID"',
      '"Ungültiges Lieferdatum (erwartet JJJJ-MM-TT)"',
      '"Ungültiges Lieferdatum (erwartet JJJJ-MM-TT)"',
    ]);
    expect((await stats(w.id)).totalSales).toBe(10);
  });

  it('imports a file with blanks around its cells, tabs, CRLF and a non-ASCII blank exactly like its plain twin', async () => {
    // A plain ASCII file skips trimming each cell; any blank in the file takes the trimming path.
    const [plain, padded] = await Promise.all([createWorkshop(server), createWorkshop(server)]);
    const rows = (id: string) => [
      [id, '4001', 'K1', 'G1', '2025-06-01', '100,50'],
      [id, '4001', 'K2', 'G1', '2025-06-02', '1.234,50'],
      [id, '4002', 'K1', 'G2', '2025-06-02', '-0,5'],
    ];
    const plainCsv = `${HEADER}\n${rows(plain.id)
      .map((r) => r.map((c) => (c.includes(',') ? `"${c}"` : c)).join(','))
      .join('\n')}\n`;
    const paddedCsv = `${HEADER.replace(/,/g, ';')}\r\n${rows(padded.id)
      .map((r, i) => r.map((c, k) => (k === i ? `\u00a0${c}\t` : ` ${c} `)).join(';'))
      .join('\r\n')}\r\n`;
    const a = (await upload(admin, plainCsv)).record;
    const b = (await upload(admin, paddedCsv)).record;
    for (const record of [a, b]) expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 3, failedProcessedRows: 0 });
    const stored = async (id: string) =>
      (
        await server.admin
          .collection('sales_data')
          .getFullList({ filter: server.admin.filter('user = {:u}', { u: id }), sort: 'knr,bnr,deliverydate' })
      ).map((r) => [r.bnr, r.knr, r.gpnr, r.deliverydate, r.sales]);
    expect(await stored(padded.id)).toEqual(await stored(plain.id));
    expect((await stats(padded.id)).totalSales).toBe(1334.5);
  });

  for (const [name, content, message] of [
    ['an empty file', '\n\n', 'Die Datei ist leer.'],
    ['a file with a wrong header', 'user;bnr;knr;deliverydate;sales\nx;1;2;2025-06-01;1\n', 'Falsche Kopfzeile'],
    [
      'a Latin-1 file',
      Buffer.concat([Buffer.from(`${HEADER}\nabc,4001,K1,G1,2025-06-01,1\n# M`), Buffer.from([0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x0a])]),
      'nicht UTF-8',
    ],
  ] as const) {
    it(`fails ${name} with a clear message and imports nothing`, async () => {
      const before = await server.admin.collection('sales_data').getList(1, 1);
      const { res, record } = await upload(admin, content);
      expect(res.status).toBe(200);
      expect(record).toMatchObject({ status: 'failed', successfullyProcessedRows: 0 });
      expect(record!.errorMessage).toContain(message);
      expect((await server.admin.collection('sales_data').getList(1, 1)).totalItems).toBe(before.totalItems);
    });
  }

  it('accepts a header-only file as done with zero rows', async () => {
    const { record } = await upload(admin, `${HEADER}\n`);
    expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 0, failedProcessedRows: 0 });
  });

  it('refuses binary garbage at upload', async () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 73) % 256));
    const { res } = await upload(admin, garbage, 'umsatz.csv', 'text/csv');
    if (res.status === 200) {
      const record = await server.admin.collection('sales_data_files').getOne(res.json.id);
      expect(record.status).toBe('failed');
    } else {
      expect(res.status).toBe(400);
    }
  });

  it('refuses workshops and guests and stores nothing', async () => {
    const before = (await server.admin.collection('sales_data_files').getList(1, 1)).totalItems;
    const { res } = await upload(workshop, `${HEADER}\n`);
    expect(res.status).toBe(400);
    const guest = await request(
      server.url,
      null,
      'POST',
      '/api/collections/sales_data_files/records',
      multipart({ filename: 'x.csv' }, blob(`${HEADER}\n`, 'text/csv'), 'x.csv'),
    );
    expect(guest.status).toBe(400);
    expect((await server.admin.collection('sales_data_files').getList(1, 1)).totalItems).toBe(before);
  });
});

describe('a large plain file read in pieces (decision 022)', () => {
  // A second server reads any plain file over 2 kB in pieces of 1 kB; the suite's server reads
  // files this size whole. The same files must end the same on both, to the failed-rows file.
  let pieced: TestServer;
  let piecedAdmin: Actor;
  beforeAll(async () => {
    pieced = await startPocketBase({ env: { PORTAL_IMPORT_PIECE_BYTES: '1024' } });
    piecedAdmin = await createStaff(pieced, 'administrators');
  });
  afterAll(async () => {
    await pieced?.stop();
  });

  /** ~700 rows: good ones, failing ones (unknown user, bad date and amount, a long id), repeats and empty lines. */
  function salesFile(ids: string[], eol: string, pad: string, extra = '') {
    const lines = [HEADER];
    for (let i = 0; i < 700; i += 1) {
      const id = ids[i % ids.length]!;
      const cell = (c: string) => `${pad}${c}${pad}`;
      const day = `2025-06-${String((i % 28) + 1).padStart(2, '0')}`;
      if (i % 97 === 5) lines.push(['unbekannt', '4001', `K${i}`, 'G1', day, '10.00'].map(cell).join(','));
      else if (i % 89 === 7) lines.push([id, '4001', `K${i}`, 'G1', '2025-13-01', '10.00'].map(cell).join(','));
      else if (i % 83 === 9) lines.push([id, '4001', `K${i}`, 'G1', day, 'zehn'].map(cell).join(','));
      else if (i % 79 === 11) lines.push([id, 'x'.repeat(31), `K${i}`, 'G1', day, '10.00'].map(cell).join(','));
      else if (i % 71 === 13) {
        // The row before once more: the same key, so this line fails naming that one.
        const p = i - 1;
        const before = [
          ids[p % ids.length]!,
          `${4000 + (p % 7)}`,
          `K${p}`,
          `G${p % 5}${extra}`,
          `2025-06-${String((p % 28) + 1).padStart(2, '0')}`,
        ];
        lines.push([...before, '5.00'].map(cell).join(','));
      } else if (i % 67 === 17) lines.push('');
      else lines.push([id, `${4000 + (i % 7)}`, `K${i}`, `G${i % 5}${extra}`, day, `${(i % 40) + 0.25}`].map(cell).join(','));
    }
    return lines.join(eol) + eol;
  }

  async function importOn(target: TestServer, actor: Actor, content: string) {
    const { res, record } = await upload(actor, content, 'gross.csv', 'text/csv', target);
    expect(res.status, res.text).toBe(200);
    return record!;
  }

  const piecesLogged = async (target: TestServer, fileId: string) =>
    (
      await target.admin.send('/api/logs', {
        query: { filter: target.admin.filter('message = {:m} && data.file = {:f}', { m: 'sales import: file read in pieces', f: fileId }) },
      })
    ).totalItems as number;

  for (const [name, eol, pad, extra, readInPieces] of [
    ['LF, no blanks', '\n', '', '', true],
    ['CRLF with blanks around the cells', '\r\n', ' ', '', true],
    ['a non-ASCII letter (read whole on both)', '\n', '', 'ü', false],
  ] as const) {
    it(`${name}: same counts, codes and failed rows as the whole file`, async () => {
      const mine = await Promise.all([0, 1, 2].map(() => createWorkshop(server)));
      const theirs = await Promise.all([0, 1, 2].map(() => createWorkshop(pieced)));
      const file = (workshops: Actor[]) =>
        salesFile(
          workshops.map((w) => w.id),
          eol,
          pad,
          extra,
        );
      const whole = await importOn(server, admin, file(mine));
      const piecewise = await importOn(pieced, piecedAdmin, file(theirs));
      const fields = ['status', 'successfullyProcessedRows', 'failedProcessedRows', 'newDataCount', 'codesIssued'] as const;
      const pick = (r: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, r[f]]));
      expect(whole.status).toBe('done');
      expect(piecewise.status).toBe('done');
      expect(whole.failedProcessedRows).toBeGreaterThan(20);
      expect(pick(piecewise)).toEqual(pick(whole));
      // The failed rows, line numbers and German reasons included, with each server's ids named alike.
      const named = (text: string, ids: string[]) => ids.reduce((t, id, i) => t.split(id).join(`W${i}`), text);
      const wholeRows = named(
        (await protectedFile(server, whole, 'failedRowsCsv')).toString('utf8'),
        mine.map((w) => w.id),
      );
      const pieceRows = named(
        (await protectedFile(pieced, piecewise, 'failedRowsCsv')).toString('utf8'),
        theirs.map((w) => w.id),
      );
      expect(pieceRows).toBe(wholeRows);
      expect(wholeRows).toContain('Doppelte Zeile in dieser Datei');
      // Each workshop's total, to the cent.
      for (let i = 0; i < 3; i += 1) {
        const a = await server.admin.collection('user_stats_view').getOne(mine[i]!.id);
        const b = await pieced.admin.collection('user_stats_view').getOne(theirs[i]!.id);
        expect(b.totalSales).toBe(a.totalSales);
      }
      // The pieced server really read this file in pieces (or, with a non-ASCII letter, whole).
      const logged = await until(
        'the import log line',
        async () => (await piecesLogged(pieced, piecewise.id)) > 0 === readInPieces || null,
        { timeoutMs: 10_000, everyMs: 200 },
      );
      expect(logged).toBe(true);
      expect(await piecesLogged(server, whole.id)).toBe(0);
    });
  }
});

describe('codes', () => {
  async function salesFor(total: number[]) {
    const w = await createWorkshop(server);
    const rows = total.map((s, i) => `${w.id},4001,K1,G1,2025-06-${String(i + 1).padStart(2, '0')},${s}`);
    await upload(admin, `${HEADER}\n${rows.join('\n')}\n`);
    return w;
  }

  it('issues none at 499.99, one at exactly 500 and one at 999.99', async () => {
    expect(await vouchersOf((await salesFor([499.99])).id)).toHaveLength(0);
    const at500 = await salesFor([300, 200]);
    const v = await vouchersOf(at500.id);
    expect(v.map((x) => [x.tier, x.status])).toEqual([[1, 'open']]);
    expect(v[0]!.code).toMatch(/^NORA-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const mail = await inbox.waitFor(at500.email, (m) => m.subject.includes(v[0]!.code));
    expect(mail.html).toContain('herzlichen Glückwunsch');
    const at999 = await salesFor([999.99]);
    expect(await vouchersOf(at999.id)).toHaveLength(1);
  });

  it('issues two at 1000, and a second upload of the same file issues nothing new', async () => {
    const w = await createWorkshop(server);
    const csv = `${HEADER}\n${w.id},4001,K1,G1,2025-06-01,600\n${w.id},4001,K1,G1,2025-06-02,400\n`;
    await upload(admin, csv);
    expect((await vouchersOf(w.id)).map((v) => v.tier)).toEqual([1, 2]);
    const again = await upload(admin, csv);
    expect(again.record).toMatchObject({ unchangedDataCount: 2, newDataCount: 0 });
    expect((await vouchersOf(w.id)).map((v) => v.tier)).toEqual([1, 2]);
    expect((await stats(w.id)).totalCashback).toBe(100);
  });

  it('keeps codes after a correction downwards and issues the next only when the threshold is crossed again', async () => {
    const w = await createWorkshop(server);
    await upload(admin, `${HEADER}\n${w.id},4001,K1,G1,2025-06-01,1000\n`);
    await upload(admin, `${HEADER}\n${w.id},4001,K1,G1,2025-06-01,300\n`);
    expect((await vouchersOf(w.id)).map((v) => v.tier)).toEqual([1, 2]);
    expect((await stats(w.id)).totalSales).toBe(300);
    await upload(admin, `${HEADER}\n${w.id},4001,K1,G1,2025-06-02,1200\n`);
    expect((await vouchersOf(w.id)).map((v) => v.tier)).toEqual([1, 2, 3]);
  });
});
