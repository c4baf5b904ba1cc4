import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { berlinDay, germanDate } from '../../src/rules/dates';
import { RESUBMIT_DAYS } from '../../src/rules/verdicts';
import {
  backdateVoucher,
  blob,
  createCentre,
  createStaff,
  createVoucher,
  createWorkshop,
  freshIban,
  multipart,
  submissionForm,
  type Actor,
} from '../helpers/fixtures';
import { request } from '../helpers/http';
import { invoicePdf } from '../helpers/invoices';
import { startInbox, type MailInbox } from '../helpers/mail';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Issue 18: the auditor's review queue and its signals. The signals from what the reader read
// (issue 61) are in tests/api/invoice-reading.test.ts, through the real reader process.

let server: TestServer;
let inbox: MailInbox;
let auditor: Actor;
let admin: Actor;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startPocketBase({ env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort) } });
  [auditor, admin] = await Promise.all([createStaff(server, 'auditors'), createStaff(server, 'administrators')]);
});
afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

const call = (actor: Actor | null, method: string, url: string, body?: object) => request(server.url, actor, method, url, body);

/** A redemption; the code was issued on 01.08.2025 (within the campaign, before the invoices). */
async function submit(workshop: Actor, extra: Record<string, string> = {}, file?: Blob, name = 'rechnung.pdf') {
  // Each its own invoice file unless a test shares one on purpose.
  file ??= blob(await invoicePdf([`Rechnung ${Math.random()}`]), 'application/pdf');
  const voucher = await createVoucher(server, workshop.id);
  backdateVoucher(server, voucher.id, '2025-08-01');
  const res = await request(
    server.url,
    workshop,
    'POST',
    '/api/collections/submissions/records',
    submissionForm(workshop.id, voucher, extra, file, name),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { id: res.json.id as string, voucher };
}
const signalsOf = async (id: string) =>
  (await call(auditor, 'GET', `/api/portal/review/${id}`)).json.signals as { code: string; message: string }[];

describe('the review queue', () => {
  it('lists pending submissions oldest first with code, issue date, workshop, centres and account holder; only for auditors', async () => {
    const workshop = await createWorkshop(server, { firstName: 'Karl', lastName: 'Schrauber', shopName: 'Schrauber KFZ' });
    const centre = await createCentre(server, { partnerName: 'Autohaus Review' });
    await workshop.pb.collection('user_lz_connections').create({ user: workshop.id, noraLz: centre.id, customerNumber: 'KD777' });
    const first = await submit(workshop, { ibanFirstName: 'Erika', ibanLastName: 'Fremd', ibanNumber: freshIban() });
    const second = await submit(workshop, { ibanNumber: freshIban() });
    const res = await call(auditor, 'GET', '/api/portal/review/queue');
    expect(res.status).toBe(200);
    const ids = res.json.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const item = res.json.items.find((i: { id: string }) => i.id === first.id);
    expect(item).toMatchObject({
      status: 'pending',
      code: first.voucher.code,
      codeIssued: '2025-08-01 08:00:00.000Z',
      accountHolder: 'Erika Fremd',
      pdf: true,
      workshop: {
        firstName: 'Karl',
        lastName: 'Schrauber',
        shopName: 'Schrauber KFZ',
        centres: [{ partnerName: 'Autohaus Review', customerNumber: 'KD777' }],
      },
    });
    for (const [actor, status] of [
      [null, 401],
      [workshop, 403],
      [admin, 403],
    ] as const) {
      const denied = await call(actor, 'GET', '/api/portal/review/queue');
      expect(denied.status).toBe(status);
      expect(denied.text).not.toContain(first.voucher.code);
    }
  });
});

describe('signals', () => {
  it('an identical invoice file names the other submission, on both', async () => {
    const [a, b] = await Promise.all([createWorkshop(server), createWorkshop(server)]);
    const pdf = await invoicePdf(['Rechnung', `Einmalig ${Date.now()}`]);
    const one = await submit(a, { ibanNumber: freshIban() }, blob(pdf, 'application/pdf'), 'r.pdf');
    const two = await submit(b, { ibanNumber: freshIban() }, blob(pdf, 'application/pdf'), 'r.pdf');
    expect(await signalsOf(two.id)).toContainEqual({
      code: 'file',
      message: `Die Rechnungsdatei ist identisch mit der Einreichung ${one.id} (Code ${one.voucher.code}).`,
    });
    expect(await signalsOf(one.id)).toContainEqual({
      code: 'file',
      message: `Die Rechnungsdatei ist identisch mit der Einreichung ${two.id} (Code ${two.voucher.code}).`,
    });
  });

  it('one IBAN used by two workshops names the other workshop; a workshop’s own second submission does not count', async () => {
    const a = await createWorkshop(server, { shopName: 'Werkstatt Alpha' });
    const b = await createWorkshop(server, { shopName: 'Werkstatt Beta' });
    const iban = 'DE02600501010002034304';
    const own1 = await submit(a, { ibanNumber: iban });
    await submit(a, { ibanNumber: iban });
    expect((await signalsOf(own1.id)).filter((s) => s.code === 'iban')).toEqual([]);
    const other = await submit(b, { ibanNumber: iban });
    expect(await signalsOf(other.id)).toContainEqual({
      code: 'iban',
      message: `Diese IBAN nutzt auch eine andere Werkstatt: Werkstatt Alpha (Einreichung ${own1.id}).`,
    });
    expect((await signalsOf(own1.id)).map((s) => s.message)).toContain(
      `Diese IBAN nutzt auch eine andere Werkstatt: Werkstatt Beta (Einreichung ${other.id}).`,
    );
  });

  it('a client cannot set signals or extracted facts on its own submission', async () => {
    // The fields are hidden: PocketBase drops them from a client's body, so the server's own
    // reading is what is stored, never the workshop's.
    const w = await createWorkshop(server);
    const extras: Record<string, string>[] = [
      { signals: '[{"kind":"X-FORGED","text":"X-FORGED"}]' },
      { invoiceNumber: 'X-FORGED' },
      { invoiceDate: '2025-01-01' },
      { textExtracted: 'true' },
      { invoiceText: 'Rechnungsnummer X-FORGED' },
    ];
    for (const extra of extras) {
      const voucher = await createVoucher(server, w.id);
      const res = await request(server.url, w, 'POST', '/api/collections/submissions/records', submissionForm(w.id, voucher, extra));
      expect(res.status, JSON.stringify(extra)).toBe(200);
      expect(Object.keys(res.json)).not.toContain(Object.keys(extra)[0]);
      const stored = await server.admin.collection('submissions').getOne(res.json.id);
      expect(stored.invoiceNumber, JSON.stringify(extra)).toBe('');
      expect(stored.invoiceDate, JSON.stringify(extra)).toBe('');
      expect(stored.textExtracted, JSON.stringify(extra)).toBe(false);
      expect(stored.invoiceText, JSON.stringify(extra)).toBe('');
      expect(JSON.stringify(stored.signals)).not.toContain('X-FORGED');
    }
  });
});

describe('verdicts in the queue', () => {
  it('write the same history and mail as the file, with the note to the workshop', async () => {
    const w = await createWorkshop(server);
    const passed = await submit(w, { ibanNumber: freshIban() });
    const faulty = await submit(w, { ibanNumber: freshIban() });
    const ok = await call(auditor, 'POST', `/api/portal/review/${passed.id}/verdict`, { outcome: 'passed' });
    expect(ok.status).toBe(200);
    expect(ok.json.status).toBe('passed');
    expect((await server.admin.collection('vouchers').getOne(passed.voucher.id)).status).toBe('closed');
    expect((await server.admin.collection('payouts').getList(1, 1, { filter: `submission = "${passed.id}"` })).totalItems).toBe(1);
    const bad = await call(auditor, 'POST', `/api/portal/review/${faulty.id}/verdict`, {
      outcome: 'faulty',
      note: 'Die Rechnung ist abgeschnitten.',
    });
    expect(bad.json.history).toEqual([
      expect.objectContaining({
        outcome: 'rejected',
        checked: true,
        faulty: true,
        note: 'Die Rechnung ist abgeschnitten.',
        source: 'queue',
      }),
    ]);
    expect((await server.admin.collection('vouchers').getOne(faulty.voucher.id)).status).toBe('open');
    const mail = await inbox.waitFor(
      w.email,
      (m) => m.subject === `Ihre Einreichung zum Code ${faulty.voucher.code} muss wiederholt werden`,
    );
    expect(mail.text).toContain('Hinweis der Prüfung: Die Rechnung ist abgeschnitten.');
    // The last day to submit again (decision 072): the later of the redeem window's end and
    // RESUBMIT_DAYS from the verdict (stored in real time; the tests' campaign clock is 2025).
    const verdict = await server.admin.collection('submission_audits').getFirstListItem(`submission = "${faulty.id}"`);
    const campaign = await server.admin.collection('campaigns').getOne(faulty.voucher.campaign);
    const graceEnd = Date.parse(verdict.created.replace(' ', 'T')) + RESUBMIT_DAYS * 86_400_000;
    const until = Math.max(graceEnd, Date.parse(campaign.redeemEnd.replace(' ', 'T')));
    expect(mail.text).toContain(`Das ist bis zum ${germanDate(berlinDay(new Date(until)).iso)} möglich.`);
    expect((await call(auditor, 'POST', `/api/portal/review/${passed.id}/verdict`, { outcome: 'missing' })).json.message).toBe(
      'Diese Einreichung ist nicht mehr in Prüfung.',
    );
    // Names every object inherits are no outcome either (they once passed as one).
    for (const outcome of ['vielleicht', 'constructor', 'toString', '__proto__']) {
      expect((await call(auditor, 'POST', `/api/portal/review/${passed.id}/verdict`, { outcome })).json.message).toBe(
        'Bitte wählen Sie Bestanden, Fehlerhaft oder Nicht vorhanden.',
      );
    }
    expect((await call(admin, 'POST', `/api/portal/review/${faulty.id}/verdict`, { outcome: 'passed' })).status).toBe(403);

    // Issue 35: each queue verdict is in the staff log (who, which submission, the note); the
    // refused ones are not.
    const log = await server.admin
      .collection('staff_log')
      .getFullList({ filter: `targetId = "${passed.id}" || targetId = "${faulty.id}"`, sort: 'created' });
    expect(log.map((l) => [l.action, l.actorEmail, l.targetCollection, l.targetId, l.reason])).toEqual([
      ['review.passed', auditor.email, 'submissions', passed.id, ''],
      ['review.faulty', auditor.email, 'submissions', faulty.id, 'Die Rechnung ist abgeschnitten.'],
    ]);
  });

  it('a verdict in the queue and one in an uploaded file for the same submission cannot both win', async () => {
    const w = await createWorkshop(server);
    for (let round = 0; round < 3; round += 1) {
      const s = await submit(w, { ibanNumber: freshIban() });
      const [queue, file] = await Promise.all([
        call(auditor, 'POST', `/api/portal/review/${s.id}/verdict`, { outcome: 'missing' }),
        request(
          server.url,
          auditor,
          'POST',
          '/api/collections/audit_results/records',
          multipart(
            { filename: 'v.csv', uploadedByUser: auditor.id },
            blob(`RechnungsID,Checked,Faulty\n${s.id},1,0\n`, 'text/csv'),
            'v.csv',
          ),
        ),
      ]);
      const fileRecord = await server.admin.collection('audit_results').getOne(file.json.id);
      const audits = await server.admin.collection('submission_audits').getFullList({ filter: `submission = "${s.id}"` });
      expect(audits).toHaveLength(1);
      const queueWon = queue.status === 200;
      expect(fileRecord.successfullyProcessedRows).toBe(queueWon ? 0 : 1);
      expect(fileRecord.failedProcessedRows).toBe(queueWon ? 1 : 0);
      if (!queueWon) expect(queue.json.message).toBe('Diese Einreichung ist nicht mehr in Prüfung.');
      expect((await server.admin.collection('submissions').getOne(s.id)).status).toBe(queueWon ? 'rejected' : 'passed');
    }
  });
});

describe('a stored verdict corrected (issue 58)', () => {
  const correct = (actor: Actor, id: string, outcome: string, reason = 'Rechnung doch vollständig, zweite Seite übersehen.') =>
    call(actor, 'POST', `/api/portal/review/${id}/correction`, { outcome, reason });
  const payoutsOf = async (id: string) => (await server.admin.collection('payouts').getFullList({ filter: `submission = "${id}"` })).length;

  it('rejected → passed → missing: voucher, payout, history and staff log follow; one corrected mail each', async () => {
    const w = await createWorkshop(server);
    const s = await submit(w, { ibanNumber: freshIban() });
    expect((await call(auditor, 'POST', `/api/portal/review/${s.id}/verdict`, { outcome: 'faulty' })).status).toBe(200);

    const up = await correct(auditor, s.id, 'passed');
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json.status).toBe('passed');
    expect(up.json.history.map((h: { outcome: string; source: string }) => [h.outcome, h.source])).toEqual([
      ['rejected', 'queue'],
      ['passed', 'correction'],
    ]);
    expect((await server.admin.collection('vouchers').getOne(s.voucher.id)).status).toBe('closed');
    expect(await payoutsOf(s.id)).toBe(1);
    const passedMail = await inbox.waitFor(
      w.email,
      (m) => m.subject === `Korrektur: Ihr Cashback zum Code ${s.voucher.code} ist unterwegs`,
    );
    expect(passedMail.text).toContain('Diese Nachricht ersetzt unsere vorherige Nachricht zu diesem Code.');
    expect(passedMail.text).toContain('Hinweis der Prüfung: Rechnung doch vollständig, zweite Seite übersehen.');

    const down = await correct(auditor, s.id, 'missing', 'Falsche Rechnung angesehen.');
    expect(down.status, JSON.stringify(down.json)).toBe(200);
    expect(down.json.status).toBe('rejected');
    expect((await server.admin.collection('vouchers').getOne(s.voucher.id)).status).toBe('open');
    expect(await payoutsOf(s.id)).toBe(0);
    const rejectedMail = await inbox.waitFor(
      w.email,
      (m) => m.subject === `Korrektur: Ihre Einreichung zum Code ${s.voucher.code} muss wiederholt werden`,
    );
    expect(rejectedMail.text).toContain('Wir konnten zu Ihrer Einreichung keine Rechnung finden.');
    const corrected = (await inbox.all()).filter((m) => m.to.some((t) => t.address === w.email) && m.subject.startsWith('Korrektur:'));
    expect(corrected).toHaveLength(2);

    const log = await server.admin.collection('staff_log').getFullList({ filter: `targetId = "${s.id}"`, sort: 'created' });
    expect(log.map((l) => [l.action, l.before?.outcome ?? null, l.after?.outcome ?? null])).toEqual([
      ['review.faulty', null, 'faulty'],
      ['review.corrected', 'faulty', 'passed'],
      ['review.corrected', 'passed', 'missing'],
    ]);
    expect(log[2]!.before.payout).toMatchObject({ amount: 50, status: 'payable' });
    expect(log[2]!.reason).toBe('Falsche Rechnung angesehen.');
  });

  it('refuses what may not be corrected, in German, and changes nothing', async () => {
    const w = await createWorkshop(server);
    const pending = await submit(w, { ibanNumber: freshIban() });
    expect((await correct(auditor, pending.id, 'passed')).json.message).toBe(
      'Diese Einreichung ist noch in Prüfung: Bitte geben Sie das Ergebnis in der Prüfwarteschlange.',
    );
    await call(auditor, 'POST', `/api/portal/review/${pending.id}/verdict`, { outcome: 'passed' });
    expect((await correct(auditor, pending.id, 'passed')).json.message).toBe('Das ist bereits das gespeicherte Ergebnis.');
    for (const outcome of ['vielleicht', 'constructor', 'toString', '__proto__']) {
      expect((await correct(auditor, pending.id, outcome)).json.message).toBe(
        'Bitte wählen Sie Bestanden, Fehlerhaft oder Nicht vorhanden.',
      );
    }
    for (const reason of ['', '   ', 'x'.repeat(1001)]) {
      const res = await correct(auditor, pending.id, 'faulty', reason);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Bitte begründen Sie die Korrektur (höchstens 1.000 Zeichen).');
    }
    const intruder = await correct(admin, pending.id, 'faulty');
    expect(intruder.status).toBe(403);
    expect(JSON.stringify(intruder.json)).not.toContain('correction');
    expect((await call(w, 'POST', `/api/portal/review/${pending.id}/correction`, { outcome: 'faulty', reason: 'selbst' })).status).toBe(
      403,
    );
    expect((await correct(auditor, 'gibtesnicht1234', 'faulty')).json.message).toBe('Diese Einreichung gibt es nicht.');

    // Once its payout is in a batch, the verdict stands.
    expect((await call(admin, 'POST', '/api/portal/payout-batches', {})).status).toBe(200);
    const late = await correct(auditor, pending.id, 'faulty');
    expect(late.json.message).toBe(
      'Die Auszahlung zu dieser Einreichung ist bereits in einem Auszahlungslauf. Das Ergebnis kann nicht mehr korrigiert werden.',
    );
    expect((await server.admin.collection('submissions').getOne(pending.id)).status).toBe('passed');
    expect(await payoutsOf(pending.id)).toBe(1);

    // A rejected code submitted anew: the new submission is what counts.
    const again = await submit(w, { ibanNumber: freshIban() });
    await call(auditor, 'POST', `/api/portal/review/${again.id}/verdict`, { outcome: 'missing' });
    const resubmitted = await request(
      server.url,
      w,
      'POST',
      '/api/collections/submissions/records',
      submissionForm(
        w.id,
        again.voucher,
        { ibanNumber: freshIban() },
        blob(await invoicePdf(['Zweiter Versuch']), 'application/pdf'),
        'r.pdf',
      ),
    );
    expect(resubmitted.status, JSON.stringify(resubmitted.json)).toBe(200);
    expect((await correct(auditor, again.id, 'passed')).json.message).toBe(
      'Der Code wurde inzwischen erneut eingereicht. Das Ergebnis dieser Einreichung kann nicht mehr korrigiert werden.',
    );
    expect(await payoutsOf(again.id)).toBe(0);
  });

  it('25 corrections of one verdict at once: one wins, one payout, one mail', async () => {
    const w = await createWorkshop(server);
    const s = await submit(w, { ibanNumber: freshIban() });
    await call(auditor, 'POST', `/api/portal/review/${s.id}/verdict`, { outcome: 'faulty' });
    const answers = await Promise.all(Array.from({ length: 25 }, () => correct(auditor, s.id, 'passed')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.json.message))).toEqual(
      new Set(['Das ist bereits das gespeicherte Ergebnis.']),
    );
    expect(await payoutsOf(s.id)).toBe(1);
    const log = await server.admin.collection('staff_log').getFullList({ filter: `targetId = "${s.id}" && action = "review.corrected"` });
    expect(log).toHaveLength(1);
  });
});
