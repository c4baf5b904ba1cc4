import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROOT } from '../../scripts/lib/pocketbase.mjs';
import {
  activeCampaignId,
  blob,
  createStaff,
  createVoucher,
  createWorkshop,
  multipart,
  submissionForm,
  type Actor,
} from '../helpers/fixtures';
import { request } from '../helpers/http';
import { startInbox, type MailInbox } from '../helpers/mail';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { seedWorkshops } from '../helpers/seed';
import { decodedText, startSmtpServer, type SmtpServer } from '../helpers/smtp-server';
import { until } from '../helpers/poll';

// Issue 15: every campaign mail is a row of mail_outbox written with its cause and sent by
// the cron worker, retried with backoff, never lost.

const HEADER = 'user,bnr,knr,gpnr,deliverydate,sales';

async function setMailsPerMinute(server: TestServer, n: number) {
  const id = (await server.admin.collection('portal_settings').getFirstListItem("key = 'default'")).id;
  await server.admin.collection('portal_settings').update(id, { mailsPerMinute: n });
}

const rowsFor = (server: TestServer, user: string) =>
  server.admin.collection('mail_outbox').getFullList({ filter: server.admin.filter('user = {:u}', { u: user }), sort: 'created' });

async function redeem(server: TestServer, workshop: Actor, extra: Record<string, string> = {}) {
  const voucher = await createVoucher(server, workshop.id);
  const res = await request(
    server.url,
    workshop,
    'POST',
    '/api/collections/submissions/records',
    submissionForm(workshop.id, voucher, extra),
  );
  return { res, voucher };
}

