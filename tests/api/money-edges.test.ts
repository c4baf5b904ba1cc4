import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
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
import { berlinDay } from '../helpers/days';
import { request } from '../helpers/http';
import { startInbox, type MailInbox } from '../helpers/mail';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { until } from '../helpers/poll';
import { connectRealtime } from '../helpers/realtime';

// Payouts run on the bank's real calendar, not the campaign clock (decision 035).
const TODAY = berlinDay();
const TOMORROW = berlinDay(1);
const IN_THREE_DAYS = berlinDay(3);

// Issue 31: the money edges an attacker found. Each part fails without its fix:
// SEPA text and countries, the gate across files, staff notes, the invoice's own date and
// number, and the trail (file creators, resend to the current address, the note with a pass).

const XSD = path.resolve(ROOT, '..', 'shared', 'xsd', 'pain.001.001.09.xsd');
const SEPA_SET = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
const DEBTOR = { debtorName: 'NORA Cashback-Aktion GmbH', debtorIban: 'DE02120300000000202051', debtorBic: 'BYLADEM1001' };

let server: TestServer;
let inbox: MailInbox;
let admin1: Actor;
let admin2: Actor;
let auditor: Actor;
const dirs: string[] = [];

beforeAll(async () => {
  inbox = await startInbox();
  server = await startPocketBase({
    env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort) },
    extraHooks: [path.join(ROOT, 'tests', 'helpers', 'hooks', 'sepa-probe.pb.js')],
  });
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

const call = (actor: Actor | null, method: string, url: string, body?: object | FormData) => request(server.url, actor, method, url, body);

function xmllint(xml: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pain001-'));
  dirs.push(dir);
  const file = path.join(dir, 'pain001.xml');
  writeFileSync(file, xml);
  try {
    return execFileSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    return String((err as { stderr?: string }).stderr || err);
  }
}

const names = (xml: string) => [...xml.matchAll(/<Nm>([^<]*)<\/Nm>/g)].map((m) => m[1]!.replace(/&apos;/g, "'").replace(/&amp;/g, '&'));

async function redeem(workshop: Actor, bank: Record<string, string> = {}, file?: Blob, filename?: string) {
  const voucher = await createVoucher(server, workshop.id);
  const res = await call(
    workshop,
    'POST',
    '/api/collections/submissions/records',
    submissionForm(workshop.id, voucher, bank, file, filename),
  );
  return { res, voucher };
}

/** A redemption passed by the auditor in the review queue, with a note; returns its payout. */
async function passed(workshop: Actor, bank: Record<string, string> = {}, note = '') {
  const { res, voucher } = await redeem(workshop, bank);
  expect(res.status, res.text).toBe(200);
  const verdict = await call(auditor, 'POST', `/api/portal/review/${res.json.id}/verdict`, { outcome: 'passed', note });
  expect(verdict.status, verdict.text).toBe(200);
  const payout = await server.admin.collection('payouts').getFirstListItem(server.admin.filter('submission = {:s}', { s: res.json.id }));
  return { payout, voucher, submissionId: res.json.id as string };
}

