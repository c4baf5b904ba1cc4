import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';

import { MESSAGES } from '../../src/rules';
import { RESUBMIT_DAYS } from '../../src/rules/verdicts';

import {
  backdateRecord,
  blob,
  createPastCampaign,
  createStaff,
  createVoucher,
  createWorkshop,
  PDF_BYTES,
  PNG_BYTES,
  submissionForm,
  voucherCode,
  type Actor,
} from '../helpers/fixtures';
import { request } from '../helpers/http';
import { startInbox, type MailInbox } from '../helpers/mail';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

let server: TestServer;
let inbox: MailInbox;
let workshop: Actor;
let other: Actor;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startPocketBase({ env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort) } });
  [workshop, other] = await Promise.all([createWorkshop(server), createWorkshop(server)]);
});

afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

const submit = (actor: Actor, body: FormData) => request(server.url, actor, 'POST', '/api/collections/submissions/records', body);
const voucherStatus = async (id: string) => (await server.admin.collection('vouchers').getOne(id)).status;
const submissionsOf = async (voucherId: string) =>
  server.admin.collection('submissions').getFullList({ filter: server.admin.filter('voucher = {:v}', { v: voucherId }) });

describe('a valid redemption', () => {
  it('stores the submission as pending with the invoice hash, moves the voucher to audit and mails the workshop in German', async () => {
    const voucher = await createVoucher(server, workshop.id);
    const res = await submit(
      workshop,
      submissionForm(
        workshop.id,
        voucher,
        { ibanNumber: 'de89 3704 0044 0532 0130 00', ibanBic: 'cobadeffxxx' },
        blob(PDF_BYTES, 'application/pdf'),
        'rechnung.pdf',
      ),
    );
    expect(res.status).toBe(200);
    const stored = await server.admin.collection('submissions').getOne(res.json.id);
    expect(stored).toMatchObject({
      user: workshop.id,
      status: 'pending',
      ibanNumber: 'DE89370400440532013000',
      ibanBic: 'COBADEFFXXX',
      fileHash: createHash('sha256').update(PDF_BYTES).digest('hex'),
      duplicateInvoice: false,
    });
    expect(await voucherStatus(voucher.id)).toBe('audit');
    // The first submission awaiting audit brings the first audit file (named with its day).
    const auditFiles = await server.admin.collection('submission_audit_files').getFullList();
    expect(auditFiles).toHaveLength(1);
    expect(auditFiles[0]).toMatchObject({ totalRows: 1 });
    expect(auditFiles[0]!.filename).toMatch(/^pruefdatei_\d{4}-\d{2}-\d{2}\.csv$/);
    const mail = await inbox.waitFor(workshop.email, (m) => m.subject.includes(voucher.code));
    expect(mail.subject).toBe(`Ihre Einreichung zum Cashback-Code ${voucher.code} ist eingegangen`);
    expect(mail.html).toContain('Wir prüfen jetzt Ihre Rechnung');
  });

  it('needs a verified e-mail address: an unverified workshop is refused with the German reason, its code stays open', async () => {
    const fresh = await createWorkshop(server, { verified: false });
    const voucher = await createVoucher(server, fresh.id);
    const res = await submit(fresh, submissionForm(fresh.id, voucher));
    expect(res.status).toBe(400);
    expect(res.json.data.voucher).toEqual({
      code: 'validation_unverified',
      message:
        'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse: Erst dann können Sie Cashback-Codes einlösen. Den Link dazu haben wir Ihnen per E-Mail geschickt.',
    });
    expect(await voucherStatus(voucher.id)).toBe('open');
    expect(await submissionsOf(voucher.id)).toHaveLength(0);
    // Verified (as the link in the mail does), the same code goes through.
    await server.admin.collection('users').update(fresh.id, { verified: true });
    expect((await submit(fresh, submissionForm(fresh.id, voucher))).status).toBe(200);
  });

  it('flags an identical invoice submitted again by anyone, on both submissions', async () => {
    const bytes = Buffer.concat([PNG_BYTES, Buffer.from(`unique-${Date.now()}`)]);
    const first = await createVoucher(server, workshop.id);
    const second = await createVoucher(server, other.id);
    const a = await submit(workshop, submissionForm(workshop.id, first, {}, blob(bytes, 'image/png'), 'a.png'));
    const b = await submit(other, submissionForm(other.id, second, {}, blob(bytes, 'image/png'), 'b.png'));
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await server.admin.collection('submissions').getOne(b.json.id)).duplicateInvoice).toBe(true);
    expect((await server.admin.collection('submissions').getOne(a.json.id)).duplicateInvoice).toBe(true);
  });
});

