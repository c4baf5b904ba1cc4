import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MESSAGES } from '../../src/rules';
import {
  blob,
  createStaff,
  createVoucher,
  createWorkshop,
  freshIban,
  multipart,
  PNG_BYTES,
  submissionForm,
  type Actor,
} from '../helpers/fixtures';
import { csvLines, protectedFile } from '../helpers/files';
import { request } from '../helpers/http';
import { startInbox, type MailInbox } from '../helpers/mail';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

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

/** A workshop redeems a fresh code the real way: the submission is pending, the voucher in audit. */
async function redeemed(workshop?: Actor, iban?: string) {
  const owner = workshop ?? (await createWorkshop(server));
  const voucher = await createVoucher(server, owner.id);
  const bytes = Buffer.concat([PNG_BYTES, Buffer.from(`${voucher.id}`)]);
  const res = await request(
    server.url,
    owner,
    'POST',
    '/api/collections/submissions/records',
    // An IBAN of its own: a shared one is a review signal, and a file's row for it waits (issue 58).
    submissionForm(owner.id, voucher, { ibanNumber: iban ?? freshIban() }, blob(bytes, 'image/png'), 'r.png'),
  );
  expect(res.status).toBe(200);
  return { owner, voucher, submissionId: res.json.id as string };
}

async function csvOf(collection: string, record: Record<string, any>, field: string) {
  return csvLines(await protectedFile(server, record as { id: string }, field, collection));
}

async function uploadVerdicts(actor: Actor, csv: string, extra: Record<string, string> = {}) {
  return request(
    server.url,
    actor,
    'POST',
    '/api/collections/audit_results/records',
    multipart(
      { filename: 'pruefung.csv', uploadedByUser: actor.id, successfullyProcessedRows: '0', failedProcessedRows: '0', ...extra },
      blob(csv, 'text/csv'),
      'pruefung.csv',
    ),
  );
}

const status = async (collection: string, id: string) => (await server.admin.collection(collection).getOne(id)).status;

