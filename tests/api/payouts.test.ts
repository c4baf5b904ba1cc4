import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { dsvFormat } from 'd3-dsv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROOT } from '../../scripts/lib/pocketbase.mjs';
import { blob, createStaff, createVoucher, createWorkshop, multipart, submissionForm, type Actor } from '../helpers/fixtures';
import { protectedFile } from '../helpers/files';
import { berlinDay, germanDay } from '../helpers/days';
import { request } from '../helpers/http';
import { startInbox, type MailInbox } from '../helpers/mail';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Payouts run on the bank's real calendar, not the campaign clock (decision 035).
const TODAY = berlinDay();
const YESTERDAY = berlinDay(-1);
const TOMORROW = berlinDay(1);

// Issue 17: a passed invoice becomes one payout; batches are created, released by a second
// administrator, exported as SEPA pain.001.001.09 (validated against the EPC schema with
// xmllint) and CSV, confirmed as paid; a returned payout gets new bank details and goes
// into the next batch. Never two payouts for one submission, never one in two batches.

export const XSD = path.resolve(ROOT, '..', 'shared', 'xsd', 'pain.001.001.09.xsd');
const DEBTOR = { debtorName: 'NORA Cashback-Aktion GmbH', debtorIban: 'DE02120300000000202051', debtorBic: 'BYLADEM1001' };

let server: TestServer;
let inbox: MailInbox;
let admin1: Actor;
let admin2: Actor;
let auditor: Actor;
const dirs: string[] = [];

