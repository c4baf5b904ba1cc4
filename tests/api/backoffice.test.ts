import { dsvFormat } from 'd3-dsv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { formatDateTime } from '../../src/utils/format';

import {
  blob,
  createCentre,
  createStaff,
  createVoucher,
  createWorkshop,
  multipart,
  submissionForm,
  unique,
  type Actor,
} from '../helpers/fixtures';
import { LIMITS, MESSAGES } from '../../src/rules';
import { request } from '../helpers/http';
import { startInbox, type MailInbox } from '../helpers/mail';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { until } from '../helpers/poll';

// Issue 19: administrators find any workshop, read its whole story, act on it with a reason
// that lands in the append-only staff log, and see the campaign's figures.

let server: TestServer;
let inbox: MailInbox;
let admin: Actor;
let auditor: Actor;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startPocketBase({ env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort) } });
  [admin, auditor] = await Promise.all([createStaff(server, 'administrators'), createStaff(server, 'auditors')]);
});
afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

const call = (actor: Actor | null, method: string, url: string, body?: object | FormData) => request(server.url, actor, method, url, body);
const search = (q: string, page = 1, actor: Actor = admin) =>
  call(actor, 'GET', `/api/portal/backoffice/workshops?q=${encodeURIComponent(q)}&page=${page}`);
const act = (id: string, action: string, body: Record<string, string>) =>
  call(admin, 'POST', `/api/portal/backoffice/workshops/${id}/${action}`, body);
const logOf = async (target: string) => (await call(admin, 'GET', `/api/portal/backoffice/staff-log?target=${target}`)).json;

async function linkedWorkshop(customerNumber: string, overrides: Record<string, unknown> = {}) {
  const workshop = await createWorkshop(server, overrides);
  const centre = await createCentre(server);
  const link = await server.admin.collection('user_lz_connections').create({ user: workshop.id, noraLz: centre.id, customerNumber });
  return { workshop, centre, link };
}