describe('audit file', () => {
  it('is written when an auditor asks: pending submissions with the duplicate flag and empty Checked and Faulty', async () => {
    const { owner, voucher, submissionId } = await redeemed();
    const res = await request(server.url, auditor, 'POST', '/api/collections/submission_audit_files/records', {
      filename: 'pruefdatei.csv',
    });
    expect(res.status).toBe(200);
    const record = await server.admin.collection('submission_audit_files').getOne(res.json.id);
    expect(record.totalRows).toBeGreaterThanOrEqual(1);
    const lines = await csvOf('submission_audit_files', record, 'file');
    expect(lines[0]).toBe('"RechnungsID";"Werkstatt";"E-Mail";"Code";"Eingereicht am";"Doppelte Rechnung";"Hinweise";"Checked";"Faulty"');
    const row = lines.find((l) => l.startsWith(`"${submissionId}"`))!;
    expect(row).toContain(`"${owner.email}";"${voucher.code}"`);
    expect(row).toMatch(/"\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}";"nein";"[^"]*";"";""$/);
  });

  it('says which duplicate it is: a hint naming the same invoice number is never beside "nein" (issue 35)', async () => {
    const { submissionId } = await redeemed();
    await server.admin.collection('submissions').update(submissionId, {
      signals: [{ code: 'number', message: 'Die Rechnungsnummer RE-1 steht auch auf der Einreichung x (Code y).' }],
    });
    const res = await request(server.url, auditor, 'POST', '/api/collections/submission_audit_files/records', {
      filename: 'pruefdatei.csv',
    });
    expect(res.status).toBe(200);
    const record = await server.admin.collection('submission_audit_files').getOne(res.json.id);
    const row = (await csvOf('submission_audit_files', record, 'file')).find((l) => l.startsWith(`"${submissionId}"`))!;
    expect(row).toContain('";"ja: gleiche Rechnungsnummer";"Die Rechnungsnummer RE-1 steht auch');
  });

  it('cannot be read or requested by a workshop, an administrator or a guest', async () => {
    for (const actor of [await createWorkshop(server), admin, null]) {
      const list = await request(server.url, actor, 'GET', '/api/collections/submission_audit_files/records');
      expect(list.json.items ?? []).toEqual([]);
      const create = await request(server.url, actor, 'POST', '/api/collections/submission_audit_files/records', { filename: 'x.csv' });
      expect(create.status).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('verdicts', () => {
  it('Checked=1, Faulty=0 closes the voucher, keeps the verdict with auditor and time, and mails that the payout is on its way', async () => {
    const { owner, voucher, submissionId } = await redeemed();
    const res = await uploadVerdicts(auditor, `RechnungsID;Checked;Faulty\n${submissionId};1;0\n`);
    expect(res.status).toBe(200);
    const record = await server.admin.collection('audit_results').getOne(res.json.id);
    expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 1, failedProcessedRows: 0, uploadedByUser: auditor.id });
    expect(await status('vouchers', voucher.id)).toBe('closed');
    expect(await status('submissions', submissionId)).toBe('passed');
    const audits = await server.admin
      .collection('submission_audits')
      .getFullList({ filter: server.admin.filter('submission = {:s}', { s: submissionId }) });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ auditor: auditor.id, auditResult: record.id, checked: true, faulty: false, outcome: 'passed' });
    expect(audits[0]!.created).toBeTruthy();
    const mail = await inbox.waitFor(owner.email, (m) => m.subject.includes('unterwegs'));
    expect(mail.html).toContain(voucher.code);
  });

  for (const [checked, faulty, text] of [
    ['1', '1', 'unvollständig oder nicht lesbar'],
    ['0', '0', 'keine Rechnung finden'],
  ] as const) {
    it(`Checked=${checked}, Faulty=${faulty} reopens the voucher, mails why, and the workshop can submit again`, async () => {
      const { owner, voucher, submissionId } = await redeemed();
      const res = await uploadVerdicts(auditor, `RechnungsID,Checked,Faulty\n${submissionId},${checked},${faulty}\n`);
      expect(res.status).toBe(200);
      expect(await status('vouchers', voucher.id)).toBe('open');
      expect(await status('submissions', submissionId)).toBe('rejected');
      const mail = await inbox.waitFor(owner.email, (m) => m.subject.includes('wiederholt'));
      expect(mail.html).toContain(text);
      // Issue 58: the link opens the form with the code filled in.
      expect(mail.html).toContain(`/cashback?code=${voucher.code}"`);
      expect(mail.text).toContain(`/cashback?code=${voucher.code}`);
      const again = await request(server.url, owner, 'POST', '/api/collections/submissions/records', submissionForm(owner.id, voucher));
      expect(again.status).toBe(200);
      expect(await status('vouchers', voucher.id)).toBe('audit');
    });
  }

  it('reports unknown ids, values other than 0/1 and submissions no longer in audit as failed rows, ignoring the client’s counts', async () => {
    const done = await redeemed();
    await uploadVerdicts(auditor, `RechnungsID;Checked;Faulty\n${done.submissionId};1;0\n`);
    const pending = await redeemed();
    const csv = [
      'RechnungsID;Werkstatt;Checked;Faulty',
      `gibtesnicht0001;X;1;0`,
      `${pending.submissionId};X;2;0`,
      `${pending.submissionId};X;ja;0`,
      `${done.submissionId};X;1;0`,
    ].join('\n');
    const res = await uploadVerdicts(auditor, `${csv}\n`);
    const record = await server.admin.collection('audit_results').getOne(res.json.id);
    expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 0, failedProcessedRows: 4 });
    const lines = await csvOf('audit_results', record, 'failedRowsCsv');
    expect(lines[0]).toBe('"RechnungsID";"Werkstatt";"Checked";"Faulty";"fehler";"zeile"');
    expect(lines.slice(1).map((l) => l.split(';').slice(-2))).toEqual([
      ['"Unbekannte RechnungsID"', '"2"'],
      ['"Checked und Faulty müssen jeweils 0 oder 1 sein"', '"3"'],
      ['"Checked und Faulty müssen jeweils 0 oder 1 sein"', '"4"'],
      ['"Die Einreichung ist nicht mehr in Prüfung"', '"5"'],
    ]);
    expect(await status('vouchers', pending.voucher.id)).toBe('audit');
    const forged = await uploadVerdicts(auditor, `RechnungsID;Checked;Faulty\n${pending.submissionId};1;0\n`, {
      successfullyProcessedRows: '7',
    });
    expect(forged.status).toBe(400);
    expect(await status('vouchers', pending.voucher.id)).toBe('audit');
  });

  it('skips rows not audited yet (Checked and Faulty both empty) without counting them', async () => {
    const { voucher, submissionId } = await redeemed();
    const res = await uploadVerdicts(auditor, `RechnungsID;Checked;Faulty\n${submissionId};;\n`);
    const record = await server.admin.collection('audit_results').getOne(res.json.id);
    expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 0, failedProcessedRows: 0 });
    expect(await status('vouchers', voucher.id)).toBe('audit');
  });

  it('fails a file without the verdict columns', async () => {
    const res = await uploadVerdicts(auditor, 'id;ok\nx;1\n');
    const record = await server.admin.collection('audit_results').getOne(res.json.id);
    expect(record.status).toBe('failed');
    expect(record.errorMessage).toContain('RechnungsID, Checked und Faulty');
  });

  it('cannot be uploaded by a workshop, an administrator or a guest', async () => {
    const { voucher, submissionId } = await redeemed();
    for (const actor of [await createWorkshop(server), admin]) {
      const res = await uploadVerdicts(actor, `RechnungsID;Checked;Faulty\n${submissionId};1;0\n`);
      expect(res.status).toBe(400);
    }
    const guest = await request(
      server.url,
      null,
      'POST',
      '/api/collections/audit_results/records',
      multipart({ filename: 'x.csv' }, blob('RechnungsID;Checked;Faulty\n', 'text/csv'), 'x.csv'),
    );
    expect(guest.status).toBe(400);
    expect(await status('vouchers', voucher.id)).toBe('audit');
  });
});