describe('refusals', () => {
  it('someone else’s code, in any state, is only “invalid”: its state is not told', async () => {
    for (const status of ['open', 'audit', 'closed']) {
      const voucher = await createVoucher(server, other.id, status);
      const res = await submit(workshop, submissionForm(workshop.id, voucher));
      expect(res.status).toBe(400);
      // The create rule refuses it before any hook: the same bare answer whatever the code's state.
      expect(res.json).toEqual({ data: {}, message: 'Failed to create record.', status: 400 });
      expect(await voucherStatus(voucher.id)).toBe(status);
      expect(await submissionsOf(voucher.id)).toEqual([]);
    }
  });

  // Issue 35: the workshop's own code in review or redeemed is named as such, not 'invalid'.
  for (const [status, code, message] of [
    ['audit', 'validation_voucher_in_review', MESSAGES.codeInReview],
    ['closed', 'validation_voucher_redeemed', MESSAGES.codeRedeemed],
  ] as const) {
    it(`an own code in ${status}: ${message}`, async () => {
      const voucher = await createVoucher(server, workshop.id, status);
      const res = await submit(workshop, submissionForm(workshop.id, voucher));
      expect(res.status).toBe(400);
      expect(res.json.data.voucher).toEqual({ code, message });
      expect(await voucherStatus(voucher.id)).toBe(status);
      expect(await submissionsOf(voucher.id)).toEqual([]);
    });
  }

  it('an IBAN that fails mod-97, sent past the form', async () => {
    const voucher = await createVoucher(server, workshop.id);
    const res = await submit(workshop, submissionForm(workshop.id, voucher, { ibanNumber: 'DE89370400440532013001' }));
    expect(res.status).toBe(400);
    expect(res.json.data.ibanNumber.message).toContain('Bitte gib eine gültige IBAN ein');
    expect(await voucherStatus(voucher.id)).toBe('open');
  });

  it('an IBAN of the wrong length for its country and a malformed BIC', async () => {
    const voucher = await createVoucher(server, workshop.id);
    const short = await submit(workshop, submissionForm(workshop.id, voucher, { ibanNumber: 'DE8937040044053201300' }));
    expect(short.status).toBe(400);
    const bic = await submit(workshop, submissionForm(workshop.id, voucher, { ibanBic: 'COBA1EFF' }));
    expect(bic.status).toBe(400);
    expect(bic.json.data.ibanBic).toBeDefined();
    expect(await voucherStatus(voucher.id)).toBe('open');
  });

  it('an HTML file named .png', async () => {
    const voucher = await createVoucher(server, workshop.id);
    const html = blob('<!doctype html><html><body><script>alert(1)</script></body></html>', 'image/png');
    const res = await submit(workshop, submissionForm(workshop.id, voucher, {}, html, 'rechnung.png'));
    expect(res.status).toBe(400);
    expect(res.json.data.file).toBeDefined();
    expect(await voucherStatus(voucher.id)).toBe('open');
  });

  it('a 6 MB file', async () => {
    const voucher = await createVoucher(server, workshop.id);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(6 * 1024 * 1024, 32)]);
    const res = await submit(workshop, submissionForm(workshop.id, voucher, {}, blob(big, 'application/pdf'), 'gross.pdf'));
    expect(res.status).toBe(400);
    expect(await voucherStatus(voucher.id)).toBe('open');
  });

  it('a forged user field', async () => {
    const voucher = await createVoucher(server, other.id);
    const res = await submit(workshop, submissionForm(other.id, voucher));
    expect(res.status).toBe(400);
    expect(await submissionsOf(voucher.id)).toEqual([]);
  });

  it('a campaign field pointing at another campaign is replaced by the voucher’s campaign', async () => {
    const active = await server.admin.collection('campaigns').getFirstListItem('active = true');
    const { id, created, updated, ...fields } = active;
    const otherCampaign = await server.admin.collection('campaigns').create({ ...fields, name: 'Alte Aktion', year: 2024, active: false });
    const voucher = await createVoucher(server, workshop.id);
    const res = await submit(workshop, submissionForm(workshop.id, voucher, { campaign: otherCampaign.id }));
    expect(res.status).toBe(200);
    expect((await server.admin.collection('submissions').getOne(res.json.id)).campaign).toBe(voucher.campaign);
  });

  it('status, hash and duplicate flag sent by the client', async () => {
    const voucher = await createVoucher(server, workshop.id);
    const forged: Record<string, string>[] = [{ status: 'passed' }, { fileHash: 'abc' }, { duplicateInvoice: 'false' }];
    for (const extra of forged) {
      const res = await submit(workshop, submissionForm(workshop.id, voucher, extra));
      expect(res.status).toBe(400);
    }
    expect(await submissionsOf(voucher.id)).toEqual([]);
  });

  it('a submission cannot be changed or deleted by its owner', async () => {
    const voucher = await createVoucher(server, workshop.id);
    const created = await submit(workshop, submissionForm(workshop.id, voucher));
    expect(created.status).toBe(200);
    const patch = await request(server.url, workshop, 'PATCH', `/api/collections/submissions/records/${created.json.id}`, {
      status: 'passed',
    });
    expect(patch.status).toBe(403);
    const del = await request(server.url, workshop, 'DELETE', `/api/collections/submissions/records/${created.json.id}`);
    expect(del.status).toBe(403);
    expect((await server.admin.collection('submissions').getOne(created.json.id)).status).toBe('pending');
  });
});