describe('with MailDev', () => {
  let server: TestServer;
  let inbox: MailInbox;
  let admin: Actor;
  beforeAll(async () => {
    inbox = await startInbox();
    server = await startPocketBase({ env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort) } });
    admin = await createStaff(server, 'administrators');
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.close();
  });

  it('a redemption queues its mail in the same transaction; the worker sends it in one German tone with a link and a plain-text part', async () => {
    const workshop = await createWorkshop(server);
    const { res, voucher } = await redeem(server, workshop);
    expect(res.status).toBe(200);
    const [row] = await rowsFor(server, workshop.id);
    expect(row).toMatchObject({
      template: 'submission-received',
      recipient: workshop.email,
      concernsCollection: 'submissions',
      concernsId: res.json.id,
    });
    const mail = await inbox.waitFor(workshop.email, (m) => m.subject.includes(voucher.code));
    expect(mail.subject).toBe(`Ihre Einreichung zum Cashback-Code ${voucher.code} ist eingegangen`);
    expect(mail.html).toContain('<p>Guten Tag Erika Mustermann,</p>');
    expect(mail.html).toContain('Mit freundlichen Grüßen<br>Ihr Team der NORA Cashback-Aktion');
    expect(mail.html).toContain(`href="${server.url}/profile"`);
    expect(mail.text).toContain('Guten Tag Erika Mustermann,');
    expect(mail.text).toContain(`Stand im Profil ansehen: ${server.url}/profile`);
    expect(mail.text).toContain('Mit freundlichen Grüßen\nIhr Team der NORA Cashback-Aktion');
    expect(mail.text).not.toContain('<');
    const sent = await until('sent', async () =>
      (await rowsFor(server, workshop.id))[0]!.status === 'sent' ? (await rowsFor(server, workshop.id))[0] : null,
    );
    expect(sent).toMatchObject({ attempts: 1, subject: mail.subject, lastError: '' });
  });

  it('a refused redemption queues nothing (no mail without its commit)', async () => {
    const workshop = await createWorkshop(server);
    const { res } = await redeem(server, workshop, { ibanNumber: 'DE00123456789012345678' });
    expect(res.status).toBe(400);
    expect(await rowsFor(server, workshop.id)).toEqual([]);
  });

  it('codes from an import arrive with the codes, the amount and a link to /cashback; values from workshops are escaped', async () => {
    const workshop = await createWorkshop(server, { firstName: '<b>Eva</b>', lastName: 'O’Neil & "Söhne"' });
    const res = await request(
      server.url,
      admin,
      'POST',
      '/api/collections/sales_data_files/records',
      multipart({ filename: 'u.csv' }, blob(`${HEADER}\n${workshop.id},1,K1,G1,2025-06-01,"1.000,00"\n`, 'text/csv'), 'u.csv'),
    );
    expect(res.status).toBe(200);
    const codes = (await server.admin.collection('vouchers').getFullList({ filter: `user = "${workshop.id}"` })).map((v) => v.code);
    expect(codes).toHaveLength(2);
    const mail = await inbox.waitFor(workshop.email, (m) => m.subject === 'Ihre 2 neuen Cashback-Codes');
    for (const code of codes) {
      expect(mail.html).toContain(code);
      expect(mail.text).toContain(code);
    }
    expect(mail.text).toContain('Einkaufsvolumen von 1.000,00 €');
    expect(mail.text).toContain('Guten Tag <b>Eva</b> O’Neil & "Söhne",');
    expect(mail.html).toContain('Guten Tag &lt;b&gt;Eva&lt;/b&gt; O’Neil &amp; &#34;Söhne&#34;,');
    expect(mail.html).toContain(`href="${server.url}/cashback"`);
  });

  it('PocketBase’s own auth mails go out at once and are logged beside the campaign mails', async () => {
    const workshop = await createWorkshop(server, { verified: false });
    expect((await request(server.url, null, 'POST', '/api/collections/users/request-verification', { email: workshop.email })).status).toBe(
      204,
    );
    const mail = await inbox.waitFor(workshop.email, (m) => m.subject.includes('bestätigen'));
    // The same tone as the campaign mails.
    expect(mail.html).toContain('<p>Guten Tag Erika Mustermann,</p>');
    expect(mail.html).toContain('Mit freundlichen Grüßen<br/>Ihr Team der NORA Cashback-Aktion');
    expect(mail.html).toContain(`href="${server.url}/verify/`);
    const row = await until('log row', async () => (await rowsFor(server, workshop.id)).find((r) => r.template === 'auth-verification'));
    expect(row).toMatchObject({ immediate: true, status: 'sent', recipient: workshop.email });
    expect(row.data).toEqual({});
  });

  it('the resend button queues a new row for administrators only; a login mail is not resent', async () => {
    const workshop = await createWorkshop(server);
    const { voucher } = await redeem(server, workshop);
    const original = await until('sent', async () => (await rowsFor(server, workshop.id)).find((r) => r.status === 'sent'));
    const auditor = await createStaff(server, 'auditors');
    for (const [actor, status] of [
      [null, 401],
      [workshop, 403],
      [auditor, 403],
    ] as const) {
      const res = await request(server.url, actor, 'POST', `/api/portal/outbox/${original.id}/resend`, {});
      expect(res.status).toBe(status);
      expect(res.json.message).toBeTruthy();
    }
    expect(await rowsFor(server, workshop.id)).toHaveLength(1);
    const res = await request(server.url, admin, 'POST', `/api/portal/outbox/${original.id}/resend`, {});
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ recipient: workshop.email, previousRecipient: workshop.email, template: 'submission-received' });
    expect(await server.admin.collection('mail_outbox').getOne(res.json.id)).toMatchObject({
      resendOf: original.id,
      status: expect.any(String),
    });
    await until('two mails', async () => (await inbox.all()).filter((m) => m.subject.includes(voucher.code)).length === 2);
    const log = await server.admin.collection('staff_log').getFirstListItem(server.admin.filter('targetId = {:id}', { id: original.id }));
    expect(log).toMatchObject({ action: 'mail.resend', actorId: admin.id });

    // A verification mail (PocketBase sends none to a verified address).
    await server.admin.collection('users').update(workshop.id, { verified: false });
    await request(server.url, null, 'POST', '/api/collections/users/request-verification', { email: workshop.email });
    const login = await until('auth row', async () => (await rowsFor(server, workshop.id)).find((r) => r.immediate));
    const refused = await request(server.url, admin, 'POST', `/api/portal/outbox/${login.id}/resend`, {});
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('werden nicht erneut gesendet');
  });

  it('no code path sends a campaign mail outside the outbox', () => {
    const files = readdirSync(path.join(ROOT, 'pb_hooks'), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.js') && !f.includes('vendor'),
    );
    const senders = files.filter((f) => readFileSync(path.join(ROOT, 'pb_hooks', f), 'utf8').includes('newMailClient'));
    expect(senders).toEqual(['lib/outbox-delivery.js']);
  });
});