describe('workshop search', () => {
  it('finds a workshop by name, shop, e-mail, PLZ, city, customer number (any case) and code', async () => {
    const token = unique('q').replace(/[^a-z0-9]/gi, '');
    const { workshop } = await linkedWorkshop(`KD${token}`.slice(0, 20), {
      verified: false,
      firstName: 'Gundula',
      lastName: `Zahn${token}`,
      shopName: `Bremsen ${token} GmbH`,
      city: `Ort${token}`,
      zipCode: '99998',
    });
    const voucher = await createVoucher(server, workshop.id);
    for (const q of [
      `zahn${token}`,
      `gundula zahn${token}`,
      `bremsen ${token}`,
      workshop.email.toUpperCase(),
      `ort${token}`,
      `kd${token}`.slice(0, 20),
      voucher.code.toLowerCase(),
      // Issue 35: typed as people write them, with spaces and hyphens.
      `kd ${token}`.slice(0, 20),
      `KD-${token}`.slice(0, 21),
      voucher.code.replace(/-/g, ' ').toLowerCase(),
      voucher.code.replace(/-/g, ''),
    ]) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      expect(
        res.json.items.map((i: { id: string }) => i.id),
        q,
      ).toEqual([workshop.id]);
    }
    const byZip = await search('99998');
    expect(byZip.json.items.map((i: { id: string }) => i.id)).toContain(workshop.id);
    expect(byZip.json.items[0]).toMatchObject({ email: workshop.email, verified: false, blocked: false });
  });

  it('pages 20 at a time, newest first', async () => {
    const city = `Seite${unique('p').replace(/[^a-z0-9]/gi, '')}`;
    const made: string[] = [];
    for (let i = 0; i < 23; i += 1) made.push((await createWorkshop(server, { city })).id);
    const first = await search(city);
    const second = await search(city, 2);
    expect(first.json).toMatchObject({ page: 1, perPage: 20, totalItems: 23, totalPages: 2 });
    expect(second.json.items).toHaveLength(3);
    const seen = [...first.json.items, ...second.json.items].map((i: { id: string }) => i.id);
    expect(new Set(seen).size).toBe(23);
    expect(seen.sort()).toEqual([...made].sort());
  });

  it('takes the term literally: wildcards, quotes and SQL find nothing they do not contain', async () => {
    await createWorkshop(server);
    for (const q of ['%', '_', "' OR 1=1 --", '" OR ""="', '\\', 'x%y']) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      expect(res.json.totalItems, q).toBe(0);
    }
    const { workshop } = await linkedWorkshop('KD1', { shopName: `100% Öl_Service ${unique('s')}` });
    const literal = await search('100% Öl_');
    expect(literal.json.items.map((i: { id: string }) => i.id)).toContain(workshop.id);
    expect(literal.json.items.every((i: { shopName: string }) => i.shopName.includes('100% Öl_'))).toBe(true);
  });

  it('refuses terms that are too long or carry control characters, in German', async () => {
    const long = await search('a'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.json.message).toBe('Bitte geben Sie höchstens 100 Zeichen ein.');
    const control = await search('abc\ndef');
    expect(control.status).toBe(400);
    expect(control.json.message).toBe('Dieses Feld darf keine Zeilenumbrüche, Tabulatoren oder Steuerzeichen enthalten.');
  });

  it('is for administrators only: a workshop or an auditor searching for another workshop gets nothing', async () => {
    const other = await createWorkshop(server);
    const workshop = await createWorkshop(server);
    for (const actor of [workshop, auditor, null]) {
      const res = await call(actor, 'GET', `/api/portal/backoffice/workshops?q=${encodeURIComponent(other.email)}`);
      expect(res.status).toBe(actor ? 403 : 401);
      expect(res.text).not.toContain(other.email);
      expect(res.text).not.toContain(other.id);
      const story = await call(actor, 'GET', `/api/portal/backoffice/workshops/${other.id}`);
      expect(story.status).toBe(actor ? 403 : 401);
      expect(story.text).not.toContain(other.email);
    }
  });
});

describe('workshop story', () => {
  it('shows contact, centres with customer number and gpnr, totals, codes, submissions with verdicts and mails', async () => {
    const { workshop, centre, link } = await linkedWorkshop('KD777');
    await server.admin.collection('user_lz_connections').update(link.id, { gpnr: 'GP123' });
    const voucher = await createVoucher(server, workshop.id);
    const sub = await call(workshop, 'POST', '/api/collections/submissions/records', submissionForm(workshop.id, voucher));
    expect(sub.status, sub.text).toBe(200);
    const verdict = await call(
      auditor,
      'POST',
      '/api/collections/audit_results/records',
      multipart(
        { filename: 'v.csv', uploadedByUser: auditor.id },
        blob(`RechnungsID,Checked,Faulty\n${sub.json.id},1,0\n`, 'text/csv'),
        'v.csv',
      ),
    );
    expect(verdict.status).toBe(200);
    const res = await call(admin, 'GET', `/api/portal/backoffice/workshops/${workshop.id}`);
    expect(res.status).toBe(200);
    const story = res.json;
    expect(story.workshop).toMatchObject({
      id: workshop.id,
      email: workshop.email,
      shopName: 'Kfz-Meisterbetrieb Mustermann',
      phone: '0049301234567',
      blocked: false,
    });
    expect(story.centres).toEqual([
      { id: link.id, partnerName: centre.partnerName, bnr: centre.bnr, customerNumber: 'KD777', gpnr: 'GP123' },
    ]);
    expect(story.vouchers).toEqual([expect.objectContaining({ code: voucher.code, status: 'closed' })]);
    expect(story.submissions).toHaveLength(1);
    expect(story.submissions[0]).toMatchObject({ id: sub.json.id, status: 'passed', code: voucher.code, iban: 'DE89370400440532013000' });
    expect(story.submissions[0].history).toEqual([expect.objectContaining({ outcome: 'passed', checked: true, faulty: false })]);
    expect(story.payouts).toEqual([expect.objectContaining({ amount: 50, status: 'payable', endToEndId: voucher.code })]);
    const templates = story.mails.map((m: { template: string }) => m.template);
    expect(templates).toEqual(expect.arrayContaining(['submission-received']));
    // The passed code counts as cashback received.
    expect(story.totals).toEqual({ totalSales: 0, totalCashback: 50, toNextCashback: 500 });
  });

  it('answers 404 in German for an unknown workshop', async () => {
    const res = await call(admin, 'GET', '/api/portal/backoffice/workshops/xxxxxxxxxxxxxxx');
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('Diese Werkstatt gibt es nicht.');
  });
});

