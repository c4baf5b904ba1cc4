import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATA_EXPORT, MESSAGES } from '../../src/rules';
import {
  PASSWORD,
  PNG_BYTES,
  activeCampaignId,
  createCentre,
  createPayout,
  createStaff,
  createVoucher,
  createWorkshop,
  submissionForm,
  type Actor,
} from '../helpers/fixtures';
import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { csvRows, readZip, type ZipEntry } from '../helpers/zip';

// Issue 37: 'Meine Daten herunterladen' and the administrator's export for a request by letter.
// Everything of the workshop, nothing of another one, no staff-internal field; the password,
// the pace and the record.

let server: TestServer;
let mine: Actor;
let theirs: Actor;
let admin: Actor;
let auditor: Actor;
let submissionId = '';
let invoiceFile = '';

const HOSTILE_SHOP = '=HYPERLINK("http://böse.example";"Klick") ; "Werkstatt"';
const OTHER_IBAN = 'DE02120300000000202051';

async function exportOf(actor: Actor | null, path: string, body: object) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(actor ? { Authorization: actor.token } : {}) },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}

const entry = (entries: ZipEntry[], name: string) => {
  const found = entries.find((e) => e.name === name);
  if (!found) throw new Error(`${name} not in the archive: ${entries.map((e) => e.name).join(', ')}`);
  return found;
};

beforeAll(async () => {
  server = await startPocketBase();
  mine = await createWorkshop(server, { shopName: HOSTILE_SHOP, phone: '0049301111111' });
  theirs = await createWorkshop(server, { firstName: 'Otto', lastName: 'Anderer', phone: '0049309999999', shopName: 'Fremde Werkstatt' });
  [admin, auditor] = [await createStaff(server, 'administrators'), await createStaff(server, 'auditors')];
  // Both workshops: a centre with a customer number, a redemption with an invoice, a payout.
  for (const [w, knr, iban] of [
    [mine, 'KMEIN1', 'DE89370400440532013000'],
    [theirs, 'KFREMD9', OTHER_IBAN],
  ] as const) {
    const centre = await createCentre(server);
    await server.admin.collection('user_lz_connections').create({ user: w.id, noraLz: centre.id, customerNumber: knr });
    const voucher = await createVoucher(server, w.id);
    const res = await request(
      server.url,
      w,
      'POST',
      '/api/collections/submissions/records',
      submissionForm(w.id, voucher, { ibanNumber: iban }),
    );
    expect(res.status, res.text).toBe(200);
    if (w === mine) {
      submissionId = res.json.id;
      invoiceFile = res.json.file;
    }
    await createPayout(server, w.id, 'paid', { paidOn: '2026-11-20', iban, holdReason: 'INTERN-HALTEGRUND', returnNote: 'INTERN-NOTIZ' });
  }
  const verdict = await request(server.url, auditor, 'POST', `/api/portal/review/${submissionId}/verdict`, {
    outcome: 'faulty',
    note: 'Bitte laden Sie die vollständige Rechnung hoch.',
  });
  expect(verdict.status, verdict.text).toBe(200);
  await server.admin.collection('users').update(mine.id, { blockedReason: 'INTERNER-SPERRGRUND' });
});

afterAll(async () => {
  await server?.stop();
});