describe('SEPA text: every file valid whatever the names', () => {
  it('refuses an account holder in letters without a SEPA rule, naming them, at redemption and on new bank details', async () => {
    const w = await createWorkshop(server);
    const { res, voucher } = await redeem(w, { ibanFirstName: 'Иван', ibanLastName: 'Петров' });
    expect(res.status).toBe(400);
    expect(res.json.data.ibanFirstName.message).toBe(
      "Für die Überweisung sind nur lateinische Buchstaben, Ziffern und die Zeichen / - ? : ( ) . , ' + möglich (Umlaute und Akzente werden umgeschrieben). Nicht möglich: „И“, „в“, „а“, „н“.",
    );
    expect(res.json.data.ibanLastName.message).toContain('„П“');
    expect((await server.admin.collection('vouchers').getOne(voucher.id)).status).toBe('open');
    for (const name of ['王小明', 'Ελένη', 'Max@Home', 'Anna 😀']) {
      const again = await call(w, 'POST', '/api/collections/submissions/records', submissionForm(w.id, voucher, { ibanLastName: name }));
      expect(again.status, name).toBe(400);
      expect(again.json.data.ibanLastName.message, name).toContain('Nicht möglich');
    }
    // Umlauts, accents and typographic signs are written out, not refused.
    const ok = await call(
      w,
      'POST',
      '/api/collections/submissions/records',
      submissionForm(w.id, voucher, { ibanLastName: 'Łukasiewicz-Åström' }),
    );
    expect(ok.status, ok.text).toBe(200);
  });

  it('refuses an IBAN of a country outside the SEPA scheme, accepts one inside it', async () => {
    const w = await createWorkshop(server);
    const turkish = await redeem(w, { ibanNumber: 'TR330006100519786457841326' });
    expect(turkish.res.status).toBe(400);
    expect(turkish.res.json.data.ibanNumber.message).toBe(
      'Auszahlungen sind nur auf Konten im SEPA-Raum möglich. Bitte geben Sie eine IBAN aus einem SEPA-Land an.',
    );
    const british = await redeem(w, { ibanNumber: 'GB33BUKB20201555555555', ibanBic: 'BUKBGB22' });
    expect(british.res.status, british.res.text).toBe(200);
  });

  it('property: every name the field check accepts yields a schema-valid file in the EPC set', async () => {
    const letter = fc.oneof(
      fc.constantFrom(..."aäbcdeéfghijklmnoöpqrsßtuüvwxyzÄÖÜÆØÅŁÐÞŒæøåłðþœ ,.-'’&+/():?0123456789"),
      fc.constantFrom('Ж', '王', 'Ω', '@', '<', '>', '"', '😀', '\u00a0', 'e\u0301', '_', '–'),
      fc.string({ maxLength: 2 }),
    );
    const name = fc.array(letter, { minLength: 2, maxLength: 40 }).map((parts) => parts.join(''));
    let acceptedSeen = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(name, { minLength: 1, maxLength: 12 }), async (list) => {
        const res = await call(null, 'POST', '/api/test/sepa/build', { names: list }).catch(() => null);
        const built = (await fetch(`${server.url}/api/test/sepa/build`, {
          method: 'POST',
          headers: { Authorization: server.admin.authStore.token, 'Content-Type': 'application/json' },
          body: JSON.stringify({ names: list }),
        }).then((r) => r.json())) as { accepted: string[]; xml: string; invalid: string };
        expect(res?.status).toBe(401);
        acceptedSeen += built.accepted.length;
        if (built.accepted.length === 0) return;
        expect(built.invalid).toBe('');
        expect(xmllint(built.xml)).toBe('');
        for (const nm of names(built.xml)) {
          expect(nm.length).toBeGreaterThan(0);
          expect(nm.length).toBeLessThanOrEqual(70);
          expect(nm).toMatch(SEPA_SET);
        }
        for (const text of [...built.xml.matchAll(/<Ustrd>([^<]*)<\/Ustrd>/g)].map((m) => m[1]!.replace(/&apos;/g, "'"))) {
          expect(text).toMatch(SEPA_SET);
        }
      }),
      { numRuns: 40 },
    );
    expect(acceptedSeen).toBeGreaterThan(20);
  });

  it('an invalid file is never offered: the batch keeps its state, and exports once the cause is fixed', async () => {
    const w = await createWorkshop(server);
    await passed(w);
    const created = await call(admin1, 'POST', '/api/portal/payout-batches', {});
    expect(created.status).toBe(200);
    expect((await call(admin2, 'POST', `/api/portal/payout-batches/${created.json.id}/release`, {})).status).toBe(200);
    // A paying account whose name has no SEPA letters makes the file fail the schema (empty name).
    const settings = await server.admin.collection('portal_settings').getFirstListItem("key = 'default'");
    await server.admin.collection('portal_settings').update(settings.id, { debtorName: 'ЖЖЖ' });
    try {
      const refused = await call(admin2, 'POST', `/api/portal/payout-batches/${created.json.id}/export`, { executionDate: TOMORROW });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toMatch(/^Die SEPA-Datei entspricht nicht dem Schema pain\.001\.001\.09 und wurde nicht erstellt\./);
      expect(refused.json.message).toContain('Nm');
      const batch = await server.admin.collection('payout_batches').getOne(created.json.id);
      expect(batch).toMatchObject({ status: 'released', pain001: '', exportCount: 0 });
      const inBatch = await server.admin
        .collection('payouts')
        .getFullList({ filter: server.admin.filter('batch = {:b}', { b: batch.id }) });
      expect(inBatch.every((p) => p.status === 'in_batch')).toBe(true);
    } finally {
      await server.admin.collection('portal_settings').update(settings.id, DEBTOR);
    }
    const exported = await call(admin2, 'POST', `/api/portal/payout-batches/${created.json.id}/export`, { executionDate: TOMORROW });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.json).toMatchObject({ status: 'exported', exportCount: 1 });
  });

  it('an exported batch is exported again with the same message id, a new date, a valid file, and a log entry', async () => {
    const w = await createWorkshop(server);
    await passed(w);
    const created = await call(admin1, 'POST', '/api/portal/payout-batches', {});
    await call(admin2, 'POST', `/api/portal/payout-batches/${created.json.id}/release`, {});
    const first = await call(admin2, 'POST', `/api/portal/payout-batches/${created.json.id}/export`, { executionDate: TOMORROW });
    expect(first.status).toBe(200);
    const again = await call(admin1, 'POST', `/api/portal/payout-batches/${created.json.id}/export`, { executionDate: IN_THREE_DAYS });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ status: 'exported', messageId: first.json.messageId, executionDate: IN_THREE_DAYS, exportCount: 2 });
    const batch = await server.admin.collection('payout_batches').getOne(created.json.id);
    const token = (await server.admin.files.getToken()) as string;
    const xml = await (await fetch(`${server.url}/api/files/payout_batches/${batch.id}/${batch.pain001}?token=${token}`)).text();
    expect(xmllint(xml)).toBe('');
    expect(xml).toContain(`<MsgId>${first.json.messageId}</MsgId>`);
    expect(xml).toContain(`<Dt>${IN_THREE_DAYS}</Dt>`);
    const log = await server.admin
      .collection('staff_log')
      .getFullList({ filter: server.admin.filter('targetId = {:id}', { id: batch.id }), sort: 'created,id' });
    expect(log.map((l) => l.action)).toEqual([
      'payout_batch.create',
      'payout_batch.release',
      'payout_batch.export',
      'payout_batch.reexport',
    ]);
    expect(log[3]).toMatchObject({ actorId: admin1.id });
    expect(log[3]!.before).toMatchObject({ status: 'exported', executionDate: TOMORROW });
    // A paid batch is not exported again.
    expect((await call(admin1, 'POST', `/api/portal/payout-batches/${batch.id}/paid`, { paidOn: TODAY })).status).toBe(200);
    const late = await call(admin1, 'POST', `/api/portal/payout-batches/${batch.id}/export`, { executionDate: IN_THREE_DAYS });
    expect(late.status).toBe(400);
    expect(late.json.message).toBe('Nur ein freigegebener oder bereits exportierter Auszahlungslauf kann exportiert werden.');
  });

  it('a name stored before the check stops the export with its code; asking for new bank details takes it out of the batch', async () => {
    const [a, b] = await Promise.all([createWorkshop(server), createWorkshop(server)]);
    const old = await passed(a);
    await passed(b);
    // As an older portal stored it: Cyrillic straight into the payout.
    await server.admin.collection('payouts').update(old.payout.id, { accountHolder: 'Иван Петров' });
    const created = await call(admin1, 'POST', '/api/portal/payout-batches', {});
    await call(admin2, 'POST', `/api/portal/payout-batches/${created.json.id}/release`, {});
    const refused = await call(admin2, 'POST', `/api/portal/payout-batches/${created.json.id}/export`, { executionDate: TOMORROW });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain(old.voucher.code);
    expect(refused.json.message).toContain('neue Bankdaten an');
    const before = await server.admin.collection('payout_batches').getOne(created.json.id);

    // Only an administrator asks, with a reason.
    for (const actor of [a, auditor]) {
      const denied = await call(actor, 'POST', `/api/portal/payouts/${old.payout.id}/request-bank-details`, { reason: 'Name' });
      expect(denied.status).toBe(403);
    }
    expect((await call(admin1, 'POST', `/api/portal/payouts/${old.payout.id}/request-bank-details`, {})).status).toBe(400);
    const asked = await call(admin1, 'POST', `/api/portal/payouts/${old.payout.id}/request-bank-details`, { reason: 'Name kyrillisch' });
    expect(asked.status, asked.text).toBe(200);
    const after = await server.admin.collection('payout_batches').getOne(created.json.id);
    expect(after.count).toBe(before.count - 1);
    expect(after.total).toBe(before.total - 50);
    expect(await server.admin.collection('payouts').getOne(old.payout.id)).toMatchObject({
      status: 'returned',
      returnReason: 'NAME',
      batch: '',
    });
    const mail = await inbox.waitFor(a.email, (m) => m.subject.includes(old.voucher.code) && (m.text ?? '').includes('noch einmal'));
    expect(mail.text).toContain('Name des Kontoinhabers für die SEPA-Überweisung nicht lesbar');
    const exported = await call(admin2, 'POST', `/api/portal/payout-batches/${created.json.id}/export`, { executionDate: TOMORROW });
    expect(exported.status, exported.text).toBe(200);
    // The workshop's new details in Latin letters make it payable again.
    const fixed = await call(a, 'POST', `/api/portal/payouts/${old.payout.id}/bank-details`, {
      ibanFirstName: 'Ivan',
      ibanLastName: 'Petrov',
      ibanNumber: 'DE89370400440532013000',
      ibanBic: 'COBADEFFXXX',
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.json.status).toBe('payable');
    const cyrillic = await call(a, 'POST', `/api/portal/payouts/${old.payout.id}/bank-details`, {
      ibanFirstName: 'Иван',
      ibanLastName: 'Petrov',
      ibanNumber: 'DE89370400440532013000',
      ibanBic: 'COBADEFFXXX',
    });
    expect(cyrillic.status).toBe(400);
  });
});

