import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';

import { MESSAGES, maskIban } from '../../src/rules';
import { fieldAnswers } from '../../src/rules/server-answers';
import { PASSWORD, createPayout, createStaff, createSubmission, createWorkshop, type Actor } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { linkIn, startInbox, type MailInbox } from '../helpers/mail';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Issue 35: a workshop changes its password (the current one required, every other session
// ends, a notice mail) and its e-mail address (confirmed through the new address, the old
// one told), and sees its own submissions with state, masked IBAN, invoice, note and payout.

let server: TestServer;
let inbox: MailInbox;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startPocketBase({ env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort) } });
});
afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

const update = (actor: Actor | null, id: string, body: object) =>
  request(server.url, actor, 'PATCH', `/api/collections/users/records/${id}`, body);
const signIn = (identity: string, password: string) =>
  request(server.url, null, 'POST', '/api/collections/users/auth-with-password', { identity, password });
const profilePage = (actor: Actor) => request(server.url, actor, 'GET', '/api/portal/profile-page');
const outboxOf = (user: string) =>
  server.admin.collection('mail_outbox').getFullList({ filter: server.admin.filter('user = {:u}', { u: user }), sort: 'created' });

describe('changing the password', () => {
  it('refuses without the current password, with a wrong one, a short or unchanged new one, in German, and changes nothing', async () => {
    const workshop = await createWorkshop(server);
    const cases: [object, string, string][] = [
      [{ password: 'Neues-Passwort-1', passwordConfirm: 'Neues-Passwort-1' }, 'oldPassword', MESSAGES.currentPasswordRequired],
      [
        { oldPassword: 'falsch-falsch', password: 'Neues-Passwort-1', passwordConfirm: 'Neues-Passwort-1' },
        'oldPassword',
        MESSAGES.currentPasswordWrong,
      ],
      [{ oldPassword: PASSWORD, password: 'kurz', passwordConfirm: 'kurz' }, 'password', MESSAGES.passwordMin],
      [
        { oldPassword: PASSWORD, password: 'Neues-Passwort-1', passwordConfirm: 'Neues-Passwort-2' },
        'passwordConfirm',
        MESSAGES.passwordMismatch,
      ],
      [{ oldPassword: PASSWORD, password: PASSWORD, passwordConfirm: PASSWORD }, 'password', MESSAGES.passwordUnchanged],
    ];
    for (const [body, field, message] of cases) {
      const res = await update(workshop, workshop.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.data[field]).toMatchObject({ message });
    }
    expect((await signIn(workshop.email, PASSWORD)).status).toBe(200);
    expect((await profilePage(workshop)).status).toBe(200);
    expect((await outboxOf(workshop.id)).filter((m) => m.template === 'password-changed')).toEqual([]);
  });

  it("nobody changes another workshop's password: another workshop, a guest and staff are refused", async () => {
    const [workshop, other, admin] = await Promise.all([
      createWorkshop(server),
      createWorkshop(server),
      createStaff(server, 'administrators'),
    ]);
    const body = { oldPassword: PASSWORD, password: 'Uebernommen-123', passwordConfirm: 'Uebernommen-123' };
    for (const actor of [other, null, admin]) {
      const res = await update(actor, workshop.id, body);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ status: 404 });
      expect(JSON.stringify(res.json)).not.toContain(workshop.email);
    }
    expect((await signIn(workshop.email, 'Uebernommen-123')).status).toBe(400);
    expect((await signIn(workshop.email, PASSWORD)).status).toBe(200);
  });

  it('with the current password: the new one signs in, the old one no longer, every other session ends, and a notice mail goes out', async () => {
    const workshop = await createWorkshop(server);
    const second = await signIn(workshop.email, PASSWORD);
    const secondSession = { ...workshop, token: second.json.token as string };
    expect((await profilePage(secondSession)).status).toBe(200);

    const res = await update(workshop, workshop.id, {
      oldPassword: PASSWORD,
      password: 'Neues-Passwort-1',
      passwordConfirm: 'Neues-Passwort-1',
    });
    expect(res.status).toBe(200);
    expect(res.json.password).toBeUndefined();
    expect((await signIn(workshop.email, PASSWORD)).status).toBe(400);
    expect((await signIn(workshop.email, 'Neues-Passwort-1')).status).toBe(200);
    // Both sessions of before end: the other device's and this one's (the SPA signs in again).
    expect((await profilePage(secondSession)).status).toBe(401);
    expect((await profilePage(workshop)).status).toBe(401);

    const [row] = (await outboxOf(workshop.id)).filter((m) => m.template === 'password-changed');
    expect(row).toMatchObject({ recipient: workshop.email, concernsCollection: 'users', concernsId: workshop.id });
    const mail = await inbox.waitFor(workshop.email, (m) => m.subject === 'Ihr Passwort wurde geändert', 30_000);
    expect(mail.text).toContain('Alle anderen Anmeldungen wurden dabei beendet');
    expect(linkIn(mail, '/forgot-password')).toMatch(/\/forgot-password$/);
  });
});

