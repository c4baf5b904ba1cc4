import { afterAll, expect, it } from 'vitest';

import { freePort } from '../../scripts/lib/ports.mjs';
import { activeCampaignId, blob, createStaff, multipart } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { seedWorkshops } from '../helpers/seed';
import { decodedText, startSmtpServer, type SmtpServer } from '../helpers/smtp-server';
import { until } from '../helpers/poll';

// Issue 15: an import never waits on SMTP. 5,000 workshops cross a threshold four times,
// with the mail server running and stopped in turn; the imports take the same time (at most
// 1.2x, totals of two runs each, so one hiccup of the machine does not decide) and, while
// the server is stopped, nothing is sent. When a mail server is back on the same port, all
// 5,000 mails of the last import arrive, each exactly once. (The loopback SMTP server takes
// them as fast as PocketBase sends; MailDev parses ~60 a second, which made this test the
// slowest of the suite and its timing depend on the machine's load. MailDev is read back in
// tests/api/outbox.test.ts.)

// The smallest size that shows the rule (issue 33): enough codes that an import and the mail
// worker overlap; the mail figures at the campaign's size are bench:import's.
const WORKSHOPS = 500;
const HEADER = 'user,bnr,knr,gpnr,deliverydate,sales';
let server: TestServer | null = null;
let smtp: SmtpServer | null = null;
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

it('imports that take 500 workshops over a threshold do not wait for the mail server, and every mail arrives once it is back', async () => {
  const smtpPort = await freePort();
  smtp = await startSmtpServer(smtpPort);
  server = await startPocketBase({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort) } });
  const s = server;
  await s.admin.collection('campaigns').update(await activeCampaignId(s), { maxCodesPerWeek: 100_000 });
  const settings = (await s.admin.collection('portal_settings').getFirstListItem("key = 'default'")).id;
  await s.admin.collection('portal_settings').update(settings, { mailsPerMinute: 100_000 });
  const admin = await createStaff(s, 'administrators');
  const ids = await seedWorkshops(s, WORKSHOPS, 'load');
  const count = async (filter: string) => (await s.admin.collection('mail_outbox').getList(1, 1, { filter })).totalItems;
  const sent = () => count("status = 'sent'");

  async function importSeconds(day: string) {
    const csv = `${HEADER}\n${ids.map((id) => `${id},1,K1,G1,2025-06-${day},500`).join('\n')}\n`;
    const started = performance.now();
    const res = await request(
      s.url,
      admin,
      'POST',
      '/api/collections/sales_data_files/records',
      multipart({ filename: 'u.csv' }, blob(csv, 'text/csv'), 'u.csv'),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(res.status).toBe(200);
    expect(await s.admin.collection('sales_data_files').getOne(res.json.id)).toMatchObject({ status: 'done', codesIssued: WORKSHOPS });
    return seconds;
  }
  async function stopServer() {
    await smtp!.close();
    smtp = null;
  }

  const running: number[] = [];
  const stopped: number[] = [];
  // Running, stopped, running, stopped.
  running.push(await importSeconds('01'));
  await until('first mails sent', async () => (await sent()) === WORKSHOPS, { timeoutMs: 120_000, everyMs: 200 });
  await stopServer();
  stopped.push(await importSeconds('02'));
  await until('the worker met the closed port', async () => (await count("lastError ~ 'nicht erreichbar'")) > 0, {
    timeoutMs: 30_000,
    everyMs: 200,
  });
  expect(await sent()).toBe(WORKSHOPS); // nothing of the second import went out
  smtp = await startSmtpServer(smtpPort);
  await until('second mails sent', async () => (await sent()) === 2 * WORKSHOPS, { timeoutMs: 120_000, everyMs: 200 });
  running.push(await importSeconds('03'));
  await until('third mails sent', async () => (await sent()) === 3 * WORKSHOPS, { timeoutMs: 120_000, everyMs: 200 });
  await stopServer();
  stopped.push(await importSeconds('04'));
  await until('the worker met the closed port again', async () => (await count("status = 'queued' && attempts = 0")) === WORKSHOPS, {
    timeoutMs: 30_000,
    everyMs: 200,
  });
  expect(await sent()).toBe(3 * WORKSHOPS);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const ratio = sum(stopped) / sum(running);
  console.log(
    `[outbox] imports of ${WORKSHOPS} codes: ${running.map((x) => x.toFixed(2)).join(' s, ')} s with the mail server, ${stopped.map((x) => x.toFixed(2)).join(' s, ')} s without (ratio of totals ${ratio.toFixed(2)})`,
  );
  // The times are printed, not asserted (issue 33: no test asserts on elapsed time; a busy machine
  // made the ratio 1.36 in one CI run). That the import does not wait for the mail server is what
  // the outcome shows: with the server down, each import above finished ('done', every code
  // issued) and its mails were queued, not sent.

  // A mail server starts on the same port: the queue drains.
  const started = performance.now();
  const back = await startSmtpServer(smtpPort);
  smtp = back;
  await until('every mail delivered', async () => back.accepted.length >= WORKSHOPS || null, { timeoutMs: 300_000, everyMs: 200 });
  console.log(`[outbox] ${WORKSHOPS} queued mails drained in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await until('all marked sent', async () => (await sent()) === 4 * WORKSHOPS, { timeoutMs: 30_000, everyMs: 200 });
  const mails = back.accepted.map((m) => ({ to: m.to, text: decodedText(m.data) }));
  expect(mails).toHaveLength(WORKSHOPS);
  const perRecipient = new Map<string, number>();
  for (const m of mails) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
  expect(perRecipient.size).toBe(WORKSHOPS);
  expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
  const lastCodes = await s.admin.collection('vouchers').getFullList({ filter: 'tier = 4', fields: 'code' });
  const mailed = new Set(mails.flatMap((m) => m.text.match(/NORA-[A-Z0-9]{4}-[A-Z0-9]{4}/g) ?? []));
  expect(lastCodes).toHaveLength(WORKSHOPS);
  expect(lastCodes.every((v) => mailed.has(v.code))).toBe(true);
}, 600_000);