describe('the redeem window', () => {
  it('refuses every code before it opens and after it closes', async () => {
    for (const day of ['2025-07-14T21:59:00Z', '2025-11-30T23:00:00Z']) {
      const closed = await startPocketBase({ env: { PORTAL_NOW: day } });
      try {
        const owner = await createWorkshop(closed);
        const voucher = await createVoucher(closed, owner.id);
        const res = await request(closed.url, owner, 'POST', '/api/collections/submissions/records', submissionForm(owner.id, voucher));
        expect(res.status).toBe(400);
        expect(res.json.data.voucher.message).toBe(
          day.startsWith('2025-07')
            ? 'Cashback-Codes können derzeit nicht eingelöst werden. Der Einlösezeitraum ist nicht geöffnet.'
            : 'Die Einlösefrist für diesen Cashback-Code ist am 30.11.2025 abgelaufen.',
        );
        expect((await closed.admin.collection('vouchers').getOne(voucher.id)).status).toBe('open');
      } finally {
        await closed.stop();
      }
    }
  });
});

// Decision 071: a code of a campaign whose redeem window has ended stays open in the database.
describe('a code past its own campaign’s redeem window', () => {
  it('is refused with the day its window ended; the code stays open', async () => {
    const old = await createPastCampaign(server, 2023);
    const voucher = await server.admin
      .collection('vouchers')
      .create({ code: voucherCode(), status: 'open', user: workshop.id, campaign: old.id, tier: 1 });
    const res = await submit(workshop, submissionForm(workshop.id, voucher));
    expect(res.status).toBe(400);
    expect(res.json.data.voucher.message).toBe('Die Einlösefrist für diesen Cashback-Code ist am 30.11.2023 abgelaufen.');
    expect(await voucherStatus(voucher.id)).toBe('open');
  });

  it('is not among the codes the cashback form offers; the workshop’s redeemable codes are, oldest first, and no one else’s', async () => {
    const me = await createWorkshop(server);
    const old = await createPastCampaign(server, 2022);
    await server.admin.collection('vouchers').create({ code: voucherCode(), status: 'open', user: me.id, campaign: old.id, tier: 1 });
    const first = await createVoucher(server, me.id);
    const second = await createVoucher(server, me.id);
    await createVoucher(server, me.id, 'audit');
    await createVoucher(server, other.id);
    const offered = (actor: Actor | null) => request(server.url, actor, 'GET', '/api/portal/redeemable-codes');
    const mine = await offered(me);
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual({ codes: [first.code, second.code] });
    // The profile page judges the same way: exactly these codes are redeemable there.
    const page = await request(server.url, me, 'GET', '/api/portal/profile-page');
    const flagged = (page.json.vouchers as { code: string; redeemable: boolean }[]).filter((v) => v.redeemable).map((v) => v.code);
    expect(flagged.sort()).toEqual([first.code, second.code].sort());
    expect(page.json.vouchers).toHaveLength(4);

    const anonymous = await offered(null);
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.json)).not.toContain('NORA-');
    for (const collection of ['auditors', 'administrators'] as const) {
      const staff = await offered(await createStaff(server, collection));
      expect(staff.status).toBe(403);
      expect(JSON.stringify(staff.json)).not.toContain('NORA-');
    }
  });
});

