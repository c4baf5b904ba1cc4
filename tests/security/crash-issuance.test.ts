import path from 'node:path';

import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

import { freePort } from '../../scripts/lib/ports.mjs';

import { activeCampaignId, blob, createStaff, multipart } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { decodedText, startSmtpServer, type SmtpServer } from '../helpers/smtp-server';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { seedWorkshops } from '../helpers/seed';
import { until } from '../helpers/poll';

// DECISIONS section 5: after a kill -9 at any point of an import and a restart, every
// workshop has exactly floor(totalSales / threshold) codes and each code's mail is queued
// exactly once (and, once sent, arrives at least once; twice only for a mail a kill interrupts
// between its hand-over to the mail server and its 'sent' mark: one per sender at work).

const HEADER = 'user,bnr,knr,gpnr,deliverydate,sales';
const WORKSHOPS = 600;
const PADDING_ROWS = 50; // per workshop, 0.01 € each: staging takes seconds, merging about half a second

let servers: TestServer[] = [];
// A real SMTP server on loopback that keeps what it accepts (MailDev takes ~60 mails/s, too
// slow for thousands; tests/api/outbox.test.ts reads mails back from MailDev).
let smtp: SmtpServer | null = null;
afterEach(async () => {
  for (const s of servers.reverse()) await s.stop();
  servers = [];
  await smtp?.close();
  smtp = null;
});

type Phase = 'staging' | 'merging' | 'issuing' | 'sending';

// A phase lasts moments: look often.
const PHASE = { timeoutMs: 60_000, everyMs: 5 };

async function scenario(phase: Phase) {
  smtp = await startSmtpServer();
  const env = { SMTP_HOST: smtp.host, SMTP_PORT: String(smtp.port) };
  // Before the kill nothing may leave but in the sending phase: the first server's mail server is a
  // port where nothing listens (a rate of one a minute still let one mail out, and a kill between its
  // delivery and its 'sent' mark mailed it twice, which only the sending phase allows).
  const first = await startPocketBase({
    env: phase === 'sending' ? env : { SMTP_HOST: smtp.host, SMTP_PORT: String(await freePort()) },
  });
  servers.push(first);
  const campaign = await activeCampaignId(first);
  await first.admin.collection('campaigns').update(campaign, { maxCodesPerWeek: 100_000, maxCodesPerWorkshopPerWeek: 100 });
  // Mails go out only when the test says so for every phase but the last.
  await first.admin
    .collection('portal_settings')
    .update((await first.admin.collection('portal_settings').getFirstListItem("key = 'default'")).id, {
      mailsPerMinute: phase === 'sending' ? 100_000 : 1,
    });
  const admin = await createStaff(first, 'administrators');
  const ids = await seedWorkshops(first, WORKSHOPS, 'crash');
  const rows: string[] = [];
  ids.forEach((id, w) => {
    rows.push(`${id},1,K1,G1,2025-06-01,${1000 + (w % 3) * 250}`); // 2 or 3 codes each
    for (let p = 0; p < PADDING_ROWS; p += 1) rows.push(`${id},2,P${p},G1,2025-06-02,"0,01"`);
  });
  const upload = request(
    first.url,
    admin,
    'POST',
    '/api/collections/sales_data_files/records',
    multipart({ filename: 'gross.csv' }, blob(`${HEADER}\n${rows.join('\n')}\n`, 'text/csv'), 'gross.csv'),
  ).catch(() => null);

  const file = () =>
    first.admin
      .collection('sales_data_files')
      .getFirstListItem('', { sort: '-created' })
      .catch(() => null);
  const count = async (collection: string, filter = '') => (await first.admin.collection(collection).getList(1, 1, { filter })).totalItems;
  if (phase === 'staging')
    await until('staging', async () => (await file())?.status === 'processing' && (await file())!.progress >= 20, PHASE);
  if (phase === 'merging')
    await until('merging', async () => (await file())?.status === 'merging' && (await count('sales_data')) > 0, PHASE);
  if (phase === 'issuing')
    await until('issuing', async () => (await file())?.status === 'issuing' && (await count('vouchers')) > 0, {
      ...PHASE,
      timeoutMs: 90_000,
    });
  if (phase === 'sending') {
    await upload;
    await until('sending', async () => (await count('mail_outbox', "status = 'sent'")) > 20, { ...PHASE, timeoutMs: 90_000 });
  }
  const before = (await file())!;
  await first.crash();
  await upload;
  // The senders at work when the process died: each pass claims its rows under one token and hands
  // them to the mail server one after the other, so each can have had one mail in flight (read
  // before the restart, which puts every claim back in the queue).
  const db = new Database(path.join(first.dataDir, 'data.db'));
  const sendersAtKill = (
    db.prepare(`SELECT COUNT(DISTINCT claimToken) AS n FROM mail_outbox WHERE status = 'sending'`).get() as { n: number }
  ).n;
  db.close();

  const second = await startPocketBase({ dataDir: first.dataDir, env });
  servers.push(second);
  return { second, fileId: before.id, statusAtKill: before.status, sendersAtKill };
}

