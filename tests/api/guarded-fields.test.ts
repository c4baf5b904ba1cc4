import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  blob,
  createCentre,
  createStaff,
  createSubmission,
  createVoucher,
  createWorkshop,
  CSV_TEXT,
  csvUpload,
  multipart,
  PASSWORD,
  PDF_BYTES,
  PNG_BYTES,
  submissionForm,
  workshopData,
  type Actor,
} from '../helpers/fixtures';
import { request } from '../helpers/http';
import { startInbox, type MailInbox } from '../helpers/mail';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

let server: TestServer;
let inbox: MailInbox;
let workshopA: Actor;
let workshopB: Actor;
let admin: Actor;
let auditor: Actor;

const post = (actor: Actor | null, path: string, body: FormData | object, method = 'POST') =>
  request(server.url, actor, method, path, body);

beforeAll(async () => {
  inbox = await startInbox();
  server = await startPocketBase({ env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort) } });
  [workshopA, workshopB, admin, auditor] = await Promise.all([
    createWorkshop(server),
    createWorkshop(server),
    createStaff(server, 'administrators'),
    createStaff(server, 'auditors'),
  ]);
});

afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

describe('users', () => {
  it('a visitor who registers with verified=true is refused and no account is created', async () => {
    const data = { ...workshopData(), verified: true };
    const res = await post(null, '/api/collections/users/records', data);
    expect(res.status).toBe(400);
    expect(res.json.data.verified.code).toBe('validation_values_mismatch');
    const found = await server.admin.collection('users').getList(1, 1, { filter: server.admin.filter('email = {:e}', { e: data.email }) });
    expect(found.totalItems).toBe(0);
  });

  it('registration without accepted terms is refused with a field error', async () => {
    const res = await post(null, '/api/collections/users/records', workshopData({ termsAccepted: false }));
    expect(res.status).toBe(400);
    expect(res.json.data.termsAccepted.code).toBe('validation_required');
  });

  it('registration with an e-mail longer than 120 characters is refused with a field error', async () => {
    const email = `${'a'.repeat(110)}@example.de`;
    expect(email.length).toBe(121);
    const res = await post(null, '/api/collections/users/records', workshopData({ email }));
    expect(res.status).toBe(400);
    expect(res.json.data.email.code).toBe('validation_length_out_of_range');
    const found = await server.admin.collection('users').getList(1, 1, { filter: server.admin.filter('email = {:e}', { e: email }) });
    expect(found.totalItems).toBe(0);
  });

  it('registration with a four-digit postcode is refused with a field error', async () => {
    const res = await post(null, '/api/collections/users/records', workshopData({ zipCode: '1234' }));
    expect(res.status).toBe(400);
    expect(res.json.data.zipCode).toBeDefined();
  });

  it('a workshop cannot change its e-mail, its terms flag or its verified flag through an update', async () => {
    const unverified = await createWorkshop(server, { verified: false });
    for (const body of [{ email: 'neu@example.de' }, { termsAccepted: false }, { verified: true }]) {
      const res = await post(unverified, `/api/collections/users/records/${unverified.id}`, body, 'PATCH');
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    const stored = await server.admin.collection('users').getOne(unverified.id);
    expect(stored.email).toBe(unverified.email);
    expect(stored.termsAccepted).toBe(true);
    expect(stored.verified).toBe(false);
  });

  it('a workshop cannot point noraLZConnections at somebody else’s connection', async () => {
    const centre = await createCentre(server);
    const foreign = await server.admin
      .collection('user_lz_connections')
      .create({ user: workshopB.id, noraLz: centre.id, customerNumber: 'B1' });
    const res = await post(workshopA, `/api/collections/users/records/${workshopA.id}`, { noraLZConnections: [foreign.id] }, 'PATCH');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await server.admin.collection('users').getOne(workshopA.id)).noraLZConnections).not.toContain(foreign.id);
  });

  it('the verification mail arrives over SMTP in German and links to the SPA route', async () => {
    const unverified = await createWorkshop(server, { verified: false });
    const res = await post(null, '/api/collections/users/request-verification', { email: unverified.email });
    expect(res.status).toBe(204);
    const mail = await inbox.waitFor(unverified.email);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.html).toMatch(new RegExp(`${server.url}/verify/[\\w.-]+`));
    expect(mail.html).not.toContain('/_/');
  });
});