// Decision 072: a code reopened by a verdict may be submitted again for RESUBMIT_DAYS, even when
// its campaign's redeem window has ended meanwhile.
describe('submitting again after a verdict that reopened the code', () => {
  it('is possible for RESUBMIT_DAYS from the verdict after the window, then refused with that day', async () => {
    expect(RESUBMIT_DAYS).toBe(14);
    // Five days after 2025's window closed (30.11.2025).
    const late = await startPocketBase({ env: { PORTAL_NOW: '2025-12-05T10:00:00Z' } });
    try {
      const owner = await createWorkshop(late);
      const auditor = await createStaff(late, 'auditors');
      /** An open code whose submission an auditor rejected at `at`; never submitted without `at`. */
      const reopened = async (at?: string) => {
        const voucher = await createVoucher(late, owner.id);
        if (at) {
          const rejected = await late.admin.collection('submissions').create(submissionForm(owner.id, voucher, { status: 'rejected' }));
          const audit = await late.admin.collection('submission_audits').create({
            submission: rejected.id,
            auditor: auditor.id,
            checked: true,
            faulty: true,
            outcome: 'rejected',
            source: 'queue',
          });
          backdateRecord(late, 'submission_audits', audit.id, at);
        }
        return voucher;
      };
      const inGrace = await reopened('2025-11-25 10:00:00.000Z'); // until 09.12.2025
      const graceOver = await reopened('2025-11-20 10:00:00.000Z'); // until 04.12.2025
      const never = await reopened();

      const offered = await request(late.url, owner, 'GET', '/api/portal/redeemable-codes');
      expect(offered.json).toEqual({ codes: [inGrace.code] });
      const page = await request(late.url, owner, 'GET', '/api/portal/profile-page');
      const shown = Object.fromEntries(
        (page.json.vouchers as { code: string; redeemable: boolean; redeemEnd: string }[]).map((v) => [
          v.code,
          [v.redeemable, v.redeemEnd],
        ]),
      );
      expect(shown).toEqual({
        [inGrace.code]: [true, '2025-12-09 10:00:00.000Z'],
        [graceOver.code]: [false, '2025-12-04 10:00:00.000Z'],
        [never.code]: [false, '2025-11-30 22:59:59.999Z'],
      });

      const submitAs = (voucher: RecordModel) =>
        request(late.url, owner, 'POST', '/api/collections/submissions/records', submissionForm(owner.id, voucher));
      const refusedLate = await submitAs(graceOver);
      expect(refusedLate.status).toBe(400);
      expect(refusedLate.json.data.voucher.message).toBe('Die Einlösefrist für diesen Cashback-Code ist am 04.12.2025 abgelaufen.');
      const refusedNever = await submitAs(never);
      expect(refusedNever.json.data.voucher.message).toBe('Die Einlösefrist für diesen Cashback-Code ist am 30.11.2025 abgelaufen.');
      const accepted = await submitAs(inGrace);
      expect(accepted.status, accepted.text).toBe(200);
      expect((await late.admin.collection('vouchers').getOne(inGrace.id)).status).toBe('audit');
    } finally {
      await late.stop();
    }
  });
});

describe('double redemption', () => {
  it('50 parallel submissions of one code give exactly one accepted submission and the voucher in audit', async () => {
    const voucher = await createVoucher(server, workshop.id);
    const results = await Promise.all(Array.from({ length: 50 }, () => submit(workshop, submissionForm(workshop.id, voucher))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(49);
    expect(await submissionsOf(voucher.id)).toHaveLength(1);
    expect(await voucherStatus(voucher.id)).toBe('audit');
  });
});