beforeAll(async () => {
  inbox = await startInbox();
  server = await startPocketBase({ env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort) } });
  [admin1, admin2, auditor] = await Promise.all([
    createStaff(server, 'administrators'),
    createStaff(server, 'administrators'),
    createStaff(server, 'auditors'),
  ]);
  const settings = await server.admin.collection('portal_settings').getFirstListItem("key = 'default'");
  await server.admin.collection('portal_settings').update(settings.id, DEBTOR);
});
afterAll(async () => {
  await server?.stop();
  await inbox?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const call = (actor: Actor | null, method: string, url: string, body?: object) => request(server.url, actor, method, url, body);

/** A workshop's redemption passed by the auditor through the verdict upload; returns its payout. */
async function passedPayout(workshop: Actor, bank: Record<string, string> = {}, target = server, by = auditor) {
  const voucher = await createVoucher(target, workshop.id);
  const sub = await request(
    target.url,
    workshop,
    'POST',
    '/api/collections/submissions/records',
    submissionForm(workshop.id, voucher, bank),
  );
  expect(sub.status).toBe(200);
  const verdict = await request(
    target.url,
    by,
    'POST',
    '/api/collections/audit_results/records',
    multipart({ filename: 'p.csv', uploadedByUser: by.id }, blob(`RechnungsID,Checked,Faulty\n${sub.json.id},1,0\n`, 'text/csv'), 'p.csv'),
  );
  expect(verdict.status).toBe(200);
  // A shared IBAN is a review signal: the file's row then waits for the auditor's confirmation (issue 58).
  for (const held of (await target.admin.collection('audit_results').getOne(verdict.json.id)).held ?? []) {
    const applied = await request(target.url, by, 'POST', `/api/portal/audit-results/${verdict.json.id}/held/${held.id}`, { apply: true });
    expect(applied.json.refused).toBeNull();
  }
  return {
    payout: await target.admin.collection('payouts').getFirstListItem(target.admin.filter('submission = {:s}', { s: sub.json.id })),
    voucher,
    submissionId: sub.json.id as string,
  };
}

function xmllint(xml: Buffer | string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pain001-'));
  dirs.push(dir);
  const file = path.join(dir, 'pain001.xml');
  writeFileSync(file, xml);
  return execFileSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const unescape = (text: string) =>
  text
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The text of every element `name` (unescaped). */
const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((m) => unescape(m[1]!));

async function batchThrough(actorCreate: Actor, actorRelease: Actor, executionDate = TOMORROW) {
  const created = await call(actorCreate, 'POST', '/api/portal/payout-batches', {});
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const released = await call(actorRelease, 'POST', `/api/portal/payout-batches/${created.json.id}/release`, {});
  expect(released.status, JSON.stringify(released.json)).toBe(200);
  const exported = await call(actorRelease, 'POST', `/api/portal/payout-batches/${created.json.id}/export`, { executionDate });
  expect(exported.status, JSON.stringify(exported.json)).toBe(200);
  return server.admin.collection('payout_batches').getOne(created.json.id);
}

describe('payouts from passed invoices', () => {
  it('a passed verdict makes one payout of the reward to the account given with the submission; a rejected one none', async () => {
    const workshop = await createWorkshop(server);
    const { payout, voucher } = await passedPayout(workshop, {
      ibanFirstName: 'Jürgen',
      ibanLastName: 'Groß',
      ibanNumber: 'DE89 3704 0044 0532 0130 00',
    });
    expect(payout).toMatchObject({
      user: workshop.id,
      voucher: voucher.id,
      amount: 50,
      accountHolder: 'Jürgen Groß',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      endToEndId: voucher.code,
      remittance: `NORA Cashback ${voucher.code}`,
      status: 'payable',
    });
    const rejectedVoucher = await createVoucher(server, workshop.id);
    const sub = await request(
      server.url,
      workshop,
      'POST',
      '/api/collections/submissions/records',
      submissionForm(workshop.id, rejectedVoucher),
    );
    await request(
      server.url,
      auditor,
      'POST',
      '/api/collections/audit_results/records',
      multipart(
        { filename: 'r.csv', uploadedByUser: auditor.id },
        blob(`RechnungsID,Checked,Faulty\n${sub.json.id},1,1\n`, 'text/csv'),
        'r.csv',
      ),
    );
    expect((await server.admin.collection('payouts').getList(1, 1, { filter: `submission = "${sub.json.id}"` })).totalItems).toBe(0);
    // The workshop reads its own payout, not another's.
    const own = await call(workshop, 'GET', `/api/collections/payouts/records/${payout.id}`);
    expect(own.status).toBe(200);
    const other = await createWorkshop(server);
    const theirs = await call(other, 'GET', `/api/collections/payouts/records/${payout.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain(payout.iban);
  });

  it('an administrator learns how many other administrators there are (a count, no names)', async () => {
    const total = (await server.admin.collection('administrators').getList(1, 1)).totalItems;
    const res = await call(admin1, 'GET', '/api/portal/administrators/others');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ count: total - 1 });
  });

  it('a batch is released by a second administrator, exported as a schema-valid pain.001.001.09 and a CSV, then paid', async () => {
    const workshops = await Promise.all([createWorkshop(server), createWorkshop(server)]);
    // Letters and signs outside the SEPA set that have a rule: spelled out in the file.
    const hostile = [
      { ibanFirstName: 'Jürgen „Ölmüller“', ibanLastName: 'O’Brien-Groß & Co' },
      { ibanFirstName: 'Zoë', ibanLastName: 'Ñúñez–Łukasz' },
    ];
    const payouts: Awaited<ReturnType<typeof passedPayout>>[] = [];
    for (const [i, w] of workshops.entries()) payouts.push(await passedPayout(w, hostile[i]));

    const created = await call(admin1, 'POST', '/api/portal/payout-batches', {});
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ status: 'created', createdBy: admin1.id });
    expect(created.json.count).toBeGreaterThanOrEqual(2);
    const batchId = created.json.id;
    // Not exportable before release; not releasable by its creator while another administrator exists.
    const early = await call(admin1, 'POST', `/api/portal/payout-batches/${batchId}/export`, { executionDate: TOMORROW });
    expect(early.status).toBe(400);
    expect(early.json.message).toBe('Nur ein freigegebener oder bereits exportierter Auszahlungslauf kann exportiert werden.');
    const own = await call(admin1, 'POST', `/api/portal/payout-batches/${batchId}/release`, { selfConfirm: true });
    expect(own.status).toBe(400);
    expect(own.json.message).toBe(
      'Diesen Auszahlungslauf muss ein anderer Administrator freigeben als der, der ihn erstellt hat (Vier-Augen-Prinzip).',
    );
    expect((await call(admin2, 'POST', `/api/portal/payout-batches/${batchId}/release`, {})).status).toBe(200);
    const past = await call(admin2, 'POST', `/api/portal/payout-batches/${batchId}/export`, { executionDate: YESTERDAY });
    expect(past.status).toBe(400);
    expect(past.json.message).toContain('Ausführungsdatum');
    const exported = await call(admin2, 'POST', `/api/portal/payout-batches/${batchId}/export`, { executionDate: TOMORROW });
    expect(exported.status).toBe(200);
    const batch = await server.admin.collection('payout_batches').getOne(batchId);
    expect(batch).toMatchObject({ status: 'exported', executionDate: TOMORROW, exportedBy: admin2.id });

    const xml = (await protectedFile(server, batch, 'pain001')).toString('utf8');
    expect(xmllint(xml)).toBe('');
    expect(tag(xml, 'NbOfTxs')).toEqual([String(batch.count), String(batch.count)]);
    expect(tag(xml, 'CtrlSum')).toEqual([(batch.count * 50).toFixed(2), (batch.count * 50).toFixed(2)]);
    expect(tag(xml, 'Dt')).toEqual([TOMORROW]);
    expect(tag(xml, 'Nm')).toEqual(
      expect.arrayContaining(['NORA Cashback-Aktion GmbH', "Juergen 'Oelmueller' O'Brien-Gross + Co", 'Zoe Nunez-Lukasz']),
    );
    for (const p of payouts) {
      expect(tag(xml, 'EndToEndId')).toContain(p.voucher.code);
      expect(tag(xml, 'Ustrd')).toContain(`NORA Cashback ${p.voucher.code}`);
    }
    expect(tag(xml, 'IBAN')).toEqual(expect.arrayContaining([DEBTOR.debtorIban, 'DE89370400440532013000']));
    const csv = dsvFormat(';').parseRows((await protectedFile(server, batch, 'csv')).subarray(3).toString('utf8'));
    expect(csv[0]).toEqual(['Empfaenger', 'IBAN', 'BIC', 'Betrag', 'Waehrung', 'Verwendungszweck', 'EndToEndId', 'Ausfuehrungsdatum']);
    expect(csv.slice(1).map((r) => r[6])).toEqual(expect.arrayContaining(payouts.map((p) => p.voucher.code)));
    expect(csv.slice(1).every((r) => r[3] === '50,00' && r[7] === TOMORROW)).toBe(true);

    // After release nothing in the batch changes through the API, not even for an administrator.
    const edit = await call(admin1, 'PATCH', `/api/collections/payouts/records/${payouts[0]!.payout.id}`, {
      amount: 5000,
      iban: 'DE02120300000000202051',
    });
    expect(edit.status).toBe(403);
    expect((await server.admin.collection('payouts').getOne(payouts[0]!.payout.id)).amount).toBe(50);

    const paid = await call(admin1, 'POST', `/api/portal/payout-batches/${batchId}/paid`, { paidOn: TODAY });
    expect(paid.status).toBe(200);
    for (const p of payouts) {
      expect(await server.admin.collection('payouts').getOne(p.payout.id)).toMatchObject({ status: 'paid', paidOn: TODAY });
    }
    const mail = await inbox.waitFor(
      workshops[0]!.email,
      (m) => m.subject === `Ihr Cashback zum Code ${payouts[0]!.voucher.code} wurde überwiesen`,
    );
    expect(mail.text).toContain(`wurde am ${germanDay(TODAY)} auf Ihr Konto DE89 **** **** 3000 überwiesen`);
    expect((await call(admin1, 'POST', `/api/portal/payout-batches/${batchId}/paid`, { paidOn: TODAY })).status).toBe(400);
    const log = await server.admin
      .collection('staff_log')
      .getFullList({ filter: server.admin.filter('targetId = {:id}', { id: batchId }), sort: 'created' });
    expect(log.map((l) => l.action)).toEqual(['payout_batch.create', 'payout_batch.release', 'payout_batch.export', 'payout_batch.paid']);
  });

  it('a returned payout asks the workshop for new bank details for exactly that submission, then goes into the next batch', async () => {
    const workshop = await createWorkshop(server);
    const { payout, voucher } = await passedPayout(workshop);
    const batch = await batchThrough(admin1, admin2);
    expect(batch.count).toBeGreaterThanOrEqual(1);
    // Only a known reason code; only an administrator.
    expect((await call(admin1, 'POST', `/api/portal/payouts/${payout.id}/return`, { reason: 'XX99' })).json.message).toBe(
      'Bitte wählen Sie den Rückgabegrund der Bank.',
    );
    const byWorkshop = await call(workshop, 'POST', `/api/portal/payouts/${payout.id}/return`, { reason: 'AC04' });
    expect(byWorkshop.status).toBe(403);
    const returned = await call(admin1, 'POST', `/api/portal/payouts/${payout.id}/return`, {
      reason: 'AC04',
      note: 'Rückläufer vom 17.09.',
    });
    expect(returned.status).toBe(200);
    expect(returned.json).toMatchObject({ status: 'returned', returnReason: 'AC04' });
    const mail = await inbox.waitFor(workshop.email, (m) => m.subject === `Bitte prüfen Sie Ihre Bankverbindung zum Code ${voucher.code}`);
    expect(mail.text).toContain('Grund: Konto aufgelöst (AC04).');
    expect(mail.text).toContain(`${server.url}/profile`);

    // The same checks as the cashback form, with its messages, and only for the workshop's own payout.
    const other = await createWorkshop(server);
    const foreign = await call(other, 'POST', `/api/portal/payouts/${payout.id}/bank-details`, {
      ibanFirstName: 'Eva',
      ibanLastName: 'Fremd',
      ibanNumber: 'DE02120300000000202051',
      ibanBic: 'BYLADEM1001',
    });
    expect(foreign.status).toBe(404);
    const bad = await call(workshop, 'POST', `/api/portal/payouts/${payout.id}/bank-details`, {
      ibanFirstName: 'E',
      ibanLastName: 'Mustermann',
      ibanNumber: 'DE00123456789012345678',
      ibanBic: 'XX',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.data).toMatchObject({
      ibanFirstName: { message: 'Vorname muss mindestens 2 Zeichen lang sein' },
      ibanNumber: { message: 'Bitte gib eine gültige IBAN ein' },
      ibanBic: { message: 'BIC muss mindestens 8 Zeichen lang sein' },
    });
    const good = await call(workshop, 'POST', `/api/portal/payouts/${payout.id}/bank-details`, {
      ibanFirstName: 'Erika',
      ibanLastName: 'Mustermann',
      ibanNumber: 'DE02 1203 0000 0000 2020 51',
      ibanBic: 'byladem1001',
    });
    expect(good.status).toBe(200);
    expect(good.json).toMatchObject({ status: 'payable', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', batch: '' });
    const again = await call(workshop, 'POST', `/api/portal/payouts/${payout.id}/bank-details`, {
      ibanFirstName: 'Erika',
      ibanLastName: 'Mustermann',
      ibanNumber: 'DE89370400440532013000',
      ibanBic: 'COBADEFFXXX',
    });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('Für diese Auszahlung werden keine neuen Bankdaten benötigt.');

    const next = await batchThrough(admin2, admin1);
    expect(await server.admin.collection('payouts').getOne(payout.id)).toMatchObject({ status: 'exported', batch: next.id });
    const xml = (await protectedFile(server, next, 'pain001')).toString('utf8');
    expect(xmllint(xml)).toBe('');
    expect(xml).toContain('<IBAN>DE02120300000000202051</IBAN>');
  });

  it('an administrator holds a payable payout with a reason; it stays out of batches until released', async () => {
    const workshop = await createWorkshop(server);
    const { payout } = await passedPayout(workshop);
    expect((await call(admin1, 'POST', `/api/portal/payouts/${payout.id}/hold`, {})).json.message).toBe('Bitte geben Sie einen Grund an.');
    expect((await call(auditor, 'POST', `/api/portal/payouts/${payout.id}/hold`, { reason: 'x' })).status).toBe(403);
    expect((await call(admin1, 'POST', `/api/portal/payouts/${payout.id}/hold`, { reason: 'IBAN-Rückfrage am Telefon' })).json.status).toBe(
      'held',
    );
    await passedPayout(await createWorkshop(server)); // something else to pay
    const batch = await batchThrough(admin1, admin2);
    expect(await server.admin.collection('payouts').getOne(payout.id)).toMatchObject({ status: 'held', batch: '' });
    expect(batch.id).toBeTruthy();
    expect((await call(admin2, 'POST', `/api/portal/payouts/${payout.id}/unhold`, { reason: 'geklärt' })).json.status).toBe('payable');
    const log = await server.admin
      .collection('staff_log')
      .getFullList({ filter: server.admin.filter('targetId = {:id}', { id: payout.id }), sort: 'created' });
    expect(log.map((l) => [l.action, l.reason])).toEqual([
      ['payout.hold', 'IBAN-Rückfrage am Telefon'],
      ['payout.unhold', 'geklärt'],
    ]);
  });

  it('25 batches created at once: every payable payout lands in exactly one of them', async () => {
    const workshops = await Promise.all(Array.from({ length: 6 }, () => createWorkshop(server)));
    const ids: string[] = [];
    for (const w of workshops) ids.push((await passedPayout(w)).payout.id);
    const answers = await Promise.all(Array.from({ length: 25 }, () => call(admin1, 'POST', '/api/portal/payout-batches', { limit: 2 })));
    const ok = answers.filter((a) => a.status === 200);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.json.message).toBe('Es gibt keine auszahlbaren Einreichungen.');
    const batchOf = new Map<string, string>();
    for (const a of ok) {
      const members = await server.admin.collection('payouts').getFullList({ filter: `batch = "${a.json.id}"` });
      expect(members.length).toBe(a.json.count);
      for (const m of members) {
        expect(batchOf.has(m.id)).toBe(false);
        batchOf.set(m.id, a.json.id);
      }
    }
    for (const id of ids) expect(batchOf.has(id)).toBe(true);
  });

  it('the 8-week list shows unpaid submissions by age, amber after 6 weeks and red after 8', async () => {
    const workshop = await createWorkshop(server);
    const fresh = await createVoucher(server, workshop.id);
    const form = submissionForm(workshop.id, fresh);
    const sub2 = await request(server.url, workshop, 'POST', '/api/collections/submissions/records', form);
    const db = new Database(path.join(server.dataDir, 'data.db'));
    db.pragma('busy_timeout = 10000');
    // Ages are real days (decision 035), whatever the campaign clock (2025-09-15 in the tests) says.
    const stamp = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000 - 3_600_000).toISOString().replace('T', ' ');
    db.prepare('UPDATE submissions SET created = ? WHERE id = ?').run(stamp(62), sub2.json.id);
    db.close();
    const res = await call(admin1, 'GET', '/api/portal/payouts/promise');
    expect(res.status).toBe(200);
    const old = res.json.items.find((i: { submission: string }) => i.submission === sub2.json.id);
    expect(old).toMatchObject({ days: 62, level: 'red', code: fresh.code, status: 'pending' });
    // A submission made just now is 0 days old, never a negative age under the pinned campaign clock.
    const recent = res.json.items.filter((i: { days: number }) => i.days < 1);
    expect(recent.length).toBeGreaterThan(0);
    expect(res.json.items.every((i: { days: number }) => i.days >= 0)).toBe(true);
    expect((await call(workshop, 'GET', '/api/portal/payouts/promise')).status).toBe(403);
    expect((await call(auditor, 'GET', '/api/portal/payouts/promise')).status).toBe(403);
  });
});

describe('with a single administrator', () => {
  it('the release needs an explicit self-confirmation and the staff log says so', async () => {
    const solo = await startPocketBase();
    try {
      const only = await createStaff(solo, 'administrators');
      const soloAuditor = await createStaff(solo, 'auditors');
      const settings = await solo.admin.collection('portal_settings').getFirstListItem("key = 'default'");
      await solo.admin.collection('portal_settings').update(settings.id, DEBTOR);
      const w = await createWorkshop(solo);
      await passedPayout(w, {}, solo, soloAuditor);
      // The data area asks whether four eyes are possible (issue 35): no other administrator here.
      expect((await request(solo.url, only, 'GET', '/api/portal/administrators/others')).json).toEqual({ count: 0 });
      const created = await request(solo.url, only, 'POST', '/api/portal/payout-batches', {});
      const implicit = await request(solo.url, only, 'POST', `/api/portal/payout-batches/${created.json.id}/release`, {});
      expect(implicit.status).toBe(400);
      expect(implicit.json.message).toBe(
        'Sie sind der einzige Administrator. Bitte bestätigen Sie ausdrücklich, dass Sie diesen Auszahlungslauf selbst freigeben.',
      );
      const explicit = await request(solo.url, only, 'POST', `/api/portal/payout-batches/${created.json.id}/release`, {
        selfConfirm: true,
      });
      expect(explicit.status).toBe(200);
      expect(explicit.json).toMatchObject({ status: 'released', selfReleased: true, releasedBy: only.id });
      const log = await solo.admin.collection('staff_log').getFirstListItem(solo.admin.filter("action = 'payout_batch.self_release'"));
      expect(log.reason).toBe('Einziger Administrator: ausdrücklich selbst freigegeben');
    } finally {
      await solo.stop();
    }
  });
});