describe("'Meine Daten herunterladen'", () => {
  let entries: ZipEntry[] = [];
  let archive: Awaited<ReturnType<typeof exportOf>>;

  let invoices: { id: string; file: string }[] = [];

  beforeAll(async () => {
    invoices = (await server.admin.collection('submissions').getFullList({ filter: `user = '${mine.id}'`, sort: 'created,id' })).map(
      (s) => ({
        id: s.id,
        file: s.file,
      }),
    );
    expect(invoices.map((s) => s.id)).toContain(submissionId);
    archive = await exportOf(mine, '/api/portal/my-data', { password: PASSWORD });
    expect(archive.status, archive.text.slice(0, 300)).toBe(200);
    entries = await readZip(archive.bytes);
  });

  it('is a ZIP any unzip tool opens (CRC checked), named by the day, not cached', () => {
    expect(archive.headers.get('content-type')).toBe('application/zip');
    expect(archive.headers.get('content-disposition')).toMatch(/^attachment; filename="meine-daten-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(archive.headers.get('cache-control')).toBe('no-store');
    expect(entries.map((e) => e.name)).toEqual([
      'LIESMICH.txt',
      'daten.json',
      'konto.csv',
      'leistungszentren.csv',
      'umsaetze.csv',
      'summen.csv',
      'codes.csv',
      'einreichungen.csv',
      'pruefungen.csv',
      'auszahlungen.csv',
      'mails.csv',
      ...invoices.map((s) => `rechnungen/${s.id}_${s.file}`),
    ]);
    // A name outside ASCII is flagged UTF-8 (bit 11); an ASCII name reads the same in every
    // encoding an unzip tool assumes without the flag.
    expect(entries.filter((e) => !e.utf8Name && !/^[\x20-\x7e]*$/.test(e.name))).toEqual([]);
  });

  it("holds the workshop's account, centres, codes, submission with full bank details, verdict note, payout and mails", () => {
    const data = JSON.parse(entry(entries, 'daten.json').text);
    expect(data.konto).toEqual([
      expect.objectContaining({ email: mine.email, shopName: HOSTILE_SHOP, phone: '0049301111111', verified: true }),
    ]);
    expect(data.leistungszentren.map((c: { customerNumber: string }) => c.customerNumber)).toEqual(['KMEIN1']);
    expect(data.codes).toHaveLength(2);
    expect(data.einreichungen).toEqual([
      expect.objectContaining({
        id: submissionId,
        iban: 'DE89370400440532013000',
        ibanFirstName: 'Erika',
        invoice: `rechnungen/${submissionId}_${invoiceFile}`,
      }),
      expect.objectContaining({ iban: 'DE89370400440532013000' }),
    ]);
    expect(data.pruefungen).toEqual([
      expect.objectContaining({ submission: submissionId, outcome: 'rejected', note: 'Bitte laden Sie die vollständige Rechnung hoch.' }),
    ]);
    expect(data.auszahlungen).toEqual([expect.objectContaining({ amount: 50, status: 'paid', paidOn: '2026-11-20' })]);
    expect(data.mails.length).toBeGreaterThan(0);
    expect(data.mails.every((m: { recipient: string }) => m.recipient === mine.email)).toBe(true);
    // The invoice byte for byte.
    expect(entry(entries, `rechnungen/${submissionId}_${invoiceFile}`).bytes.equals(PNG_BYTES)).toBe(true);
  });

  it('writes CSVs German Excel opens: BOM, semicolons, German dates and amounts, no formula runs', () => {
    const konto = entry(entries, 'konto.csv');
    expect(konto.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const [account] = csvRows(konto.text);
    expect(account!['Werkstattname']).toBe(`'${HOSTILE_SHOP}`);
    expect(account!['Registriert am']).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    const [payout] = csvRows(entry(entries, 'auszahlungen.csv').text);
    expect(payout).toMatchObject({ 'Betrag (EUR)': '50,00', 'Ausgezahlt am': '20.11.2026', IBAN: 'DE89370400440532013000' });
    expect(csvRows(entry(entries, 'pruefungen.csv').text)[0]).toMatchObject({
      Ergebnis: 'Nicht anerkannt',
      'Hinweis an Sie': 'Bitte laden Sie die vollständige Rechnung hoch.',
    });
    expect(
      csvRows(entry(entries, 'codes.csv').text)
        .map((c) => c['Status'])
        .sort(),
    ).toEqual(['In Prüfung', 'Offen']);
    expect(payout!['Status']).toBe('ausgezahlt');
    expect(entry(entries, 'LIESMICH.txt').text).toContain('2 Cashback-Codes');
  });

  it('holds nothing of another workshop and no staff-internal field', () => {
    const all = Buffer.concat(entries.map((e) => e.bytes)).toString('utf8');
    for (const foreign of [theirs.email, 'Otto', 'Anderer', '0049309999999', 'Fremde Werkstatt', 'KFREMD9', OTHER_IBAN, theirs.id])
      expect(all, foreign).not.toContain(foreign);
    for (const internal of [
      'INTERN-HALTEGRUND',
      'INTERN-NOTIZ',
      'INTERNER-SPERRGRUND',
      'signals',
      'invoiceText',
      'blockedReason',
      'holdReason',
      auditor.id,
      auditor.email,
    ])
      expect(all, internal).not.toContain(internal);
    expect(all).not.toMatch(/password|tokenKey/i);
  });

  it('is recorded in the staff log with counts, not content', async () => {
    const log = await server.admin
      .collection('staff_log')
      .getFullList({ filter: `action = 'privacy.data_export' && targetId = '${mine.id}'` });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actorCollection: 'users', actorId: mine.id, reason: 'Selbstauskunft über das Profil' });
    expect(log[0]!.after).toMatchObject({ codes: 2, einreichungen: 2, auszahlungen: 1 });
  });

  it('one archive every 10 minutes: the next one is refused with 429, Retry-After and the German wait', async () => {
    const again = await exportOf(mine, '/api/portal/my-data', { password: PASSWORD });
    expect(again.status).toBe(429);
    expect(JSON.parse(again.text).message).toBe(MESSAGES.exportTooSoon(DATA_EXPORT.minutesBetween));
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(again.text).not.toContain(mine.email);
  });
});