describe('the plausibility gate counts per week, across files and uploaders', () => {
  let campaignId: string;
  const HEADER = 'user,bnr,knr,gpnr,deliverydate,sales';
  async function upload(actor: Actor, csv: string, filename = 'umsatz.csv') {
    const res = await call(
      actor,
      'POST',
      '/api/collections/sales_data_files/records',
      multipart({ filename }, blob(csv, 'text/csv'), filename),
    );
    expect(res.status, res.text).toBe(200);
    return server.admin.collection('sales_data_files').getOne(res.json.id);
  }
  const codesOf = async (user: string) =>
    (await server.admin.collection('vouchers').getFullList({ filter: server.admin.filter('user = {:u}', { u: user }) })).length;

  beforeAll(async () => {
    campaignId = await activeCampaignId(server);
  });
  afterAll(async () => {
    await server.admin.collection('campaigns').update(campaignId, { maxCodesPerWeek: 2000, maxCodesPerWorkshopPerWeek: 20 });
  });

  it('three files of 2 codes each for one workshop: the second waits, naming the first; an auditor’s upload adds the same way', async () => {
    await server.admin.collection('campaigns').update(campaignId, { maxCodesPerWeek: 100000, maxCodesPerWorkshopPerWeek: 2 });
    const w = await createWorkshop(server);
    const first = await upload(admin1, `${HEADER}\n${w.id},1,K1,G1,2025-06-01,1000\n`, 'woche1.csv');
    expect(first).toMatchObject({ status: 'done', codesIssued: 2, gateWeekMaxPerWorkshop: 2 });
    const second = await upload(admin1, `${HEADER}\n${w.id},1,K1,G1,2025-06-02,1000\n`, 'woche1-nachtrag.csv');
    expect(second).toMatchObject({ status: 'held', gateCodes: 2, gateWeekMaxPerWorkshop: 4 });
    expect(second.gateReason).toBe('Eine Werkstatt käme in den letzten 7 Tagen mit dieser Datei auf 4 Cashback-Codes (Grenze: 2).');
    expect(second.gateEarlier).toEqual([
      expect.objectContaining({ id: first.id, filename: 'woche1.csv', codes: 2, uploader: admin1.email, status: 'done' }),
    ]);
    const third = await upload(auditor, `${HEADER}\n${w.id},1,K1,G1,2025-06-03,1000\n`, 'pruefer.csv');
    expect(third).toMatchObject({ status: 'held', gateWeekMaxPerWorkshop: 4 });
    expect(await codesOf(w.id)).toBe(2);
    // The uploader cannot confirm while another administrator exists; the other one can.
    expect((await call(admin1, 'POST', `/api/portal/sales-imports/${second.id}/confirm`, {})).status).toBe(400);
    expect((await call(admin2, 'POST', `/api/portal/sales-imports/${second.id}/confirm`, {})).status).toBe(200);
    expect(await codesOf(w.id)).toBe(4);
    // The gate's record is staff-only; its forecast is not even in staff answers.
    const listed = await call(admin2, 'GET', `/api/collections/sales_data_files/records/${second.id}`);
    expect(listed.json.gateForecast).toBeUndefined();
  });

  it('the campaign-wide week limit counts every file too', async () => {
    await server.admin.collection('campaigns').update(campaignId, { maxCodesPerWeek: 100000, maxCodesPerWorkshopPerWeek: 100 });
    const week = (
      await server.admin
        .collection('vouchers')
        .getList(1, 1, { filter: `created >= "${new Date(Date.now() - 7 * 86400_000).toISOString().replace('T', ' ')}"` })
    ).totalItems;
    await server.admin.collection('campaigns').update(campaignId, { maxCodesPerWeek: week + 3 });
    const ws = await Promise.all([createWorkshop(server), createWorkshop(server)]);
    const a = await upload(admin1, `${HEADER}\n${ws[0]!.id},1,K1,G1,2025-06-01,1000\n`);
    expect(a.status).toBe('done');
    const b = await upload(admin1, `${HEADER}\n${ws[1]!.id},1,K1,G1,2025-06-01,1000\n`);
    expect(b).toMatchObject({ status: 'held', gateWeekCodes: week + 4 });
    expect(b.gateReason).toContain('in der Aktion zusammen');
    expect(await codesOf(ws[1]!.id)).toBe(0);
  });

  it('five files for one workshop at the same moment cannot split the limit: one passes, the others wait', async () => {
    await server.admin.collection('campaigns').update(campaignId, { maxCodesPerWeek: 100000, maxCodesPerWorkshopPerWeek: 2 });
    const w = await createWorkshop(server);
    const records = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        upload(i % 2 ? admin1 : auditor, `${HEADER}\n${w.id},1,K${i},G1,2025-06-0${i},1000\n`, `gleichzeitig${i}.csv`),
      ),
    );
    expect(records.filter((r) => r.status === 'done')).toHaveLength(1);
    expect(records.filter((r) => r.status === 'held')).toHaveLength(4);
    expect(await codesOf(w.id)).toBe(2);
  });
});