describe('actions with a reason, in the staff log', () => {
  it('refuses an action without a reason and changes nothing', async () => {
    const { workshop } = await linkedWorkshop('KD1');
    for (const reason of ['', '   ']) {
      const res = await act(workshop.id, 'block', { reason });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Bitte geben Sie einen Grund an.');
    }
    const lineBreak = await act(workshop.id, 'block', { reason: 'a\r\nb' });
    expect(lineBreak.status).toBe(400);
    expect((await server.admin.collection('users').getOne(workshop.id)).blocked).toBe(false);
    expect((await logOf(workshop.id)).totalItems).toBe(0);
  });

  it('resends a code mail: queued in the outbox, delivered, logged with who and why', async () => {
    const { workshop } = await linkedWorkshop('KD2');
    const voucher = await createVoucher(server, workshop.id);
    const res = await act(workshop.id, 'resend-code-mail', { voucher: voucher.id, reason: 'Kunde hat angerufen, Code nie erhalten' });
    expect(res.status, res.text).toBe(200);
    const mail = await inbox.waitFor(workshop.email, (m) => m.html.includes(voucher.code));
    expect(mail.subject).toMatch(/Cashback/);
    expect(res.json.mails[0]).toMatchObject({ template: 'code-issued' });
    // The same content as the weekly issue writes (vouchers.codeMailData): reward and total in German euros.
    const queued = await server.admin.collection('mail_outbox').getOne(res.json.mails[0].id);
    expect(queued.data).toMatchObject({ reward: '50,00 €', total: '0,00 €', codes: [voucher.code] });
    const log = await logOf(workshop.id);
    expect(log.items[0]).toMatchObject({
      action: 'workshop.resend_code_mail',
      actorCollection: 'administrators',
      actorEmail: admin.email,
      targetCollection: 'users',
      reason: 'Kunde hat angerufen, Code nie erhalten',
    });
    expect(log.items[0].after).toMatchObject({ code: voucher.code });
  });

  it('will not resend another workshop’s code', async () => {
    const { workshop } = await linkedWorkshop('KD3');
    const other = await createWorkshop(server);
    const foreign = await createVoucher(server, other.id);
    const res = await act(workshop.id, 'resend-code-mail', { voucher: foreign.id, reason: 'Versuch' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Dieser Code gehört nicht zu dieser Werkstatt.');
    expect(res.text).not.toContain(foreign.code);
    expect((await logOf(workshop.id)).totalItems).toBe(0);
  });

  it('corrects a customer number and a gpnr, with before and after in the log; refuses bad values in the rulebook’s words', async () => {
    const { workshop, link } = await linkedWorkshop('KD4711');
    const bad = await act(workshop.id, 'correct-connection', { connection: link.id, customerNumber: 'KD-47;11', reason: 'Tippfehler' });
    expect(bad.status).toBe(400);
    expect(bad.json.data.customerNumber).toEqual({
      code: 'validation_invalid_customer_number',
      message: 'Nur Buchstaben und Zahlen sind erlaubt',
    });
    const long = await act(workshop.id, 'correct-connection', {
      connection: link.id,
      customerNumber: 'K'.repeat(LIMITS.customerNumberMax + 1),
      reason: 'x',
    });
    expect(long.json.data.customerNumber.message).toBe(MESSAGES.customerNumberMax);
    const gpnr = await act(workshop.id, 'correct-connection', { connection: link.id, gpnr: 'GP 1', reason: 'x' });
    expect(gpnr.json.data.gpnr.message).toBe('Die Geschäftspartnernummer darf höchstens 30 Buchstaben und Ziffern haben.');
    expect((await logOf(link.id)).totalItems).toBe(0);
    const res = await act(workshop.id, 'correct-connection', {
      connection: link.id,
      customerNumber: 'KD4712',
      gpnr: 'GP9',
      reason: 'Tippfehler bei der Registrierung',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.centres[0]).toMatchObject({ customerNumber: 'KD4712', gpnr: 'GP9' });
    const entry = (await logOf(link.id)).items[0];
    expect(entry).toMatchObject({
      action: 'workshop.correct_connection',
      targetCollection: 'user_lz_connections',
      reason: 'Tippfehler bei der Registrierung',
    });
    expect(entry.before).toEqual({ customerNumber: 'KD4711', gpnr: '' });
    expect(entry.after).toEqual({ user: workshop.id, customerNumber: 'KD4712', gpnr: 'GP9' });
    const other = await linkedWorkshop('KD5');
    const foreign = await act(workshop.id, 'correct-connection', { connection: other.link.id, customerNumber: 'KD6', reason: 'x' });
    expect(foreign.status).toBe(400);
    expect(foreign.json.message).toBe('Diese Verknüpfung gehört nicht zu dieser Werkstatt.');
    expect((await server.admin.collection('user_lz_connections').getOne(other.link.id)).customerNumber).toBe('KD5');
  });

  it('blocks a workshop: its redemption is refused in German (even 25 at once), unblocking lets it redeem again', async () => {
    const { workshop } = await linkedWorkshop('KD6');
    const voucher = await createVoucher(server, workshop.id);
    const blocked = await act(workshop.id, 'block', { reason: 'Verdacht auf gefälschte Rechnungen' });
    expect(blocked.status).toBe(200);
    expect(blocked.json.workshop).toMatchObject({ blocked: true, blockedReason: 'Verdacht auf gefälschte Rechnungen' });
    const again = await act(workshop.id, 'block', { reason: 'nochmal' });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('Diese Werkstatt ist bereits gesperrt.');

    const tries = await Promise.all(
      Array.from({ length: 25 }, () =>
        call(workshop, 'POST', '/api/collections/submissions/records', submissionForm(workshop.id, voucher)),
      ),
    );
    for (const res of tries) {
      expect(res.status).toBe(400);
      expect(res.json.data.voucher.message).toBe(
        'Deine Werkstatt ist für das Einlösen von Cashback-Codes gesperrt. Bitte wende dich an cashback@nora-aktion.de, wenn du Fragen dazu hast.',
      );
      expect(res.text).not.toContain('Verdacht');
    }
    expect((await server.admin.collection('vouchers').getOne(voucher.id)).status).toBe('open');

    const unblocked = await act(workshop.id, 'unblock', { reason: 'Rechnungen geprüft, alles in Ordnung' });
    expect(unblocked.status).toBe(200);
    const sub = await call(workshop, 'POST', '/api/collections/submissions/records', submissionForm(workshop.id, voucher));
    expect(sub.status, sub.text).toBe(200);
    const actions = (await logOf(workshop.id)).items.map((i: { action: string }) => i.action);
    expect(actions).toEqual(['workshop.unblock', 'workshop.block']);
  });

  it('a workshop cannot block or unblock itself', async () => {
    const { workshop } = await linkedWorkshop('KD7');
    await act(workshop.id, 'block', { reason: 'Test' });
    const res = await call(workshop, 'PATCH', `/api/collections/users/records/${workshop.id}`, { blocked: false, blockedReason: '' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await server.admin.collection('users').getOne(workshop.id)).blocked).toBe(true);
    const own = await call(workshop, 'GET', `/api/collections/users/records/${workshop.id}`);
    expect(own.json.blocked).toBe(true);
  });

  it('resends the verification mail to an unverified workshop, not to a verified one', async () => {
    const { workshop } = await linkedWorkshop('KD8', { verified: false });
    const res = await act(workshop.id, 'resend-verification', { reason: 'Mail im Spam gelandet' });
    expect(res.status, res.text).toBe(200);
    const mail = await inbox.waitFor(workshop.email, (m) => m.subject === 'Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.html).toMatch(/confirm-verification|bestaetigen|verif/i);
    await server.admin.collection('users').update(workshop.id, { verified: true });
    const verified = await act(workshop.id, 'resend-verification', { reason: 'nochmal' });
    expect(verified.status).toBe(400);
    expect(verified.json.message).toBe('Diese E-Mail-Adresse ist bereits bestätigt.');
    expect((await logOf(workshop.id)).items.map((i: { action: string }) => i.action)).toEqual(['workshop.resend_verification']);
  });

  it('answers an unknown action with 404 and logs nothing', async () => {
    const { workshop } = await linkedWorkshop('KD9');
    const res = await act(workshop.id, 'delete', { reason: 'weg damit' });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('Diese Aktion gibt es nicht.');
    expect((await logOf(workshop.id)).totalItems).toBe(0);
  });
});

describe('staff log', () => {
  it('records uploads of sales, verdicts and business partner numbers with who uploaded them', async () => {
    const sales = await call(
      admin,
      'POST',
      '/api/collections/sales_data_files/records',
      multipart({ filename: 'umsatz.csv' }, blob('user,bnr,knr,gpnr,deliverydate,sales\n', 'text/csv'), 'umsatz.csv'),
    );
    const verdicts = await call(
      auditor,
      'POST',
      '/api/collections/audit_results/records',
      multipart({ filename: 'pruefung.csv', uploadedByUser: auditor.id }, blob('RechnungsID,Checked,Faulty\n', 'text/csv'), 'pruefung.csv'),
    );
    const partners = await call(
      admin,
      'POST',
      '/api/collections/business_partner_number_files/records',
      multipart({ filename: 'gp.csv', uploadedByUser: admin.id }, blob('user,bnr,knr,gpnr\n', 'text/csv'), 'gp.csv'),
    );
    for (const [res, action, actor] of [
      [sales, 'sales_import.upload', admin],
      [verdicts, 'audit_results.upload', auditor],
      [partners, 'partner_numbers.upload', admin],
    ] as const) {
      expect(res.status, res.text).toBe(200);
      const entry = (await logOf(res.json.id)).items[0];
      expect(entry).toMatchObject({ action, actorEmail: actor.email, targetId: res.json.id });
      expect(entry.after.filename).toBe(res.json.filename);
    }
  });

  it('filters by action and actor, and the CSV reads back unchanged with formulas neutralised', async () => {
    const { workshop } = await linkedWorkshop('KD10');
    const reason = '=HYPERLINK("http://evil.example";"klick"); Zeile zwei; "zitiert"';
    expect((await act(workshop.id, 'block', { reason })).status).toBe(200);
    const filtered = await call(
      admin,
      'GET',
      `/api/portal/backoffice/staff-log?action=workshop.block&actor=${encodeURIComponent(admin.email.toUpperCase())}`,
    );
    expect(filtered.json.items.length).toBeGreaterThan(0);
    expect(
      filtered.json.items.every(
        (i: { action: string; actorEmail: string }) => i.action === 'workshop.block' && i.actorEmail === admin.email,
      ),
    ).toBe(true);
    const wildcard = await call(admin, 'GET', '/api/portal/backoffice/staff-log?action=%25');
    expect(wildcard.json.totalItems).toBe(0);

    const res = await fetch(`${server.url}/api/portal/backoffice/staff-log.csv?target=${workshop.id}`, {
      headers: { Authorization: admin.token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('mitarbeiterprotokoll.csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = dsvFormat(';').parseRows(bytes.subarray(3).toString('utf8').trimEnd());
    // The time in Berlin time and the action in German, as the data area shows them (issue 35).
    expect(rows[0]).toEqual([
      'Zeitpunkt (Berlin)',
      'Rolle',
      'Wer',
      'Aktion',
      'Aktionsschlüssel',
      'Ziel',
      'Ziel-ID',
      'Grund',
      'Vorher',
      'Nachher',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 8)).toEqual([
      'administrators',
      admin.email,
      'Werkstatt gesperrt',
      'workshop.block',
      'users',
      workshop.id,
      `'${reason}`,
    ]);
    const entry = await server.admin.collection('staff_log').getFirstListItem(`targetId = "${workshop.id}"`);
    expect(rows[1]![0]).toBe(formatDateTime(entry.created).replace(', ', ' '));
    for (const who of [auditor, null]) {
      const denied = await fetch(`${server.url}/api/portal/backoffice/staff-log.csv`, { headers: who ? { Authorization: who.token } : {} });
      expect(denied.status).toBe(who ? 403 : 401);
      expect(await denied.text()).not.toContain('workshop.block');
    }
  });

  it('is append-only: no caller can write, change or delete an entry through the API', async () => {
    const { workshop } = await linkedWorkshop('KD11');
    await act(workshop.id, 'block', { reason: 'Test' });
    const entry = (await logOf(workshop.id)).items[0];
    for (const actor of [admin, auditor, workshop]) {
      const patch = await call(actor, 'PATCH', `/api/collections/staff_log/records/${entry.id}`, { reason: 'geändert' });
      expect(patch.status).toBeGreaterThanOrEqual(400);
      const del = await call(actor, 'DELETE', `/api/collections/staff_log/records/${entry.id}`);
      expect(del.status).toBeGreaterThanOrEqual(400);
      const create = await call(actor, 'POST', '/api/collections/staff_log/records', {
        action: 'workshop.unblock',
        reason: 'gefälscht',
        targetId: workshop.id,
      });
      expect(create.status).toBeGreaterThanOrEqual(400);
      expect(create.json?.id).toBeUndefined();
    }
    const after = await logOf(workshop.id);
    expect(after.totalItems).toBe(1);
    expect(after.items[0]).toMatchObject({ id: entry.id, reason: 'Test' });
  });
});

describe('dashboard', () => {
  it('shows the campaign’s figures, computed by the server from the data', async () => {
    const own = await startPocketBase();
    try {
      const boss = await createStaff(own, 'administrators');
      const workshops = await Promise.all([0, 1, 2].map((i) => createWorkshop(own, { verified: i < 2 })));
      const centre = await createCentre(own, { partnerName: 'Zentrum Nord' });
      for (const w of workshops)
        await own.admin.collection('user_lz_connections').create({ user: w.id, noraLz: centre.id, customerNumber: 'KD1' });
      const csv = [
        'user,bnr,knr,gpnr,deliverydate,sales',
        `${workshops[0]!.id},4001,K1,G1,2025-06-02,600.00`, // ISO week 23
        `${workshops[0]!.id},4001,K1,G1,2025-06-08,100.00`, // Sunday, still week 23
        `${workshops[1]!.id},4001,K1,G1,2025-06-09,250.50`, // week 24
      ].join('\n');
      const up = await request(
        own.url,
        boss,
        'POST',
        '/api/collections/sales_data_files/records',
        multipart({ filename: 'u.csv' }, blob(csv, 'text/csv'), 'u.csv'),
      );
      expect(up.status, up.text).toBe(200);
      const res = await request(own.url, boss, 'GET', '/api/portal/backoffice/dashboard');
      expect(res.status).toBe(200);
      const f = res.json;
      expect(f.workshops).toEqual({ total: 3, verified: 2 });
      expect(f.registrations.reduce((n: number, r: { total: number }) => n + r.total, 0)).toBe(3);
      expect(f.sales).toEqual([
        { week: '2025-W23', total: 700, rows: 2 },
        { week: '2025-W24', total: 250.5, rows: 1 },
      ]);
      expect(f.codes).toEqual({ issued: 1, open: 1, audit: 0, closed: 0, paid: 0 });
      expect(f.backlog.map((b: { bucket: string }) => b.bucket)).toEqual(['0–7 Tage', '8–14 Tage', '15–28 Tage', 'über 28 Tage']);
      expect(f.promise.map((p: { level: string }) => p.level)).toEqual(['ok', 'amber', 'red']);
      expect(f.centres).toEqual([{ name: 'Zentrum Nord', city: 'München', workshops: 3 }]);

      // A sales row changed outside an import (superuser) shows at the next read.
      await own.admin.collection('sales_data').create({
        user: workshops[2]!.id,
        campaign: (await own.admin.collection('campaigns').getFirstListItem('active = true')).id,
        bnr: '4001',
        knr: 'K1',
        gpnr: 'G1',
        deliverydate: '2025-06-10',
        sales: 10,
      });
      const again = await request(own.url, boss, 'GET', '/api/portal/backoffice/dashboard');
      expect(again.json.sales[1]).toEqual({ week: '2025-W24', total: 260.5, rows: 2 });
    } finally {
      await own.stop();
    }
  });

  it('sums a file larger than one read of the weekly figures to the cent, every day in every week', async () => {
    // The weekly sums are read in ranges of 50,000 rows (pb_hooks/lib/dashboard.js); a file of
    // 120,001 rows whose days repeat across all ranges must still add up to the exact cents.
    const own = await startPocketBase();
    try {
      const boss = await createStaff(own, 'administrators');
      const workshops = await Promise.all([0, 1].map(() => createWorkshop(own)));
      const days = ['2025-06-05', '2025-06-06', '2025-06-07', '2025-06-08', '2025-06-09', '2025-06-10', '2025-06-16'];
      const week = (day: string) => (day < '2025-06-09' ? '2025-W23' : day < '2025-06-16' ? '2025-W24' : '2025-W25');
      const expected = new Map<string, { cents: number; rows: number }>();
      const lines = ['user,bnr,knr,gpnr,deliverydate,sales'];
      for (let i = 0; i < 120_001; i += 1) {
        const day = days[i % days.length]!;
        const cents = ((i * 7) % 13) + 1;
        lines.push(`${workshops[i % 2]!.id},${4000 + i},K1,G1,${day},0.${String(cents).padStart(2, '0')}`);
        const into = expected.get(week(day)) ?? { cents: 0, rows: 0 };
        into.cents += cents;
        into.rows += 1;
        expected.set(week(day), into);
      }
      const up = await request(
        own.url,
        boss,
        'POST',
        '/api/collections/sales_data_files/records',
        multipart({ filename: 'gross.csv' }, blob(lines.join('\n'), 'text/csv'), 'gross.csv'),
      );
      expect(up.status, up.text).toBe(200);
      // A file this size is imported in the background: poll its record until it is done.
      const done = await until(
        'the large file to be imported',
        async () => {
          const file = await own.admin.collection('sales_data_files').getOne(up.json.id);
          return file.status === 'done' || file.status === 'failed' ? file : null;
        },
        { timeoutMs: 90_000, everyMs: 200 },
      );
      expect(done).toMatchObject({ status: 'done', newDataCount: 120_001, failedProcessedRows: 0 });
      const res = await request(own.url, boss, 'GET', '/api/portal/backoffice/dashboard');
      expect(res.status).toBe(200);
      expect(res.json.sales).toEqual([...expected.entries()].sort().map(([w, v]) => ({ week: w, total: v.cents / 100, rows: v.rows })));
    } finally {
      await own.stop();
    }
  }, 120_000);
});