describe('the password and the pace', () => {
  it('without the password or with a wrong one: 400 with the German message, no archive, nothing recorded', async () => {
    const w = await createWorkshop(server);
    const none = await exportOf(w, '/api/portal/my-data', {});
    expect(none.status).toBe(400);
    expect(JSON.parse(none.text).data.password.message).toBe(MESSAGES.currentPasswordRequired);
    const wrong = await exportOf(w, '/api/portal/my-data', { password: 'Falsch-Passwort-1' });
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.text).data.password.message).toBe(MESSAGES.currentPasswordWrong);
    expect(wrong.text).not.toContain(w.email);
    const log = await server.admin
      .collection('staff_log')
      .getFullList({ filter: `action = 'privacy.data_export' && targetId = '${w.id}'` });
    expect(log).toHaveLength(0);
  });

  it('25 requests at once make one archive; the others wait their 10 minutes', async () => {
    const w = await createWorkshop(server);
    const all = await Promise.all(Array.from({ length: 25 }, () => exportOf(w, '/api/portal/my-data', { password: PASSWORD })));
    const statuses = all.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
    const log = await server.admin
      .collection('staff_log')
      .getFullList({ filter: `action = 'privacy.data_export' && targetId = '${w.id}'` });
    expect(log).toHaveLength(1);
  });

  it("the route's guesses per address are limited as the rulebook says", async () => {
    const settings = await server.admin.settings.getAll();
    const rule = settings.rateLimits.rules.find((r: { label: string }) => r.label === 'POST /api/portal/my-data');
    expect(rule).toMatchObject({ maxRequests: DATA_EXPORT.attemptsPerMinute, duration: 60 });
  });

  it('a guest, an administrator or an auditor gets no archive from the workshop route', async () => {
    for (const actor of [null, admin, auditor]) {
      const res = await exportOf(actor, '/api/portal/my-data', { password: PASSWORD });
      expect([401, 403]).toContain(res.status);
      expect(res.headers.get('content-type')).not.toBe('application/zip');
      expect(res.text).not.toContain(mine.email);
    }
  });
});

describe("the administrator's export for a request by letter or phone", () => {
  const path = (id: string) => `/api/portal/backoffice/workshops/${id}/data-export`;

  it('needs a reason; with one, the same archive of exactly that workshop, recorded with the reason', async () => {
    const none = await exportOf(admin, path(theirs.id), { reason: '  ' });
    expect(none.status).toBe(400);
    expect(JSON.parse(none.text).message).toBe(MESSAGES.reasonRequired);
    const res = await exportOf(admin, path(theirs.id), { reason: 'Auskunftsersuchen per Brief vom 20.11.2026' });
    expect(res.status).toBe(200);
    const entries = await readZip(res.bytes);
    const data = JSON.parse(entry(entries, 'daten.json').text);
    expect(data.konto[0].email).toBe(theirs.email);
    const all = Buffer.concat(entries.map((e) => e.bytes)).toString('utf8');
    expect(all).not.toContain(mine.email);
    expect(all).not.toContain('KMEIN1');
    const log = await server.admin
      .collection('staff_log')
      .getFullList({ filter: `action = 'privacy.data_export' && targetId = '${theirs.id}'` });
    expect(log).toEqual([
      expect.objectContaining({
        actorCollection: 'administrators',
        actorId: admin.id,
        reason: 'Auskunftsersuchen per Brief vom 20.11.2026',
      }),
    ]);
  });

  it('an unknown or forged id is 404 without an archive; a workshop or an auditor is refused', async () => {
    for (const id of ['gibtesnicht1234', "x' OR '1'='1", '../users']) {
      const res = await exportOf(admin, path(encodeURIComponent(id)), { reason: 'Test' });
      expect(res.status, id).toBe(404);
      expect(res.headers.get('content-type')).not.toBe('application/zip');
    }
    for (const actor of [mine, auditor, null]) {
      const res = await exportOf(actor, path(theirs.id), { reason: 'Neugier' });
      expect([401, 403]).toContain(res.status);
      expect(res.text).not.toContain(theirs.email);
    }
  });
});