describe('staff notes stay internal', () => {
  it('a workshop reads neither its block reason nor hold reasons nor return notes, on any route it can reach', async () => {
    const secrets = ['Betrugsverdacht-GEHEIM-1', 'Halt-GEHEIM-2', 'Rueck-GEHEIM-3'];
    const w = await createWorkshop(server);
    const [held, returned] = [await passed(w), await passed(w)];
    const rt = await connectRealtime(server.url);
    expect((await rt.subscribe([`users/${w.id}`, 'payouts/*'], w.token)).status).toBe(204);

    expect((await call(admin1, 'POST', `/api/portal/payouts/${held.payout.id}/hold`, { reason: secrets[1] })).status).toBe(200);
    // Exported and returned by the bank with a note.
    await call(admin1, 'POST', `/api/portal/payouts/${held.payout.id}/unhold`, { reason: 'weiter' });
    await call(admin1, 'POST', `/api/portal/payouts/${held.payout.id}/hold`, { reason: secrets[1] });
    const batch = await call(admin1, 'POST', '/api/portal/payout-batches', {});
    await call(admin2, 'POST', `/api/portal/payout-batches/${batch.json.id}/release`, {});
    await call(admin2, 'POST', `/api/portal/payout-batches/${batch.json.id}/export`, { executionDate: TOMORROW });
    const ret = await call(admin1, 'POST', `/api/portal/payouts/${returned.payout.id}/return`, { reason: 'AC04', note: secrets[2] });
    expect(ret.status, ret.text).toBe(200);
    const block = await call(admin1, 'POST', `/api/portal/backoffice/workshops/${w.id}/block`, { reason: secrets[0] });
    expect(block.status, block.text).toBe(200);
    // Staff see them (the back office), and they are really stored.
    const office = await call(admin1, 'GET', `/api/portal/backoffice/workshops/${w.id}`);
    expect(office.text).toContain(secrets[0]);
    expect(office.text).toContain(secrets[1]);
    expect((await server.admin.collection('payouts').getOne(returned.payout.id)).returnNote).toBe(secrets[2]);

    const signIn = await call(null, 'POST', '/api/collections/users/auth-with-password', {
      identity: w.email,
      password: 'Werkstatt-Pass-2025',
    });
    expect(signIn.status).toBe(200);
    const token = signIn.json.token as string;
    const me = { ...w, token };
    const answers = [
      signIn,
      await call(me, 'POST', '/api/collections/users/auth-refresh'),
      await call(me, 'GET', `/api/collections/users/records/${w.id}`),
      await call(me, 'GET', '/api/collections/users/records'),
      await call(me, 'GET', '/api/collections/payouts/records'),
      await call(me, 'GET', `/api/collections/payouts/records/${held.payout.id}`),
      await call(me, 'GET', `/api/collections/payouts/records/${returned.payout.id}?expand=user`),
      await call(me, 'GET', '/api/collections/vouchers/records?expand=user,payouts_via_voucher'),
      await call(me, 'GET', '/api/collections/submissions/records?expand=user,voucher'),
      await call(me, 'GET', '/api/portal/profile-page'),
    ];
    for (const a of answers) {
      expect(a.status, a.text).toBe(200);
      for (const secret of secrets) expect(a.text).not.toContain(secret);
      expect(a.text).not.toMatch(/"blockedReason"|"holdReason"|"returnNote"/);
    }
    // The workshop still learns what it must do: the block in its own words, the return by its reason code.
    expect(answers[2]!.json.blocked).toBe(true);
    expect(answers[5]!.json.status).toBe('held');
    expect(answers[6]!.json.returnReason).toBe('AC04');
    // Realtime events carry no note either: the workshop saves its profile, the server touches both payouts.
    expect((await call(me, 'PATCH', `/api/collections/users/records/${w.id}`, { firstName: 'Erna' })).status).toBe(200);
    for (const p of [held.payout, returned.payout]) await server.admin.collection('payouts').update(p.id, { bic: 'COBADEFFXXX' });
    await until('realtime events for the profile and both payouts', () => rt.messages.length >= 3);
    expect(rt.messages.map((m) => m.event).sort()).toEqual(['payouts/*', 'payouts/*', `users/${w.id}`]);
    const stream = JSON.stringify(rt.messages);
    for (const secret of secrets) expect(stream).not.toContain(secret);
    rt.close();
  });
});

