import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { blob, createCentre, createStaff, createWorkshop, multipart, type Actor } from '../helpers/fixtures';
import { csvLines, protectedFile } from '../helpers/files';
import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

let server: TestServer;
let admin: Actor;

beforeAll(async () => {
  server = await startPocketBase();
  admin = await createStaff(server, 'administrators');
});

afterAll(async () => {
  await server?.stop();
});

async function fileText(collection: string, record: { id: string; [k: string]: unknown }, field: string) {
  const bytes = await protectedFile(server, record, field, collection);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return csvLines(bytes);
}

describe('user data file', () => {
  it('is written by the server with one row per workshop and centre, and counts the workshops', async () => {
    const w = await createWorkshop(server, { firstName: '=Formel', lastName: 'Müller' });
    const centre = await createCentre(server, { bnr: '998877' });
    await w.pb.collection('user_lz_connections').create({ user: w.id, noraLz: centre.id, customerNumber: 'KD77' });
    const res = await request(server.url, admin, 'POST', '/api/collections/user_file/records', { filename: 'userfile_2025-09-15.csv' });
    expect(res.status).toBe(200);
    const record = await server.admin.collection('user_file').getOne(res.json.id);
    const total = (await server.admin.collection('users').getList(1, 1)).totalItems;
    expect(record.totalUsers).toBe(total);
    const lines = await fileText('user_file', record, 'file');
    expect(lines[0]).toBe(
      '"userId";"vorname";"nachname";"email";"telefon";"werkstatt";"strasse";"hausnummer";"plz";"ort";"bnr";"knr";"gpnr"',
    );
    const row = lines.find((l) => l.startsWith(`"${w.id}"`))!;
    expect(row).toContain(`"'=Formel";"Müller";"${w.email}"`);
    expect(row).toContain('"998877";"KD77";""');
  });

  it('refuses a file or a count sent by the client, and other roles', async () => {
    const forged = await request(server.url, admin, 'POST', '/api/collections/user_file/records', {
      filename: 'userfile_2025-09-15.csv',
      totalUsers: 5,
    });
    expect(forged.status).toBe(400);
    const auditor = await createStaff(server, 'auditors');
    const res = await request(server.url, auditor, 'POST', '/api/collections/user_file/records', { filename: 'userfile_2025-09-15.csv' });
    expect(res.status).toBe(400);
  });
});

describe('registrations file', () => {
  it('exists after the first start, written by the server', async () => {
    const files = await server.admin.collection('workshop_files').getFullList({ sort: 'created' });
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(files[0]!.filename).toMatch(/^registrierungen_\d{4}-\d{2}-\d{2}_\d{6}\.csv$/);
    expect(files[0]!.totalRows).toBe(0); // written before anyone registered
    const lines = await fileText('workshop_files', files[0]!, 'file');
    expect(lines[0]).toContain('"registriertAm"');
  });

  it("'Neue Registrierungsdatei erstellen': an administrator gets a fresh file at once, logged; others are refused", async () => {
    const w = await createWorkshop(server, { shopName: 'Frisch registriert' });
    const res = await request(server.url, admin, 'POST', '/api/portal/registration-files', {});
    expect(res.status).toBe(200);
    const total = (await server.admin.collection('users').getList(1, 1)).totalItems;
    expect(res.json.totalRows).toBe(total);
    const record = await server.admin.collection('workshop_files').getOne(res.json.id);
    const lines = await fileText('workshop_files', record, 'file');
    expect(lines.some((l) => l.startsWith(`"${w.id}"`) && l.includes('"Frisch registriert"'))).toBe(true);
    // Issue 58: the registration's moment in Berlin time as every screen shows it, not UTC ('…Z').
    const row = lines.find((l) => l.startsWith(`"${w.id}"`))!;
    expect(row.split(';')[1]).toMatch(/^"\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}"$/);
    expect(row).not.toMatch(/\d{2}:\d{2}:\d{2}\.\d{3}Z/);
    const log = await server.admin.collection('staff_log').getFirstListItem(server.admin.filter('targetId = {:id}', { id: record.id }));
    expect(log).toMatchObject({ action: 'registrations_file.create', actorId: admin.id, after: { totalRows: total } });
    // Files of one day have names of their own: Berlin date and time to the second (issue 35).
    const first = (await server.admin.collection('workshop_files').getFullList({ sort: 'created' }))[0]!;
    expect(record.filename).toMatch(/^registrierungen_\d{4}-\d{2}-\d{2}_\d{6}\.csv$/);
    expect(record.filename).not.toBe(first.filename);

    const before = (await server.admin.collection('workshop_files').getList(1, 1)).totalItems;
    const auditor = await createStaff(server, 'auditors');
    for (const actor of [auditor, w, null]) {
      const denied = await request(server.url, actor, 'POST', '/api/portal/registration-files', {});
      expect(denied.status).toBe(actor ? 403 : 401);
      expect(denied.text).not.toContain('registrierungen_');
    }
    expect((await server.admin.collection('workshop_files').getList(1, 1)).totalItems).toBe(before);
  });
});

describe('business partner numbers', () => {
  it('sets gpnr on the matching link and reports unmatched rows with a reason', async () => {
    const w = await createWorkshop(server);
    const centre = await createCentre(server, { bnr: '776655' });
    const link = await w.pb.collection('user_lz_connections').create({ user: w.id, noraLz: centre.id, customerNumber: 'KD1' });
    const csv = `user;bnr;knr;gpnr\n${w.id};776655;KD1;GP4711\n${w.id};000000;KD1;GP1\nunbekannt;776655;KD1;GP2\n${w.id};776655;FALSCH;GP3\n`;
    const res = await request(
      server.url,
      admin,
      'POST',
      '/api/collections/business_partner_number_files/records',
      multipart({ filename: 'gp.csv', uploadedByUser: admin.id }, blob(csv, 'text/csv'), 'gp.csv'),
    );
    expect(res.status).toBe(200);
    const record = await server.admin.collection('business_partner_number_files').getOne(res.json.id);
    expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 1, failedProcessedRows: 3 });
    expect((await server.admin.collection('user_lz_connections').getOne(link.id)).gpnr).toBe('GP4711');
    const lines = await fileText('business_partner_number_files', record, 'failedRowsCsv');
    expect(lines[0]).toBe('"user";"bnr";"knr";"gpnr";"fehler";"zeile"');
    // An unknown user id has its own reason, the one the sales upload gives too.
    expect(lines.slice(1).map((l) => l.split(';').slice(-2))).toEqual([
      ['"Diese Werkstatt ist mit keinem Leistungszentrum mit dieser bnr verknüpft"', '"3"'],
      ['"Unbekannte Benutzer-ID"', '"4"'],
      ['"Kundennummer (knr) passt nicht zur Verknüpfung"', '"5"'],
    ]);
  });

  it('fails a file with a wrong header', async () => {
    const res = await request(
      server.url,
      admin,
      'POST',
      '/api/collections/business_partner_number_files/records',
      multipart({ filename: 'gp.csv', uploadedByUser: admin.id }, blob('a,b\n1,2\n', 'text/csv'), 'gp.csv'),
    );
    const record = await server.admin.collection('business_partner_number_files').getOne(res.json.id);
    expect(record.status).toBe('failed');
    expect(record.errorMessage).toContain('Falsche Kopfzeile');
  });
});