// Issue 58: PocketBase's own mails had Markdown links in their plain-text part.
describe("PocketBase's own mails in plain text", () => {
  it('a password-reset mail names its link as label and address, without Markdown', async () => {
    const workshop = await createWorkshop(server);
    const res = await request(server.url, null, 'POST', '/api/collections/users/request-password-reset', { email: workshop.email });
    expect(res.status).toBe(204);
    const mail = await inbox.waitFor(workshop.email, (m) => m.subject === 'Passwort zurücksetzen', 30_000);
    expect(mail.text).not.toMatch(/\]\(https?:/);
    expect(mail.text).toMatch(/https?:\/\/\S+\/reset-password\/\S+/);
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });
});

describe('changing the e-mail address', () => {
  const requestChange = (actor: Actor | null, newEmail: unknown) =>
    request(server.url, actor, 'POST', '/api/collections/users/request-email-change', { newEmail });
  const confirm = (token: string, password: string) =>
    request(server.url, null, 'POST', '/api/collections/users/confirm-email-change', { token, password });

  it('refuses a guest, a malformed, a taken address (in any case) and the own one, in German', async () => {
    const [workshop, other] = await Promise.all([createWorkshop(server), createWorkshop(server)]);
    const guest = await requestChange(null, 'neu@example.de');
    expect(guest.status).toBe(401);
    expect(JSON.stringify(guest.json)).not.toContain('neu@example.de');

    const taken = await requestChange(workshop, other.email.toUpperCase());
    expect(taken.status).toBe(400);
    expect(taken.json.data.newEmail.message).toBe(MESSAGES.emailInUse);
    const own = await requestChange(workshop, workshop.email.toUpperCase());
    expect(own.status).toBe(400);
    expect(own.json.data.newEmail.message).toBe(MESSAGES.emailUnchanged);
    // Issue 58: spelled exactly as stored, PocketBase's own form check answers before the portal's
    // hook sees the request, in English ('Must not be in list.', 'Invalid new email address.');
    // the SPA says them in German by their codes (src/rules/server-answers.ts).
    const takenExactly = await requestChange(workshop, other.email);
    expect(takenExactly.status).toBe(400);
    expect(fieldAnswers(takenExactly.json.data)).toEqual({ newEmail: MESSAGES.emailInUse });
    const ownExactly = await requestChange(workshop, workshop.email);
    expect(ownExactly.status).toBe(400);
    expect(fieldAnswers(ownExactly.json.data)).toEqual({ newEmail: MESSAGES.emailUnchanged });
    const malformed = await requestChange(workshop, 'keine-adresse');
    expect(malformed.status).toBe(400);
    expect(fieldAnswers(malformed.json.data)).toEqual({ newEmail: MESSAGES.emailInvalid });
    const empty = await requestChange(workshop, '');
    expect(empty.status).toBe(400);
    expect(fieldAnswers(empty.json.data)).toEqual({ newEmail: MESSAGES.emailRequired });
    const tooLong = await requestChange(workshop, `${'a'.repeat(130)}@example.de`);
    expect(tooLong.status).toBe(400);
    expect((await server.admin.collection('users').getOne(workshop.id)).email).toBe(workshop.email);
  });

  it('the link goes to the new address; the password confirms it; sessions end; the old address is told; the token works once', async () => {
    const workshop = await createWorkshop(server);
    const newEmail = `neu-${workshop.id}@Example.DE`;
    const asked = await requestChange(workshop, newEmail);
    expect(asked.status).toBe(204);
    const normalized = newEmail.toLowerCase();
    const mail = await inbox.waitFor(normalized, (m) => m.subject === 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse');
    expect(mail.html).toContain('Bis zur Bestätigung bleibt Ihre bisherige Adresse gültig');
    const link = linkIn(mail, '/confirm-email-change/');
    const token = link.split('/confirm-email-change/')[1]!;
    // Logged beside the other auth mails, to the new address.
    const logged = (await outboxOf(workshop.id)).find((m) => m.template === 'auth-email-change');
    expect(logged).toMatchObject({ recipient: normalized, status: 'sent', immediate: true });
    // Until confirmed nothing changes.
    expect((await signIn(workshop.email, PASSWORD)).status).toBe(200);

    const wrong = await confirm(token, 'falsch-falsch');
    expect(wrong.status).toBe(400);
    expect(wrong.json.data.password).toBeDefined();
    expect((await server.admin.collection('users').getOne(workshop.id)).email).toBe(workshop.email);

    expect((await confirm(token, PASSWORD)).status).toBe(204);
    const stored = await server.admin.collection('users').getOne(workshop.id);
    expect(stored).toMatchObject({ email: normalized, verified: true });
    expect((await profilePage(workshop)).status).toBe(401);
    expect((await signIn(workshop.email, PASSWORD)).status).toBe(400);
    expect((await signIn(normalized, PASSWORD)).status).toBe(200);

    const [notice] = (await outboxOf(workshop.id)).filter((m) => m.template === 'email-changed');
    expect(notice).toMatchObject({ recipient: workshop.email });
    const told = await inbox.waitFor(workshop.email, (m) => m.subject === 'Die E-Mail-Adresse Ihres Kontos wurde geändert', 30_000);
    expect(told.text).toContain(`von ${workshop.email} auf ${normalized}`);

    // The back office's 'erneut senden' sends that notice to the old address again, not to the new one.
    const admin = await createStaff(server, 'administrators');
    const resent = await request(server.url, admin, 'POST', `/api/portal/outbox/${notice!.id}/resend`, {});
    expect(resent.status).toBe(200);
    expect(resent.json).toMatchObject({ recipient: workshop.email, template: 'email-changed' });

    const again = await confirm(token, PASSWORD);
    expect(again.status).toBe(400);
    // The old address is free again for a new registration.
    expect(
      (await server.admin.collection('users').getList(1, 1, { filter: server.admin.filter('email = {:e}', { e: workshop.email }) }))
        .totalItems,
    ).toBe(0);
  });
});

describe("'Meine Einreichungen' on the profile page", () => {
  it("lists the workshop's own submissions with state, masked IBAN, file, note and payout, and nothing of the review or of anyone else", async () => {
    const [workshop, other] = await Promise.all([createWorkshop(server), createWorkshop(server)]);
    const paid = await createPayout(server, workshop.id, 'paid', { paidOn: '2025-09-12' });
    const returned = await createPayout(server, workshop.id, 'returned', { returnReason: 'AC04' });
    const pending = await createSubmission(server, workshop.id);
    await createSubmission(server, other.id);
    const auditor = await createStaff(server, 'auditors');
    await server.admin.collection('submission_audits').create({
      submission: pending.id,
      auditor: auditor.id,
      checked: true,
      faulty: false,
      outcome: 'passed',
      note: 'Rechnung gut lesbar',
    });

    const res = await profilePage(workshop);
    expect(res.status).toBe(200);
    const list = res.json.submissions as Record<string, unknown>[];
    expect(list.map((s) => s.id).sort()).toEqual([paid.id, returned.id, pending.id].sort());
    const byId = Object.fromEntries(list.map((s) => [s.id, s]));
    expect(byId[paid.id]).toMatchObject({ payoutStatus: 'paid', paidOn: '2025-09-12', status: 'pending' });
    expect(byId[returned.id]).toMatchObject({ payoutStatus: 'returned' });
    expect(byId[pending.id]).toMatchObject({ payoutStatus: '', note: 'Rechnung gut lesbar' });
    for (const s of list) {
      expect(s.iban).toMatch(/^[A-Z]{2}\d\d \*{4} \*{4} [A-Z0-9]{4}$/);
      expect(typeof s.file).toBe('string');
      expect((s.file as string).length).toBeGreaterThan(0);
      expect(Object.keys(s).sort()).toEqual(
        ['accountHolder', 'code', 'created', 'file', 'iban', 'id', 'note', 'paidOn', 'payoutStatus', 'status'].sort(),
      );
    }
    expect(JSON.stringify(list)).not.toContain('DE89370400440532013000');
    expect(res.text).not.toContain('signals');
    // The invoice opens with the workshop's own file token, not with another workshop's.
    const first = list[0]!;
    const own = await request(server.url, workshop, 'POST', '/api/files/token');
    const file = await fetch(`${server.url}/api/files/submissions/${first.id}/${first.file}?token=${own.json.token}`);
    expect(file.status).toBe(200);
    const foreign = await request(server.url, other, 'POST', '/api/files/token');
    const refused = await fetch(`${server.url}/api/files/submissions/${first.id}/${first.file}?token=${foreign.json.token}`);
    expect(refused.status).toBe(404);
  });

  it("the SQL's masking equals the rulebook's maskIban", async () => {
    const workshop = await createWorkshop(server);
    const ibans = fc.sample(fc.stringMatching(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/), 6);
    for (const iban of ibans) {
      const sub = await createSubmission(server, workshop.id);
      await server.admin.collection('submissions').update(sub.id, { ibanNumber: iban });
    }
    const list = (await profilePage(workshop)).json.submissions as { iban: string }[];
    const shown = list.map((s) => s.iban).sort();
    expect(shown).toEqual(ibans.map((i) => maskIban(i)).sort());
  });
});
