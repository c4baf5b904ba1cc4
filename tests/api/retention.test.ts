import { afterAll, beforeAll, expect, it } from 'vitest';

import { RETENTION } from '../../src/rules';
import { blob, createStaff, createSubmission, createWorkshop, multipart, unique, workshopData } from '../helpers/fixtures';
import { until } from '../helpers/poll';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Issue 37: the retention jobs on a moved campaign clock. The portal is started on a day years
// ahead (PORTAL_NOW), so what is made today is old; the job removes what has no purpose left,
// keeps what is still within its period, logs its counts, and finds nothing the second time.

let server: TestServer;
const DAY = 24 * 60 * 60 * 1000;
// Past every period but the booking vouchers' eight years and the consents' three.
const MOVED = new Date(Date.now() + 400 * DAY);

beforeAll(async () => {
  server = await startPocketBase({ env: { PORTAL_NOW: MOVED.toISOString() } });
});
afterAll(async () => {
  await server?.stop();
});

const count = async (collection: string, filter: string) =>
  (await server.admin.collection(collection).getList(1, 1, { filter })).totalItems;

it("PocketBase's request log and nightly backups keep the rulebook's periods", async () => {
  const settings = await server.admin.settings.getAll();
  expect(settings.logs.maxDays).toBe(RETENTION.requestLogDays);
  // One backup a night: as many kept as days.
  expect(settings.backups.cron).toBe('30 3 * * *');
  expect(settings.backups.cronMaxKeep).toBe(RETENTION.backupDays);
});

it('removes what has no purpose left, keeps what is within its period, logs counts and is idempotent', async () => {
  // An unverified sign-up without activity, and a verified workshop.
  const unverified = await server.admin.collection('users').create({ ...workshopData(), verified: false });
  const active = await createWorkshop(server);
  // Booking vouchers: one whose eight years ended before the moved day, one still within them.
  const retained = (keepUntil: string) =>
    server.admin
      .collection('retained_records')
      .create({ kind: 'payout', formerUser: unique('u').slice(0, 15), keepUntil, legalBasis: '§ 147 AO', data: {} });
  const ended = await retained(`${MOVED.getUTCFullYear() - 1}-12-31 23:59:59.999Z`);
  const within = await retained(`${MOVED.getUTCFullYear() + 5}-12-31 23:59:59.999Z`);
  // A sent mail with content, and one still queued.
  const sent = await server.admin.collection('mail_outbox').create({
    recipient: 'alt@example.de',
    template: 'code-issued',
    status: 'sent',
    data: { name: 'Erika Mustermann', codes: ['NORA-AAAA-BBBB'] },
  });
  const queued = await server.admin
    .collection('mail_outbox')
    .create({ recipient: 'neu@example.de', template: 'code-issued', status: 'queued', data: { name: 'Max Muster' } });
  // A rejected redemption (its invoice goes), a pending one (stays).
  const rejected = await createSubmission(server, active.id);
  await server.admin.collection('submissions').update(rejected.id, { status: 'rejected' });
  const pending = await createSubmission(server, active.id);
  // A consent record (three years: still within), a failed sign-in counter long over.
  await server.admin.collection('consents').create({
    consentId: '0b4c2c4e-9d36-4b8e-9a57-1f6c7a1d2e3f',
    consentAt: new Date().toISOString(),
    categories: ['necessary'],
    templateVersion: 1,
    language: 'de',
  });
  await server.admin.collection('login_failures').create({ key: 'users:vergessen@example.de', count: 3, windowStart: 1, lockedUntil: 0 });
  // Two registrations files (every workshop's name and address): the older goes, the newest stays.
  const file = (name: string) =>
    server.admin
      .collection('workshop_files')
      .create(multipart({ filename: name, totalRows: '1' }, blob('\uFEFF"E-Mail"\r\n"a@example.de"\r\n', 'text/csv'), name));
  const olderFile = await file('registrierungen_alt.csv');
  const newestFile = await file('registrierungen_neu.csv');
  const admin = await createStaff(server, 'administrators');
  expect(admin.id).not.toBe('');

  // PocketBase runs a job it is asked to run in the background: the log entry says it is done.
  const runs = () => server.admin.collection('staff_log').getFullList({ filter: `action = 'privacy.retention'`, sort: 'created' });
  await server.admin.crons.run('retention');
  const log = await until('the retention run', async () => {
    const entries = await runs();
    return entries.length === 1 ? entries : null;
  });
  expect(log[0]!.after).toMatchObject({
    retainedRecords: 1,
    unverifiedAccounts: 1,
    rejectedSubmissions: 1,
    consents: 0,
    loginFailures: 1,
  });
  // The older generated files (the one the first migration made, and the older of these two).
  expect(log[0]!.after.generatedFiles).toBeGreaterThanOrEqual(1);
  expect(log[0]!.after.mailContents).toBeGreaterThanOrEqual(1);
  expect(log[0]).toMatchObject({ actorCollection: 'system' });

  expect(await count('users', `id = '${unverified.id}'`)).toBe(0);
  expect(await count('users', `id = '${active.id}'`)).toBe(1);
  expect(await count('retained_records', `id = '${ended.id}'`)).toBe(0);
  expect(await count('retained_records', `id = '${within.id}'`)).toBe(1);
  expect((await server.admin.collection('mail_outbox').getOne(sent.id)).data).toEqual({});
  expect((await server.admin.collection('mail_outbox').getOne(sent.id)).subject).toBe(sent.subject);
  expect((await server.admin.collection('mail_outbox').getOne(queued.id)).data).toEqual({ name: 'Max Muster' });
  expect(await count('submissions', `id = '${rejected.id}'`)).toBe(0);
  expect(await count('submissions', `id = '${pending.id}'`)).toBe(1);
  expect(await count('consents', '')).toBe(1);
  expect(await count('workshop_files', `id = '${olderFile.id}'`)).toBe(0);
  expect(await count('workshop_files', `id = '${newestFile.id}'`)).toBe(1);
  expect(await count('login_failures', `key = 'users:vergessen@example.de'`)).toBe(0);
  // The unverified sign-up got no mail about its deletion (its address was never confirmed).
  expect(await count('mail_outbox', `template = 'account-deleted'`)).toBe(0);

  // Idempotent: the second run finds nothing more to do.
  await server.admin.crons.run('retention');
  const again = await until('the second retention run', async () => {
    const entries = await runs();
    return entries.length === 2 ? entries : null;
  });
  expect(Object.values(again[1]!.after as Record<string, number>).every((n) => n === 0)).toBe(true);
});