// Issue 58 (blocker): every workshop with cents in its sales got 400 and PocketBase's English
// 'Something went wrong' (an amount read into a whole-number column). Cents everywhere money
// appears: sales rows, the totals, the payout; both routes.
describe('amounts with cents', () => {
  async function workshopWithCents(sales: number[], payout: number) {
    const w = await createWorkshop(server);
    const centre = await createCentre(server);
    const knr = `K${w.id.slice(0, 6)}`;
    await server.admin.collection('user_lz_connections').create({ user: w.id, noraLz: centre.id, customerNumber: knr });
    const campaign = await activeCampaignId(server);
    for (const [i, amount] of sales.entries())
      await server.admin.collection('sales_data').create({
        user: w.id,
        campaign,
        bnr: '4001',
        knr,
        gpnr: 'G1',
        deliverydate: `2025-06-${String(10 + (i % 18)).padStart(2, '0')}`,
        sales: amount,
      });
    const total = Math.round(sales.reduce((a, b) => a + b, 0) * 100) / 100;
    // The totals row as the import writes it (a hook may have made it with the rows already).
    const totals = { user: w.id, campaign, totalSales: total, toNextCashback: Math.round((500 - (total % 500)) * 100) / 100 };
    const made = await server.admin.collection('sales_totals').getFullList({ filter: server.admin.filter('user = {:u}', { u: w.id }) });
    if (made[0]) await server.admin.collection('sales_totals').update(made[0].id, totals);
    else await server.admin.collection('sales_totals').create(totals);
    if (payout > 0) await createPayout(server, w.id, 'paid', { paidOn: '2025-09-12', amount: payout });
    return { w, total };
  }

  it("the workshop's own archive and the administrator's hold the sales, the total and the payout with their cents", async () => {
    const { w } = await workshopWithCents([612.4, 1122.2], 49.99);
    const own = await exportOf(w, '/api/portal/my-data', { password: PASSWORD });
    expect(own.status, own.text.slice(0, 300)).toBe(200);
    const byAdmin = await exportOf(admin, `/api/portal/backoffice/workshops/${w.id}/data-export`, { reason: 'Brief vom 20.11.2026' });
    expect(byAdmin.status, byAdmin.text.slice(0, 300)).toBe(200);
    for (const archive of [own, byAdmin]) {
      const entries = await readZip(archive.bytes);
      const data = JSON.parse(entry(entries, 'daten.json').text);
      expect(data.umsaetze.map((r: { sales: number }) => r.sales)).toEqual([612.4, 1122.2]);
      expect(data.summen).toEqual([expect.objectContaining({ totalSales: 1734.6 })]);
      expect(data.auszahlungen).toEqual([expect.objectContaining({ amount: 49.99 })]);
      expect(csvRows(entry(entries, 'umsaetze.csv').text).map((r) => r['Umsatz (EUR)'])).toEqual(['612,40', '1122,20']);
      expect(csvRows(entry(entries, 'summen.csv').text)[0]!['Umsatz gesamt (EUR)']).toBe('1734,60');
      expect(csvRows(entry(entries, 'auszahlungen.csv').text)[0]!['Betrag (EUR)']).toBe('49,99');
    }
  });

  it('any workshop with any amounts the API accepts gets its archive (property)', async () => {
    const cents = fc.integer({ min: 1, max: 99_999_999 }).map((c) => c / 100);
    await fc.assert(
      fc.asyncProperty(fc.array(cents, { minLength: 0, maxLength: 4 }), fc.integer({ min: 0, max: 99_999 }), async (sales, payoutCents) => {
        const { w } = await workshopWithCents(sales, payoutCents / 100);
        const res = await exportOf(admin, `/api/portal/backoffice/workshops/${w.id}/data-export`, { reason: 'Eigenschaftstest' });
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        const data = JSON.parse(entry(await readZip(res.bytes), 'daten.json').text);
        expect(data.umsaetze.map((r: { sales: number }) => r.sales).sort()).toEqual([...sales].sort());
      }),
      { numRuns: 12 },
    );
  });
});
