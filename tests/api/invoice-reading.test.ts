import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { imagePdfOf, pageImageOf, photoOf, sampleInvoice, textPdfOf, type SampleInvoice } from '../../scripts/lib/invoice-samples.mjs';
import { SECRET_FILE, SECRET_HEADER } from '../../scripts/reader/secret.mjs';
import { READING, READING_SIGNALS } from '../../src/rules';
import {
  backdateVoucher,
  blob,
  createCentre,
  createStaff,
  createVoucher,
  createWorkshop,
  freshIban,
  submissionForm,
  type Actor,
} from '../helpers/fixtures';
import { request } from '../helpers/http';
import { pngDeclaring } from '../helpers/images';
import { invoicePdf } from '../helpers/invoices';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { until } from '../helpers/poll';

// Issue 61: every invoice is read on arrival by the reader process beside PocketBase (started
// and supervised here as `npm start` does), and the signals come from what it read, before any
// auditor opens the submission.

let server: TestServer;
let auditor: Actor;

beforeAll(async () => {
  // The reading thread ends after 2 s without an invoice (30 s in production): the tests read
  // with a kept thread and with a new one.
  server = await startPocketBase({ reader: true, env: { PORTAL_READER_IDLE_MS: '2000' } });
  auditor = await createStaff(server, 'auditors');
});
afterAll(async () => {
  await server?.stop();
});

interface Reading {
  state: string;
  reason: string;
  kind: string;
  pages: { width: number; height: number; quarterTurns?: number }[];
  fields: Record<string, { value: string; confidence: number; page?: number; box?: number[]; match?: boolean }>;
}

/** A workshop linked to the dealer of `inv` with the invoice's customer number, named as its buyer. */
async function workshopFor(inv: SampleInvoice, { linked = true } = {}) {
  const workshop = await createWorkshop(server, { shopName: inv.shopName });
  const centre = await createCentre(server, { partnerName: linked ? inv.seller : 'Autohaus Fremd GmbH' });
  await server.admin.collection('user_lz_connections').create({ user: workshop.id, noraLz: centre.id, customerNumber: inv.customerNumber });
  return workshop;
}

