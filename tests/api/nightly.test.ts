import { createRequire } from 'node:module';

import { afterAll, expect, it } from 'vitest';

import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Decision 042: the nightly jobs run at their times in the product; the tests' servers keep them
// registered but never due, so a test run that spans 04:00 UTC meets no job it did not start.
const { AT, AUTO_BACKUP_PREFIX, NEVER } = createRequire(import.meta.url)('../../pb_hooks/lib/nightly.js') as {
  AT: Record<string, string>;
  AUTO_BACKUP_PREFIX: string;
  NEVER: string;
};

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

const backupNames = async (server: TestServer) => (await server.admin.backups.getFullList()).map((b) => b.key);

const schedules = async (server: TestServer) =>
  Object.fromEntries((await server.admin.crons.getFullList()).map((job) => [job.id, job.expression]));

it('the product runs each nightly job at its time', async () => {
  const server = await startPocketBase({ env: { PORTAL_NIGHTLY_JOBS: '' } });
  servers.push(server);
  expect(await schedules(server)).toMatchObject(AT);
  expect(Object.keys(AT)).toEqual([
    'portal-db-optimize',
    'registrations-file',
    'audit-file',
    'retention',
    'consent-retention',
    'account-deletions',
  ]);
});

it('the tests’ servers keep the nightly jobs, never due by the clock, and run one when asked', async () => {
  const server = await startPocketBase();
  servers.push(server);
  const jobs = await schedules(server);
  for (const job of Object.keys(AT)) expect(jobs[job], job).toBe(NEVER);
  // Asked, the job runs: the retention job writes its entry in the staff log.
  await server.admin.crons.run('retention');
  await expect
    .poll(async () => (await server.admin.collection('staff_log').getList(1, 1, { filter: "action = 'privacy.retention'" })).totalItems, {
      timeout: 30_000,
    })
    .toBe(1);
});

it('PocketBase’s nightly backup: made by its schedule in the product, held back in the tests’ servers', async () => {
  const product = await startPocketBase({ env: { PORTAL_NIGHTLY_JOBS: '' } });
  const tests = await startPocketBase();
  servers.push(product, tests);
  for (const server of [product, tests]) {
    const { backups } = await server.admin.settings.getAll();
    expect(backups.cron).toBe('30 3 * * *');
    expect((await schedules(server)).__pbAutoBackup__).toBe('30 3 * * *');
  }
  // The job as the clock would start it at 03:30.
  await product.admin.crons.run('__pbAutoBackup__');
  await expect
    .poll(async () => (await backupNames(product)).filter((k) => k.startsWith(AUTO_BACKUP_PREFIX)).length, { timeout: 30_000 })
    .toBe(1);

  await tests.admin.crons.run('__pbAutoBackup__');
  await expect
    .poll(
      async () =>
        (await tests.admin.logs.getList(1, 1, { filter: "message = 'nightly backup held back (PORTAL_NIGHTLY_JOBS=manual)'" })).totalItems,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);
  expect(await backupNames(tests)).toEqual([]);
  // A backup asked for by name is made as always (the tests' backup and restore checks use it).
  await tests.admin.backups.create('von-hand.zip');
  expect(await backupNames(tests)).toEqual(['von-hand.zip']);
});
