/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The nightly jobs' times (server time, UTC), in one place. PORTAL_NIGHTLY_JOBS=manual keeps them
// registered (an administrator or a test can still run one: `crons.run`) but never due by the
// clock: the tests' servers set it, so a test that happens to run at 04:00 does not meet a
// retention run it did not ask for (decision 042).
const AT = {
  'portal-db-optimize': '0 0 * * *',
  'registrations-file': '0 2 * * *',
  'audit-file': '0 3 * * *',
  retention: '0 4 * * *',
  'consent-retention': '10 4 * * *',
};

// 31 February: a valid schedule that is never due.
const NEVER = '0 0 31 2 *';

/** The schedule of a nightly job, as cronAdd takes it. */
function at(job) {
  const schedule = AT[job];
  if (!schedule) throw new Error(`no nightly job ${job}`);
  return $os.getenv('PORTAL_NIGHTLY_JOBS') === 'manual' ? NEVER : schedule;
}

module.exports = { at, AT, NEVER };