async function redeem(workshop: Actor, bytes: Buffer, name: string, type: string, issued?: string) {
  const voucher = await createVoucher(server, workshop.id);
  if (issued) backdateVoucher(server, voucher.id, issued);
  const res = await request(
    server.url,
    workshop,
    'POST',
    '/api/collections/submissions/records',
    submissionForm(workshop.id, voucher, { ibanNumber: freshIban() }, blob(bytes, type), name),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.id as string;
}

/** The stored submission (as superuser: the reading fields are hidden from everybody else). */
const stored = (id: string) => server.admin.collection('submissions').getOne(id);

/** Waits until the reader has finished with a submission, without any auditor asking for it. */
async function readDone(id: string, timeoutMs = 60_000) {
  return until(
    `submission ${id} read`,
    async () => {
      const s = await stored(id);
      return ['read', 'failed'].includes(s.readingState) ? s : null;
    },
    { timeoutMs, everyMs: 100 },
  );
}

const reviewOf = async (id: string) => (await request(server.url, auditor, 'GET', `/api/portal/review/${id}`)).json;
const codesOf = (signals: { code: string }[]) => signals.map((s) => s.code).sort();

describe('what the reader reads', () => {
  it('a text PDF: date, number, totals, seller and buyer from its text layer, sure, no signal', async () => {
    const inv = sampleInvoice(1, { date: '2025-09-10' });
    const w = await workshopFor(inv);
    const id = await redeem(w, await textPdfOf(inv), 'rechnung.pdf', 'application/pdf');
    const s = await readDone(id);
    expect(s.readingState).toBe('read');
    const review = await reviewOf(id);
    const reading = review.reading as Reading;
    expect(reading.kind).toBe('text');
    expect(reading.fields.invoiceDate).toMatchObject({ value: '2025-09-10', confidence: 100, page: 1 });
    expect(reading.fields.invoiceNumber).toMatchObject({ value: inv.number, confidence: 100 });
    expect(reading.fields.gross?.value).toBe(inv.gross);
    expect(reading.fields.net?.value).toBe(inv.net);
    expect(reading.fields.seller).toMatchObject({ value: inv.seller, match: true });
    expect(reading.fields.buyer).toMatchObject({ match: true });
    expect(reading.fields.invoiceNumber?.box).toHaveLength(4);
    expect(review.invoiceNumber).toBe(inv.number.toUpperCase());
    expect(review.invoiceDate).toBe('2025-09-10');
    expect(review.text).toContain(inv.seller);
    expect(codesOf(review.signals)).toEqual([]);
  });

  it('an image-only PDF (a scan) is recognised: the same fields, with their confidence', async () => {
    const inv = sampleInvoice(2, { date: '2025-09-11' });
    const w = await workshopFor(inv);
    const scan = await imagePdfOf(await pageImageOf(await textPdfOf(inv), 200), 70);
    const id = await redeem(w, scan, 'scan.pdf', 'application/pdf');
    await readDone(id);
    const { reading, signals } = (await reviewOf(id)) as { reading: Reading; signals: { code: string }[] };
    expect(reading.kind).toBe('ocr');
    expect(reading.fields.invoiceDate?.value).toBe('2025-09-11');
    expect(reading.fields.invoiceNumber?.value).toBe(inv.number);
    expect(reading.fields.gross?.value).toBe(inv.gross);
    for (const f of READING.keyFields) expect(reading.fields[f]!.confidence).toBeGreaterThanOrEqual(READING.minConfidence);
    expect(codesOf(signals)).toEqual([]);
  });

  it('a phone photo turned a quarter and skewed is read the right way up', async () => {
    const inv = sampleInvoice(3, { date: '2025-09-12' });
    const w = await workshopFor(inv);
    const photo = photoOf(await pageImageOf(await textPdfOf(inv), 150), { skew: 3, quarterTurns: 1, quality: 60, seed: 3 });
    const id = await redeem(w, photo, 'foto.jpg', 'image/jpeg');
    await readDone(id);
    const { reading } = (await reviewOf(id)) as { reading: Reading };
    expect(reading.kind).toBe('ocr');
    expect(reading.pages[0]?.quarterTurns).toBe(3);
    expect(reading.fields.invoiceDate?.value).toBe('2025-09-12');
    expect(reading.fields.invoiceNumber?.value).toBe(inv.number);
    expect(reading.fields.gross?.value).toBe(inv.gross);
  });

  it('an invoice from a dealer the workshop is not linked to, made out to another buyer: seller and buyer signals', async () => {
    const inv = sampleInvoice(4, { date: '2025-09-10' });
    const w = await workshopFor({ ...inv, shopName: 'Ganz Andere Werkstatt', customerNumber: '999999' }, { linked: false });
    const id = await redeem(w, await textPdfOf(inv), 'rechnung.pdf', 'application/pdf');
    await readDone(id);
    const { signals } = await reviewOf(id);
    expect(signals).toEqual(
      expect.arrayContaining([
        { code: 'seller', message: READING_SIGNALS.seller },
        { code: 'buyer', message: READING_SIGNALS.buyer },
      ]),
    );
  });

  it('a photo with nothing readable raises "unreadable" naming the key fields; no signal is cleared by a doubt', async () => {
    const inv = sampleInvoice(5);
    const w = await workshopFor(inv);
    const blank = photoOf(await pageImageOf(await textPdfOf({ ...inv, items: [] }), 20), { quality: 30, noise: 60, seed: 5 });
    const id = await redeem(w, blank, 'foto.jpg', 'image/jpeg');
    await readDone(id);
    const review = await reviewOf(id);
    const unreadable = (review.signals as { code: string; message: string }[]).find((s) => s.code === 'unreadable');
    expect(unreadable?.message).toBe(READING_SIGNALS.unreadable(['Rechnungsdatum', 'Rechnungsnummer', 'Bruttobetrag']));
    expect(review.invoiceNumber).toBe('');
    expect(review.invoiceDate).toBe('');
  });

  it('the same invoice number from two workshops: both carry the signal before anybody opens either', async () => {
    const first = sampleInvoice(6, { date: '2025-09-10', number: 'RE-2025-777001' });
    const second = sampleInvoice(7, { date: '2025-09-10', number: 'RE-2025-777001', dealer: first.dealer });
    const [a, b] = [await workshopFor(first), await workshopFor(second)];
    const one = await redeem(a, await textPdfOf(first), 'a.pdf', 'application/pdf');
    const two = await redeem(b, await textPdfOf(second), 'b.pdf', 'application/pdf');
    await readDone(one);
    await readDone(two);
    const signalsOne = (await stored(one)).signals as { code: string; message: string }[];
    const signalsTwo = (await stored(two)).signals as { code: string; message: string }[];
    expect(signalsOne.find((s) => s.code === 'number')?.message).toContain(two);
    expect(signalsTwo.find((s) => s.code === 'number')?.message).toContain(one);
    // The queue puts them before submissions without signals.
    const queue = (await request(server.url, auditor, 'GET', '/api/portal/review/queue?limit=200')).json.items as {
      id: string;
      signals: unknown[];
    }[];
    const firstWithout = queue.findIndex((s) => s.signals.length === 0);
    const lastWith = queue.map((s) => s.signals.length > 0).lastIndexOf(true);
    expect(firstWithout === -1 || lastWith < firstWithout).toBe(true);
  });
});

describe('signals from the dates read', () => {
  it('a date after the cutoff and a date before the code was issued, in the queue and in the audit file', async () => {
    const lateInv = sampleInvoice(12, { date: '2025-11-03' });
    const earlyInv = sampleInvoice(13, { date: '2025-07-20' });
    const late = await redeem(await workshopFor(lateInv), await textPdfOf(lateInv), 'spaet.pdf', 'application/pdf', '2025-08-01');
    const early = await redeem(await workshopFor(earlyInv), await textPdfOf(earlyInv), 'frueh.pdf', 'application/pdf', '2025-08-01');
    await readDone(late);
    await readDone(early);
    expect((await reviewOf(late)).signals).toEqual([
      { code: 'late', message: 'Rechnungsdatum 03.11.2025 liegt nach dem letzten erlaubten Rechnungsdatum (31.10.2025).' },
    ]);
    expect((await reviewOf(early)).signals).toEqual([
      {
        code: 'early',
        message:
          'Rechnungsdatum 20.07.2025 liegt vor der Ausgabe des Codes am 01.08.2025: verlangt ist die Rechnung des nächsten Einkaufs danach.',
      },
    ]);
    // The audit file carries them in its Hinweise column.
    const file = await request(server.url, auditor, 'POST', '/api/collections/submission_audit_files/records', { filename: 'p.csv' });
    const record = await server.admin.collection('submission_audit_files').getOne(file.json.id);
    const token = await server.admin.files.getToken();
    const csv = await (await fetch(`${server.url}/api/files/submission_audit_files/${record.id}/${record.file}?token=${token}`)).text();
    expect(csv).toContain('liegt nach dem letzten erlaubten Rechnungsdatum (31.10.2025).');
  });

  it('the browser no longer posts invoice text: the former route is gone', async () => {
    const inv = sampleInvoice(14, { date: '2025-09-10' });
    const id = await redeem(await workshopFor(inv), await textPdfOf(inv), 'r.pdf', 'application/pdf');
    const res = await request(server.url, auditor, 'POST', `/api/portal/review/${id}/text`, { text: 'Rechnungsnummer X-FORGED' });
    expect(res.status).toBe(404);
    expect(JSON.stringify((await readDone(id)).invoiceNumber)).not.toContain('X-FORGED');
  });
});

describe('the invoice’s own date and number', () => {
  const late = async (lines: string[]) => {
    const w = await createWorkshop(server);
    const id = await redeem(w, await invoicePdf(lines), 'rechnung.pdf', 'application/pdf');
    await readDone(id);
    return (await reviewOf(id)) as { signals: { code: string; message: string }[]; invoiceNumber: string; invoiceDate: string };
  };

  it('a late invoice is flagged although a delivery and an order date stand before its date', async () => {
    const facts = await late([
      'Autoteile Nord GmbH',
      'Bestelldatum: 01.08.2025',
      'Lieferdatum: 02.08.2025',
      `Rechnungsnummer: RE ${Date.now()}`,
      'Rechnungsdatum: 30.11.2025',
    ]);
    expect(facts.invoiceDate).toBe('2025-11-30');
    expect(facts.signals.map((s) => s.code)).toContain('late');
  });

  it('reads "RE 4711" whole: two invoices of one supplier raise no same-number signal, the same number does', async () => {
    const n = Date.now() % 100000;
    const one = await late(['Rechnungsnummer: RE ' + n, 'Datum: 01.09.2025']);
    const two = await late(['Rechnungsnummer: RE ' + (n + 1), 'Datum: 01.09.2025']);
    expect(one.invoiceNumber).toBe(`RE ${n}`);
    expect(two.signals.map((s) => s.code)).not.toContain('number');
    const three = await late(['Rechnungs-Nr. RE ' + n + ' vom 02.09.2025']);
    expect(three.invoiceNumber).toBe(`RE ${n}`);
    expect(three.invoiceDate).toBe('2025-09-02');
    expect(three.signals.map((s) => s.code)).toContain('number');
  });
});

describe('an auditor corrects what was read', () => {
  it('kept beside the read value, in the staff log, and used by the signals; bad values refused in German', async () => {
    const inv = sampleInvoice(15);
    const w = await workshopFor(inv);
    const blank = photoOf(await pageImageOf(await textPdfOf({ ...inv, items: [] }), 20), { quality: 30, noise: 60, seed: 15 });
    const twin = sampleInvoice(16, { date: '2025-09-10', number: 'RE-2025-515151' });
    const other = await redeem(await workshopFor(twin), await textPdfOf(twin), 'twin.pdf', 'application/pdf');
    const id = await redeem(w, blank, 'foto.jpg', 'image/jpeg');
    await readDone(id);
    await readDone(other);
    const post = (field: string, value: string) =>
      request(server.url, auditor, 'POST', `/api/portal/review/${id}/reading`, { field, value });

    for (const [field, value, message] of [
      ['invoiceDate', '31.02.2025', READING.messages.correctionDate],
      ['invoiceDate', '2025-09-10', READING.messages.correctionDate],
      ['gross', '12e3', READING.messages.correctionAmount],
      ['gross', '2.000.000,00', READING.messages.correctionAmount],
      ['invoiceNumber', `RE-${'9'.repeat(40)}`, READING.messages.correctionValue],
      ['invoiceNumber', 'RE\u0000X', READING.messages.correctionValue],
      ['seller', 'Autohaus', READING.messages.correctionField],
    ] as const) {
      const res = await post(field, value);
      expect(res.status, `${field} ${value}`).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect((await stored(id)).reading.corrections).toBeUndefined();

    expect((await post('invoiceNumber', 're-2025-515151')).status).toBe(200);
    expect((await post('invoiceDate', '10.09.2025')).status).toBe(200);
    const res = await post('gross', '1.234,5');
    expect(res.status).toBe(200);
    expect(res.json.reading.corrections.gross).toMatchObject({ value: '1234.50', by: auditor.id });
    expect(res.json.reading.corrections.invoiceNumber).toMatchObject({ value: 'RE-2025-515151', read: '' });
    expect(res.json.invoiceNumber).toBe('RE-2025-515151');
    expect(codesOf(res.json.signals)).toEqual(['buyer', 'number', 'seller'].filter((c) => c !== 'x').sort());
    // The other submission with that number now names this one, though nobody read it again.
    expect(((await stored(other)).signals as { message: string }[]).some((x) => x.message.includes(id))).toBe(true);
    const log = await server.admin.collection('staff_log').getFirstListItem(`action = 'review.reading_corrected' && targetId = '${id}'`, {
      sort: '-created',
    });
    expect(log).toMatchObject({ actorId: auditor.id, before: { gross: '' }, after: { gross: '1234.50' } });
  });
});

describe('the reader survives', () => {
  it('ends its reading thread after a while without an invoice, and reads the next with a new one', async () => {
    const inv = sampleInvoice(12, { date: '2025-09-10' });
    const w = await workshopFor(inv);
    const ends = () => server.reader!.logs().split('reading thread ended').length - 1;
    const first = await readDone(await redeem(w, await textPdfOf(inv), 'rechnung.pdf', 'application/pdf'));
    expect(first.readingState).toBe('read');
    const endedBefore = ends();
    const restartsBefore = server.reader!.restarts();
    await until('the idle reader to end its reading thread', () => ends() > endedBefore, { timeoutMs: 20_000 });
    const next = sampleInvoice(13, { date: '2025-09-11' });
    const second = await readDone(await redeem(w, await textPdfOf(next), 'rechnung.pdf', 'application/pdf'));
    expect(second.readingState).toBe('read');
    expect(second.reading.fields.invoiceNumber?.value).toBe(next.number);
    // The process itself stayed up: only its thread ended.
    expect(server.reader!.restarts()).toBe(restartsBefore);
  });

  it('kill -9 halfway through a reading: read again by the restarted reader, one result', async () => {
    const inv = sampleInvoice(8, { date: '2025-09-10' });
    const w = await workshopFor(inv);
    const photo = photoOf(await pageImageOf(await textPdfOf(inv), 150), { skew: 2, quarterTurns: 2, quality: 70, seed: 8 });
    const id = await redeem(w, photo, 'foto.jpg', 'image/jpeg');
    await until('the reading to start', async () => (await stored(id)).readingState === 'reading', { everyMs: 20 });
    const restartsBefore = server.reader!.restarts();
    const victim = server.reader!.current()!;
    const gone = new Promise((r) => victim.once('exit', r));
    victim.kill('SIGKILL');
    await gone;
    const s = await readDone(id);
    expect(server.reader!.restarts()).toBe(restartsBefore + 1);
    expect(s.readingState).toBe('read');
    expect(s.readingAttempts).toBe(2);
    expect(s.reading.fields.invoiceNumber?.value, JSON.stringify(s.reading)).toBe(inv.number);
    // One result stored: the reader says so once (its line may come just after the answer).
    await until('the reader to log the reading', () => server.reader!.logs().includes(`${id} read`));
    expect(server.reader!.logs().match(new RegExp(`${id} read`, 'g'))).toHaveLength(1);
  });

  it('hostile files fail with a reason (or are refused at upload) and the reader stays up', async () => {
    const inv = sampleInvoice(9, { date: '2025-09-10' });
    const w = await workshopFor(inv);
    const restartsBefore = server.reader!.restarts();

    // A PDF whose one page has a content stream of 200 MB of nothing, deflated to a few hundred kB.
    const bomb = await PDFDocument.create();
    const page = bomb.addPage([595, 842]);
    const stream = bomb.context.flateStream(deflateSync(Buffer.alloc(200 * 1024 * 1024, 0x20)), {});
    const ref = bomb.context.register(stream);
    page.node.set(PDFName.of('Contents'), ref);
    const bombBytes = Buffer.from(await bomb.save());
    // A page larger than the portal would ever render, without text.
    const huge = await PDFDocument.create();
    huge.addPage([14400, 14400]).drawRectangle({ x: 10, y: 10, width: 14000, height: 14000 });
    // A photo cut off halfway.
    const photo = photoOf(await pageImageOf(await textPdfOf(inv), 100), { seed: 9 });
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));

    const cases: [string, Buffer, string, string, string | null][] = [
      ['PDF bomb', bombBytes, 'bomb.pdf', 'application/pdf', null],
      ['huge page', Buffer.from(await huge.save()), 'gross.pdf', 'application/pdf', null],
      ['40-megapixel PNG', pngDeclaring(8000, 5000), 'riesig.png', 'image/png', READING.reasons.tooLarge],
      ['truncated JPEG', truncated, 'kaputt.jpg', 'image/jpeg', READING.reasons.damaged],
      ['not an invoice at all', Buffer.from('%PDF-1.7\n garbage'), 'kaputt.pdf', 'application/pdf', READING.reasons.damaged],
    ];
    for (const [what, bytes, name, type, reason] of cases) {
      const id = await redeem(w, bytes, name, type);
      const s = await readDone(id, 120_000);
      if (reason) {
        expect(s.readingState, what).toBe('failed');
        expect(s.readingReason, what).toBe(reason);
        expect(
          (s.signals as { message: string }[]).map((x) => x.message),
          what,
        ).toContain(READING_SIGNALS.failed(reason));
      } else {
        // Read without text or failed with a reason: either way the auditor is told to look.
        expect(
          (s.signals as { code: string }[]).some((x) => x.code === 'unreadable'),
          what,
        ).toBe(true);
      }
    }
    // Still the same reader, and it still reads.
    expect(server.reader!.restarts()).toBe(restartsBefore);
    const id = await redeem(w, await textPdfOf(inv), 'gut.pdf', 'application/pdf');
    expect((await readDone(id)).readingState).toBe('read');
  });
});