describe('with a mail server that answers as the test says', () => {
  let server: TestServer;
  let smtp: SmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startPocketBase({ env: { SMTP_HOST: smtp.host, SMTP_PORT: String(smtp.port) } });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });
  const acceptedFor = (email: string) => smtp.accepted.filter((m) => m.to.includes(email));

  for (const [reply, label] of [
    ['451 4.3.0 Mailbox temporarily unavailable', 'a temporary refusal (4xx)'],
    ['550 5.1.1 User unknown', 'a permanent refusal (5xx)'],
  ] as const) {
    it(`${label}: the row fails with the reason, waits a minute, then five, and is sent once the server takes it`, async () => {
      smtp.rcptReply = reply;
      const workshop = await createWorkshop(server);
      await redeem(server, workshop);
      const failed = await until('failed', async () => (await rowsFor(server, workshop.id)).find((r) => r.status === 'failed'));
      expect(failed.attempts).toBe(1);
      expect(failed.lastError).toContain(reply.slice(0, 3));
      const wait = Date.parse(failed.nextAttemptAt.replace(' ', 'T')) - Date.parse(failed.updated.replace(' ', 'T'));
      expect(wait).toBeGreaterThan(55_000);
      expect(wait).toBeLessThan(65_000);
      // Due again now: the second failure waits five minutes.
      await server.admin.collection('mail_outbox').update(failed.id, { nextAttemptAt: new Date().toISOString() });
      const second = await until('second failure', async () =>
        (await rowsFor(server, workshop.id)).find((r) => r.attempts === 2 && r.status === 'failed'),
      );
      const wait2 = Date.parse(second.nextAttemptAt.replace(' ', 'T')) - Date.parse(second.updated.replace(' ', 'T'));
      expect(wait2).toBeGreaterThan(4.5 * 60_000);
      expect(wait2).toBeLessThan(5.5 * 60_000);
      smtp.rcptReply = '250 OK';
      await server.admin.collection('mail_outbox').update(failed.id, { nextAttemptAt: new Date().toISOString() });
      const sent = await until('sent', async () => (await rowsFor(server, workshop.id)).find((r) => r.status === 'sent'));
      expect(sent.attempts).toBe(3);
      expect(acceptedFor(workshop.email)).toHaveLength(1);
    });
  }

  it('a refused auth mail is logged as failed beside the campaign mails', async () => {
    smtp.rcptReply = '550 5.1.1 User unknown';
    const workshop = await createWorkshop(server);
    expect(
      (await request(server.url, null, 'POST', '/api/collections/users/request-password-reset', { email: workshop.email })).status,
    ).toBe(204);
    const row = await until('logged', async () => (await rowsFor(server, workshop.id)).find((r) => r.template === 'auth-password-reset'));
    expect(row).toMatchObject({ immediate: true, status: 'failed' });
    expect(row.lastError).toContain('550');
    smtp.rcptReply = '250 OK';
  });

  it('a row that keeps failing is given up 24 hours after it was queued', async () => {
    smtp.rcptReply = '451 4.3.0 try later';
    const workshop = await createWorkshop(server);
    await redeem(server, workshop);
    const failed = await until('failed', async () => (await rowsFor(server, workshop.id)).find((r) => r.status === 'failed'));
    const db = new Database(path.join(server.dataDir, 'data.db'));
    db.pragma('busy_timeout = 10000');
    const dayAgo = new Date(Date.now() - 24 * 3600_000 - 60_000).toISOString().replace('T', ' ');
    db.prepare('UPDATE mail_outbox SET created = ? WHERE id = ?').run(dayAgo, failed.id);
    db.close();
    const gone = await until('given up', async () => (await rowsFor(server, workshop.id)).find((r) => r.status === 'given_up'));
    expect(gone.lastError).toContain('451');
    smtp.rcptReply = '250 OK';
  });

  it('a mail server that is down costs no attempt: rows wait queued and go as soon as it is back', async () => {
    await smtp.close();
    const workshop = await createWorkshop(server);
    await redeem(server, workshop);
    const waiting = await until('worker tried', async () =>
      (await rowsFor(server, workshop.id)).find((r) => r.lastError.includes('nicht erreichbar')),
    );
    expect(waiting).toMatchObject({ status: 'queued', attempts: 0 });
    smtp = await startSmtpServer(smtp.port);
    await until('sent', async () => (await rowsFor(server, workshop.id)).find((r) => r.status === 'sent'));
    expect(acceptedFor(workshop.email)).toHaveLength(1);
  });

  it('two senders never take the same mail: 300 mails, ten extra runs of the job at once, each mail once', async () => {
    await setMailsPerMinute(server, 1);
    const ids = await seedWorkshops(server, 300, 'claim');
    const admin = await createStaff(server, 'administrators');
    await server.admin.collection('campaigns').update(await activeCampaignId(server), { maxCodesPerWeek: 10_000 });
    const csv = `${HEADER}\n${ids.map((id) => `${id},1,K1,G1,2025-06-01,500`).join('\n')}\n`;
    await request(
      server.url,
      admin,
      'POST',
      '/api/collections/sales_data_files/records',
      multipart({ filename: 'u.csv' }, blob(csv, 'text/csv'), 'u.csv'),
    );
    await setMailsPerMinute(server, 100_000);
    await Promise.all(Array.from({ length: 10 }, () => server.admin.crons.run('mail-outbox')));
    await until(
      'all sent',
      async () =>
        (await server.admin.collection('mail_outbox').getList(1, 1, { filter: "status = 'sent' && user ~ 'claim'" })).totalItems === 300,
    );
    for (const id of ids) expect(acceptedFor(`${id}@example.de`), id).toHaveLength(1);
  });

  it('sends no more than the per-minute limit from the settings', async () => {
    await setMailsPerMinute(server, 5);
    // What was sent in the last minute counts against the limit; start from a quiet minute.
    const db = new Database(path.join(server.dataDir, 'data.db'));
    db.pragma('busy_timeout = 10000');
    db.prepare("UPDATE mail_outbox SET sentAt = '2025-01-01 00:00:00.000Z' WHERE sentAt != ''").run();
    db.close();
    const ids = await seedWorkshops(server, 12, 'limit');
    const admin = await createStaff(server, 'administrators');
    const csv = `${HEADER}\n${ids.map((id) => `${id},1,K1,G1,2025-06-01,500`).join('\n')}\n`;
    await request(
      server.url,
      admin,
      'POST',
      '/api/collections/sales_data_files/records',
      multipart({ filename: 'u.csv' }, blob(csv, 'text/csv'), 'u.csv'),
    );
    await until(
      'five sent',
      async () =>
        (await server.admin.collection('mail_outbox').getList(1, 1, { filter: "status = 'sent' && user ~ 'limit'" })).totalItems === 5,
    );
    // Several more ticks of the job: still five.
    const seen = Date.now();
    await until('three more ticks', async () => Date.now() - seen > 3000);
    expect((await server.admin.collection('mail_outbox').getList(1, 1, { filter: "status = 'sent' && user ~ 'limit'" })).totalItems).toBe(
      5,
    );
    expect((await server.admin.collection('mail_outbox').getList(1, 1, { filter: "status = 'queued' && user ~ 'limit'" })).totalItems).toBe(
      7,
    );
    await setMailsPerMinute(server, 100_000);
  });
});