async function checkInvariant(server: TestServer) {
  const totals = await server.admin.collection('sales_totals').getFullList({ fields: 'user,totalSales' });
  const vouchers = await server.admin.collection('vouchers').getFullList({ fields: 'user,code,tier' });
  const rows = await server.admin.collection('mail_outbox').getFullList({ filter: "template = 'code-issued'", fields: 'user,data,status' });
  const held: Record<string, string[]> = {};
  for (const v of vouchers) (held[v.user] ??= []).push(v.code);
  const totalOf: Record<string, number> = Object.fromEntries(totals.map((t) => [t.user, t.totalSales]));
  for (const [user, codes] of Object.entries(held)) expect(codes.length, user).toBe(Math.floor((totalOf[user] ?? 0) / 500));
  for (const t of totals) expect(held[t.user]?.length ?? 0, t.user).toBe(Math.floor(t.totalSales / 500));
  // Each code is in exactly one queued mail, and every mailed code exists.
  const mailed = rows.flatMap((r) => r.data.codes as string[]);
  expect(mailed.slice().sort()).toEqual(vouchers.map((v) => v.code).sort());
  return { vouchers: vouchers.length, mails: rows.length };
}

async function deliveries(server: TestServer, expectedMails: number) {
  await server.admin
    .collection('portal_settings')
    .update((await server.admin.collection('portal_settings').getFirstListItem("key = 'default'")).id, { mailsPerMinute: 100_000 });
  await until(
    'every mail sent',
    async () =>
      (await server.admin.collection('mail_outbox').getList(1, 1, { filter: "status = 'sent' && template = 'code-issued'" })).totalItems ===
      expectedMails,
    { timeoutMs: 120_000 },
  );
  const codes = new Map<string, number>();
  for (const mail of smtp!.accepted) for (const code of new Set(codesIn(mail.data))) codes.set(code, (codes.get(code) ?? 0) + 1);
  return codes;
}

/** The codes a mail lists: its text part names each once (the HTML part and a one-code subject repeat it). */
function codesIn(data: string): string[] {
  const text = decodedText(data).split('text/plain')[1]!.split('text/html')[0]!;
  return text.match(/NORA-[A-Z0-9]{4}-[A-Z0-9]{4}/g) ?? [];
}

describe('kill -9 during an import, then a restart', () => {
  it('during staging: the file fails, nothing is counted and no code exists', async () => {
    const { second, fileId } = await scenario('staging');
    expect(await second.admin.collection('sales_data_files').getOne(fileId)).toMatchObject({ status: 'failed' });
    expect((await second.admin.collection('sales_data').getList(1, 1)).totalItems).toBe(0);
    const { vouchers, mails } = await checkInvariant(second);
    expect([vouchers, mails]).toEqual([0, 0]);
  }, 180_000);

  for (const phase of ['merging', 'issuing'] as const) {
    it(`during ${phase}: the next start finishes the file, every workshop has its codes, each mailed once`, async () => {
      const { second, fileId, statusAtKill } = await scenario(phase);
      expect(statusAtKill).toBe(phase);
      expect(await second.admin.collection('sales_data_files').getOne(fileId)).toMatchObject({ status: 'done', progress: 100 });
      const { vouchers, mails } = await checkInvariant(second);
      expect(mails).toBe(WORKSHOPS);
      expect(vouchers).toBe((WORKSHOPS / 3) * 7); // 2, 2 and 3 codes in turn
      const codes = await deliveries(second, mails);
      expect(codes.size).toBe(vouchers);
      expect([...codes.values()].every((n) => n === 1)).toBe(true);
    }, 240_000);
  }

  it('during sending: every mail arrives, at worst the one each sender had in flight twice', async () => {
    const { second, sendersAtKill } = await scenario('sending');
    // The kill met mail being sent (a pass claims 50 and the kill comes after the 21st is sent).
    expect(sendersAtKill).toBeGreaterThan(0);
    const { vouchers, mails } = await checkInvariant(second);
    expect(mails).toBe(WORKSHOPS);
    const codes = await deliveries(second, mails);
    expect(codes.size).toBe(vouchers);
    expect([...codes.values()].every((n) => n === 1 || n === 2)).toBe(true);
    // Mails, not codes: one mail carries two or three codes, each mail its own set.
    const twice = new Map<string, number>();
    for (const mail of smtp!.accepted) {
      const set = [...new Set(codesIn(mail.data))].sort().join(' ');
      twice.set(set, (twice.get(set) ?? 0) + 1);
    }
    const mailedTwice = [...twice.values()].filter((n) => n > 1).length;
    // Senders overlap when a pass outlasts the cron tick (claims are atomic, see lib/outbox-delivery.js); a
    // kill meets at most one mail per sender between its delivery and its 'sent' mark.
    expect(mailedTwice).toBeLessThanOrEqual(sendersAtKill);
    expect([...twice.values()].every((n) => n <= 2)).toBe(true);
  }, 240_000);
});