// Issue 58: an uploaded file decided submissions with review signals without a second look.
describe('rows that decide a submission with review signals', () => {
  const answer = (actor: Actor | null, resultId: string, submissionId: string, body: object) =>
    request(server.url, actor, 'POST', `/api/portal/audit-results/${resultId}/held/${submissionId}`, body);

  it('wait, listed with their signals, until an auditor applies or drops each; the rest apply at once', async () => {
    const shared = freshIban();
    const first = await redeemed(undefined, shared);
    const second = await redeemed(undefined, shared); // the same IBAN as another workshop: a signal
    const third = await redeemed(undefined, shared);
    const plain = await redeemed();
    const res = await uploadVerdicts(
      auditor,
      `RechnungsID;Checked;Faulty\n${second.submissionId};1;0\n${third.submissionId};0;0\n${plain.submissionId};1;0\n`,
    );
    expect(res.status).toBe(200);
    const record = await server.admin.collection('audit_results').getOne(res.json.id);
    expect(record).toMatchObject({ status: 'done', successfullyProcessedRows: 1, failedProcessedRows: 0, heldRows: 2 });
    expect(record.held).toEqual([
      expect.objectContaining({ id: second.submissionId, line: 2, checked: true, faulty: false, code: second.voucher.code }),
      expect.objectContaining({ id: third.submissionId, line: 3, checked: false, faulty: false, code: third.voucher.code }),
    ]);
    expect(record.held[0].signals.join(' ')).toContain('Diese IBAN nutzt auch eine andere Werkstatt');
    // Nothing decided, stored or mailed for the held rows; the plain one applied.
    expect(await status('submissions', second.submissionId)).toBe('pending');
    expect(await status('submissions', third.submissionId)).toBe('pending');
    expect(await status('submissions', plain.submissionId)).toBe('passed');
    expect(first.submissionId).toBeTruthy();

    // A workshop, an administrator or a guest cannot answer; the body says nothing of the row.
    for (const actor of [second.owner, admin, null]) {
      const refused = await answer(actor, record.id, second.submissionId, { apply: true });
      expect([401, 403]).toContain(refused.status);
      expect(refused.text).not.toContain(second.voucher.code);
    }
    expect(await status('submissions', second.submissionId)).toBe('pending');
    const vague = await answer(auditor, record.id, second.submissionId, { apply: 'ja' });
    expect(vague.status).toBe(400);
    expect(vague.json.message).toBe(MESSAGES.heldAnswerRequired);

    const applied = await answer(auditor, record.id, second.submissionId, { apply: true });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.json).toMatchObject({ refused: null, held: [expect.objectContaining({ id: third.submissionId })] });
    expect(await status('submissions', second.submissionId)).toBe('passed');
    await inbox.waitFor(second.owner.email, (m) => m.subject.includes('unterwegs'));
    const dropped = await answer(auditor, record.id, third.submissionId, { apply: false });
    expect(dropped.json).toMatchObject({ refused: null, held: [] });
    expect(await status('submissions', third.submissionId)).toBe('pending');
    const after = await server.admin.collection('audit_results').getOne(record.id);
    expect(after).toMatchObject({ heldRows: 0, successfullyProcessedRows: 2, held: [] });
    // Answered once only; the staff log has both answers with the file and line.
    const again = await answer(auditor, record.id, second.submissionId, { apply: true });
    expect(again.status).toBe(404);
    expect(again.json.message).toBe(MESSAGES.heldRowGone);
    const log = await server.admin.collection('staff_log').getFullList({
      filter: server.admin.filter('action ~ {:a}', { a: 'audit_results.held_' }),
      sort: 'created',
    });
    expect(log.map((l) => [l.action, l.targetId, l.reason])).toEqual([
      ['audit_results.held_applied', second.submissionId, 'Prüfdatei pruefung.csv, Zeile 2'],
      ['audit_results.held_dropped', third.submissionId, 'Prüfdatei pruefung.csv, Zeile 3'],
    ]);
  });

  it('a held row whose submission was decided in the queue meanwhile leaves the list with the reason', async () => {
    const shared = freshIban();
    await redeemed(undefined, shared);
    const twin = await redeemed(undefined, shared);
    const res = await uploadVerdicts(auditor, `RechnungsID;Checked;Faulty\n${twin.submissionId};1;1\n`);
    const queue = await request(server.url, auditor, 'POST', `/api/portal/review/${twin.submissionId}/verdict`, { outcome: 'passed' });
    expect(queue.status).toBe(200);
    const late = await answer(auditor, res.json.id, twin.submissionId, { apply: true });
    expect(late.status).toBe(200);
    expect(late.json).toEqual({ held: [], refused: 'Die Einreichung ist nicht mehr in Prüfung' });
    expect(await status('submissions', twin.submissionId)).toBe('passed');
    expect(await server.admin.collection('audit_results').getOne(res.json.id)).toMatchObject({ heldRows: 0, failedProcessedRows: 1 });
  });

  it('a client cannot set the held rows or their count', async () => {
    const res = await uploadVerdicts(auditor, 'RechnungsID;Checked;Faulty\n', { heldRows: '5', held: '[{"id":"x"}]' });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('"held"');
  });
});

describe('invoices', () => {
  it('an auditor opens any invoice with a file token; a workshop cannot open another workshop’s', async () => {
    const { owner, submissionId } = await redeemed();
    const other = await createWorkshop(server);
    const view = await request(server.url, other, 'GET', `/api/collections/submissions/records/${submissionId}`);
    expect(view.status).toBe(404);
    const submission = await auditor.pb.collection('submissions').getOne(submissionId);
    const token = await auditor.pb.files.getToken();
    const ok = await fetch(auditor.pb.files.getURL(submission, submission.file, { token }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('image/png');
    const otherToken = await other.pb.files.getToken();
    const denied = await fetch(auditor.pb.files.getURL(submission, submission.file, { token: otherToken }));
    expect(denied.status).toBe(404);
    const ownerToken = await owner.pb.files.getToken();
    expect((await fetch(auditor.pb.files.getURL(submission, submission.file, { token: ownerToken }))).status).toBe(200);
  });
});