describe('user_lz_connections', () => {
  it('keeps users.noraLZConnections in step when a workshop adds and removes a centre', async () => {
    const centre = await createCentre(server);
    const created = await workshopA.pb
      .collection('user_lz_connections')
      .create({ user: workshopA.id, noraLz: centre.id, customerNumber: 'KD1' });
    const profile = await workshopA.pb.collection('users').getOne(workshopA.id, { expand: 'noraLZConnections,noraLZConnections.noraLz' });
    expect(profile.noraLZConnections).toContain(created.id);
    expect(profile.expand?.noraLZConnections?.[0]?.expand?.noraLz?.partnerName).toBe(centre.partnerName);
    await workshopA.pb.collection('user_lz_connections').delete(created.id);
    expect((await server.admin.collection('users').getOne(workshopA.id)).noraLZConnections).not.toContain(created.id);
  });

  it('refuses a second link to the same centre and a gpnr sent by the client', async () => {
    const centre = await createCentre(server);
    await workshopA.pb.collection('user_lz_connections').create({ user: workshopA.id, noraLz: centre.id, customerNumber: 'KD1' });
    const dup = await post(workshopA, '/api/collections/user_lz_connections/records', {
      user: workshopA.id,
      noraLz: centre.id,
      customerNumber: 'KD2',
    });
    expect(dup.status).toBe(400);
    const other = await createCentre(server);
    const gp = await post(workshopA, '/api/collections/user_lz_connections/records', {
      user: workshopA.id,
      noraLz: other.id,
      customerNumber: 'KD3',
      gpnr: 'GP99',
    });
    expect(gp.status).toBe(400);
    const links = await server.admin
      .collection('user_lz_connections')
      .getFullList({ filter: server.admin.filter('user = {:u}', { u: workshopA.id }) });
    expect(links.filter((l) => l.noraLz === centre.id)).toHaveLength(1);
    expect(links.some((l) => l.gpnr === 'GP99')).toBe(false);
  });

  it('refuses customer numbers with other characters than letters and digits', async () => {
    const centre = await createCentre(server);
    const res = await post(workshopA, '/api/collections/user_lz_connections/records', {
      user: workshopA.id,
      noraLz: centre.id,
      customerNumber: 'KD-1 2',
    });
    expect(res.status).toBe(400);
    expect(res.json.data.customerNumber).toBeDefined();
  });
});

describe('submissions', () => {
  it('refuses status, fileHash and duplicateInvoice sent by the workshop', async () => {
    for (const extra of [{ status: 'passed' }, { fileHash: 'a'.repeat(64) }, { duplicateInvoice: 'false' }] as Record<string, string>[]) {
      const voucher = await createVoucher(server, workshopA.id);
      const res = await post(workshopA, '/api/collections/submissions/records', submissionForm(workshopA.id, voucher, extra));
      expect(res.status).toBe(400);
      expect(res.json.id).toBeUndefined();
    }
  });

  it('refuses redeeming another workshop’s voucher', async () => {
    const voucher = await createVoucher(server, workshopB.id);
    const res = await post(workshopA, '/api/collections/submissions/records', submissionForm(workshopA.id, voucher));
    expect(res.status).toBe(400);
    const stored = await server.admin
      .collection('submissions')
      .getFullList({ filter: server.admin.filter('voucher = {:v}', { v: voucher.id }) });
    expect(stored).toHaveLength(0);
  });

  it('accepts a PDF invoice and refuses a file whose content is not PNG, JPEG or PDF', async () => {
    const ok = await post(
      workshopA,
      '/api/collections/submissions/records',
      submissionForm(workshopA.id, await createVoucher(server, workshopA.id), {}, blob(PDF_BYTES, 'application/pdf'), 'rechnung.pdf'),
    );
    expect(ok.status).toBe(200);
    const fake = await post(
      workshopA,
      '/api/collections/submissions/records',
      submissionForm(
        workshopA.id,
        await createVoucher(server, workshopA.id),
        {},
        blob('<script>alert(1)</script>', 'image/png'),
        'rechnung.png',
      ),
    );
    expect(fake.status).toBe(400);
    expect(fake.json.data.file).toBeDefined();
  });

  it('allows only one live submission per voucher', async () => {
    const voucher = await createVoucher(server, workshopA.id);
    const first = await post(workshopA, '/api/collections/submissions/records', submissionForm(workshopA.id, voucher));
    expect(first.status).toBe(200);
    const second = await post(workshopA, '/api/collections/submissions/records', submissionForm(workshopA.id, voucher));
    expect(second.status).toBe(400);
    expect(
      await server.admin.collection('submissions').getFullList({ filter: server.admin.filter('voucher = {:v}', { v: voucher.id }) }),
    ).toHaveLength(1);
  });
});

