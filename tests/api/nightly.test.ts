import { createRequire } from 'node:module';

import { afterAll, expect, it } from 'vitest';

import { startPocketBase, type TestServer } from '../helpers/pocketbase';

// Decision 042: the nightly jobs run at their times in the product; the tests' servers keep them
// registered but never due, so a test run that spans 04:00 UTC meets no job it did not start.
const { AT, NEVER } = createRequire(import.meta.url)('../../pb_hooks/lib/nightly.js') as {
  AT: Record<string, string>;
  NEVER: string;
};

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

const schedules = async (server: TestServer) =>
  Object.fromEntries((await server.admin.crons.getFullList()).map((job) => [job.id, job.expression]));

it('the product runs each nightly job at its time', async () => {
  const server = await startPocketBase({ env: { PORTAL_NIGHTLY_JOBS: '' } });
  servers.push(server);
  expect(await schedules(server)).toMatchObject(AT);
  expect(Object.keys(AT)).toEqual(['portal-db-optimize', 'registrations-file', 'audit-file', 'retention', 'consent-retention']);
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