describe('kill -9 while a mail is being handed to the server', () => {
  it('the mail is sent after the restart: at worst twice, never not at all', async () => {
    const smtp = await startSmtpServer();
    const env = { SMTP_HOST: smtp.host, SMTP_PORT: String(smtp.port) };
    const first = await startPocketBase({ env });
    try {
      smtp.dataReply = 'hold';
      const held = smtp.held();
      const workshop = await createWorkshop(first);
      await redeem(first, workshop);
      await held;
      expect((await rowsFor(first, workshop.id))[0]).toMatchObject({ status: 'sending', attempts: 1 });
      await first.crash();
      smtp.dataReply = '250 OK';
      const second = await startPocketBase({ dataDir: first.dataDir, env });
      try {
        const sent = await until('sent', async () => (await rowsFor(second, workshop.id)).find((r) => r.status === 'sent'));
        expect(sent.attempts).toBe(2);
        // The held copy was complete when the process died; a real server may deliver it too.
        const delivered = smtp.accepted.filter((m) => m.to.includes(workshop.email)).length;
        expect(delivered).toBe(1);
        expect(delivered + 1).toBeLessThanOrEqual(2);
        expect(decodedText(smtp.accepted.at(-1)!.data)).toContain('ist bei uns eingegangen');
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
      await smtp.close();
    }
  });
});