describe('the trail', () => {
  it('the user data file records and logs who made it; a client cannot name someone else', async () => {
    const made = await call(admin1, 'POST', '/api/collections/user_file/records', { filename: 'userfile_2025-09-15.csv' });
    expect(made.status, made.text).toBe(200);
    expect(made.json.createdBy).toBe(admin1.id);
    const log = await server.admin.collection('staff_log').getFirstListItem(server.admin.filter('targetId = {:id}', { id: made.json.id }));
    expect(log).toMatchObject({ action: 'user_file.create', actorId: admin1.id, actorCollection: 'administrators' });
    const forged = await call(admin1, 'POST', '/api/collections/user_file/records', {
      filename: 'userfile_2025-09-15.csv',
      createdBy: admin2.id,
    });
    expect(forged.status).toBe(400);
    const audit = await call(auditor, 'POST', '/api/collections/submission_audit_files/records', { filename: 'pruefung.csv' });
    if (audit.status === 200) {
      const entry = await server.admin
        .collection('staff_log')
        .getFirstListItem(server.admin.filter('targetId = {:id}', { id: audit.json.id }));
      expect(entry).toMatchObject({ action: 'audit_file.create', actorId: auditor.id });
    } else {
      throw new Error(`audit file not created: ${audit.text}`);
    }
  });

  it('a resent mail goes to the workshop’s current address and the answer and the log say so', async () => {
    const w = await createWorkshop(server);
    const { res } = await redeem(w);
    expect(res.status).toBe(200);
    const original = await until('the confirmation mail', async () =>
      (await server.admin.collection('mail_outbox').getFullList({ filter: server.admin.filter('user = {:u}', { u: w.id }) })).find(
        (m) => m.status === 'sent',
      ),
    );
    const moved = `neu-${w.email}`;
    await server.admin.collection('users').update(w.id, { email: moved });
    const resent = await call(admin1, 'POST', `/api/portal/outbox/${original.id}/resend`, {});
    expect(resent.status).toBe(200);
    expect(resent.json).toMatchObject({ recipient: moved, previousRecipient: w.email });
    await inbox.waitFor(moved, (m) => m.subject === (original.subject as string));
    const log = await server.admin.collection('staff_log').getFirstListItem(server.admin.filter('targetId = {:id}', { id: original.id }));
    expect(log.before).toEqual({ recipient: w.email });
    expect(log.after).toMatchObject({ recipient: moved });
  });

  it('the auditor’s note reaches the workshop with a pass too', async () => {
    const w = await createWorkshop(server);
    const { voucher } = await passed(w, {}, 'Bitte künftig die ganze Rechnung hochladen.');
    const mail = await inbox.waitFor(w.email, (m) => m.subject.includes(voucher.code) && m.subject.includes('unterwegs'));
    expect(mail.text).toContain('Hinweis der Prüfung: Bitte künftig die ganze Rechnung hochladen.');
    expect(mail.html).toContain('Hinweis der Prüfung: Bitte künftig die ganze Rechnung hochladen.');
  });
});

describe('the schema the server checks against', () => {
  it('is the official one from ../shared/xsd, byte for byte', () => {
    const shipped = readFileSync(path.join(ROOT, 'pb_hooks', 'lib', 'sepa', 'pain.001.001.09.xsd'));
    expect(shipped.equals(readFileSync(XSD))).toBe(true);
  });
});
