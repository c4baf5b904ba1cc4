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
  // Not nightly: every five minutes. Held back in the tests all the same: a deferred deletion the
  // clock ran between a verdict and its mail erased the mail a test waited for (30.11.2026).
  'account-deletions': '*/5 * * * *',
};

// 31 February: a valid schedule that is never due.
const NEVER = '0 0 31 2 *';

/** Whether this server's nightly jobs wait to be run by hand (the tests' servers). */
const manual = () => $os.getenv('PORTAL_NIGHTLY_JOBS') === 'manual';

/**
 * The schedule of a nightly job, as cronAdd takes it.
 * @param {string} job
 */
function at(job) {
  const schedule = /** @type {Record<string, string>} */ (AT)[job];
  if (!schedule) throw new Error(`no nightly job ${job}`);
  return manual() ? NEVER : schedule;
}

// PocketBase's own nightly backup (settings.backups.cron, 03:30) names its files so.
const AUTO_BACKUP_PREFIX = '@auto_pb_backup_';

/**
 * Whether PORTAL_NIGHTLY_JOBS=manual holds back the backup named `name`: one that PocketBase's
 * schedule makes. Its schedule stays as the settings say (the tests check it); a backup asked
 * for by name (the backups API, the dashboard) is made as always. In the tests' servers the
 * nightly backup opened data.db beside the read connections a test counts, and held every write
 * while it ran (CI, 28.11.2026, 03:30).
 * @param {string} name
 */
function holdsBackBackup(name) {
  return manual() && String(name).startsWith(AUTO_BACKUP_PREFIX);
}

module.exports = { at, AT, AUTO_BACKUP_PREFIX, holdsBackBackup, NEVER };