describe('the internal routes answer the reader only', () => {
  const secret = () => readFileSync(path.join(server.dataDir, SECRET_FILE), 'utf8').trim();
  const routes: [string, string][] = [
    ['POST', '/api/internal/reader/start'],
    ['POST', '/api/internal/reader/claim'],
    ['GET', '/api/internal/reader/file/abc'],
    ['POST', '/api/internal/reader/result/abc'],
  ];

  it('without the secret, with a wrong one, or as staff: 404 and nothing about the reader', async () => {
    for (const [method, route] of routes) {
      for (const headers of [{}, { [SECRET_HEADER]: 'wrong' }, { [SECRET_HEADER]: `${secret()}x` }] as Record<string, string>[]) {
        const res = await fetch(`${server.url}${route}`, { method, headers });
        expect(res.status, `${method} ${route}`).toBe(404);
        const body = await res.text();
        expect(body).not.toMatch(/submission|file|attempt|workshop/i);
      }
      const staff = await request(server.url, auditor, method, route);
      expect(staff.status).toBe(404);
    }
  });

  it('the idle reader’s claims stay out of the request log, a refused claim is logged, and other lines are not held back', async () => {
    const claims = (status: number) =>
      server.admin
        .send('/api/logs', {
          query: {
            filter: server.admin.filter('data.type = "request" && data.url = {:url} && data.status = {:status}', {
              url: '/api/internal/reader/claim',
              status,
            }),
            perPage: 1,
          },
        })
        .then((r: { totalItems: number }) => r.totalItems);
    const refused = await fetch(`${server.url}/api/internal/reader/claim`, { method: 'POST', headers: { [SECRET_HEADER]: 'wrong' } });
    expect(refused.status).toBe(404);
    // PocketBase writes its log once 3 s pass without a new line: the reader, asking every 200 ms
    // here, kept that from happening while its claims were logged.
    await until('the refused claim in the request log', async () => (await claims(404)) > 0, { timeoutMs: 20_000 });
    expect(await claims(204)).toBe(0);
    expect(await claims(200)).toBe(0);
  });

  it('a result for an attempt no longer in progress is refused and changes nothing', async () => {
    const inv = sampleInvoice(10, { date: '2025-09-10' });
    const w = await workshopFor(inv);
    const id = await redeem(w, await textPdfOf(inv), 'r.pdf', 'application/pdf');
    const before = await readDone(id);
    const res = await fetch(`${server.url}/api/internal/reader/result/${id}`, {
      method: 'POST',
      headers: { [SECRET_HEADER]: secret(), 'content-type': 'application/json' },
      body: JSON.stringify({
        attempt: 1,
        result: { kind: 'text', pages: [], fields: { invoiceNumber: { value: 'FORGED-1', confidence: 100 } } },
      }),
    });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(READING.messages.stale);
    const after = await stored(id);
    expect(after.invoiceNumber).toBe(before.invoiceNumber);
    expect(after.reading).toEqual(before.reading);
  });

  it('a workshop neither sets nor reads its reading', async () => {
    const inv = sampleInvoice(11, { date: '2025-09-10' });
    const w = await workshopFor(inv);
    // Hidden fields: PocketBase drops them from a client's body; the reader's reading is what is stored.
    const voucher = await createVoucher(server, w.id);
    const forged = await request(
      server.url,
      w,
      'POST',
      '/api/collections/submissions/records',
      submissionForm(
        w.id,
        voucher,
        {
          ibanNumber: freshIban(),
          readingAttempts: '99',
          readingReason: 'X-FORGED',
          reading: JSON.stringify({ fields: { invoiceNumber: { value: 'X-FORGED', confidence: 100 } } }),
        },
        blob(await textPdfOf(inv), 'application/pdf'),
        'r.pdf',
      ),
    );
    expect(forged.status).toBe(200);
    const read = await readDone(forged.json.id as string);
    expect(read.readingAttempts).toBe(1);
    expect(JSON.stringify(read)).not.toContain('X-FORGED');
    expect(read.reading.fields.invoiceNumber.value).toBe(inv.number);
    const own = await redeem(w, await textPdfOf(inv), 'r2.pdf', 'application/pdf');
    await readDone(own);
    const res = await request(server.url, w, 'GET', `/api/collections/submissions/records/${own}`);
    expect(res.status).toBe(200);
    for (const field of ['readingState', 'readingAttempts', 'readingReason', 'readingLease', 'reading', 'invoiceText']) {
      expect(res.json, field).not.toHaveProperty(field);
    }
  });
});