describe('file records', () => {
  it('refuses counts, status and progress sent with a sales upload', async () => {
    for (const extra of [
      { newDataCount: '5' },
      { status: 'done' },
      { progress: '100' },
      { successfullyProcessedRows: '0' },
      { gateWeekCodes: '0' },
      { gateReason: 'frei' },
      { gateEarlier: '[]' },
    ] as Record<string, string>[]) {
      const fd = csvUpload({ filename: 'umsatz.csv', adminUploaded: admin.id, ...extra }, 'umsatz.csv');
      const res = await post(admin, '/api/collections/sales_data_files/records', fd);
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    // The gate's per-workshop forecast is a hidden field: PocketBase drops it from a client's body.
    const fd = csvUpload({ filename: 'umsatz.csv', adminUploaded: admin.id, gateForecast: '{"x":99}' }, 'umsatz.csv');
    const res = await post(admin, '/api/collections/sales_data_files/records', fd);
    expect(res.status).toBe(200);
    expect((await server.admin.collection('sales_data_files').getOne(res.json.id)).gateForecast).not.toEqual({ x: 99 });
  });

  it('accepts audit results only with zero counts from the client', async () => {
    const make = (n: string) =>
      csvUpload(
        { filename: 'ergebnis.csv', uploadedByUser: auditor.id, successfullyProcessedRows: n, failedProcessedRows: '0' },
        'ergebnis.csv',
      );
    expect((await post(auditor, '/api/collections/audit_results/records', make('0'))).status).toBe(200);
    expect((await post(auditor, '/api/collections/audit_results/records', make('7'))).status).toBe(400);
  });

  it('refuses a file sent with a user file request', async () => {
    const fd = csvUpload({ filename: 'userfile_2025-09-15.csv' }, 'userfile_2025-09-15.csv');
    expect((await post(admin, '/api/collections/user_file/records', fd)).status).toBe(400);
  });
});

describe('protected files', () => {
  it('takes a server-written CSV (BOM, semicolons, German umlauts) into every CSV file field', async () => {
    const csv = '\uFEFF"id";"Werkstatt";"Ort"\r\n"abc";"Kfz Müller";"Görlitz"\r\n';
    const fd = multipart(
      { filename: 'registrierungen_2025-09-15.csv', totalRows: '1' },
      blob(csv, 'text/csv'),
      'registrierungen_2025-09-15.csv',
    );
    const rec = await server.admin.collection('workshop_files').create(fd);
    expect(rec.file).toMatch(/\.csv$/);
  });

  it('does not publish a service centre’s business number', async () => {
    const centre = await createCentre(server, { bnr: '987654' });
    const res = await fetch(`${server.url}/api/collections/nora_lz/records/${centre.id}`);
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(body).toContain(centre.partnerName);
    expect(body).not.toContain('987654');
  });

  it('serves an invoice only with a file token of a caller who may view the submission', async () => {
    const submission = await createSubmission(server, workshopA.id);
    const fileUrl = `${server.url}/api/files/submissions/${submission.id}/${submission.file}`;

    expect((await fetch(fileUrl)).status).toBe(404);

    const tokenA = await workshopA.pb.files.getToken();
    const own = await fetch(`${fileUrl}?token=${tokenA}`);
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG_BYTES)).toBe(true);

    const tokenB = await workshopB.pb.files.getToken();
    const foreign = await fetch(`${fileUrl}?token=${tokenB}`);
    expect(foreign.status).toBe(404);
    expect(Buffer.from(await foreign.arrayBuffer()).equals(PNG_BYTES)).toBe(false);

    const tokenAuditor = await auditor.pb.files.getToken();
    expect((await fetch(`${fileUrl}?token=${tokenAuditor}`)).status).toBe(200);

    const tokenAdmin = await admin.pb.files.getToken();
    expect((await fetch(`${fileUrl}?token=${tokenAdmin}`)).status).toBe(404);
  });

  it('serves a sales CSV to staff with a token and to nobody without one', async () => {
    const rec = await server.admin
      .collection('sales_data_files')
      .create(csvUpload({ filename: 'umsatz.csv', adminUploaded: admin.id }, 'umsatz.csv'));
    const fileUrl = `${server.url}/api/files/sales_data_files/${rec.id}/${rec.file}`;
    expect((await fetch(fileUrl)).status).toBe(404);
    expect((await fetch(`${fileUrl}?token=${await workshopA.pb.files.getToken()}`)).status).toBe(404);
    const res = await fetch(`${fileUrl}?token=${await admin.pb.files.getToken()}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(CSV_TEXT);
  });
});

describe('accounts', () => {
  it('staff sign in only through their own collection, and a right password alone gives no session', async () => {
    const wrong = await post(null, '/api/collections/users/auth-with-password', { identity: admin.email, password: PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('Failed to authenticate.');
    const right = await post(null, '/api/collections/administrators/auth-with-password', { identity: admin.email, password: PASSWORD });
    // The second factor (a one-time code by mail, tests/security) is still missing.
    expect(right.status).toBe(401);
    expect(right.json.mfaId).toMatch(/^\w{15}$/);
    expect(right.json.token).toBeUndefined();
  });
});
