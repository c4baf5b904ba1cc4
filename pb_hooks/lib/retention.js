/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The retention jobs (issue 37, docs/decisions/038-privacy-self-service.md): data with no purpose
// left goes by itself, at the periods the rulebook's RETENTION names (the Datenschutz page renders
// the same). Run daily by cron and on the campaign clock (clock.now()), so tests move time with
// PORTAL_NOW; each step is a statement that finds nothing the second time (idempotent), and each
// run is logged with its counts (staff log 'privacy.retention').

const DAY = 24 * 60 * 60 * 1000;

/** @param {number} ms */
function stamp(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

/** @type {HookModules['database']['idsOf']} */
const ids = (app, sql, params) => require(`${__hooks}/lib/database.js`).idsOf(app, sql, params);

/**
 * @param {CoreApp} app
 * @param {string} sql
 * @param {Record<string, any>} params
 */
function exec(app, sql, params) {
  const result = app
    .db()
    .newQuery(sql)
    .bind(params || {})
    .execute();
  return result.rowsAffected();
}

/**
 * Deletes records through PocketBase (their files go with them); returns how many.
 * @param {CoreApp} app
 * @param {string} collection
 * @param {string[]} recordIds
 */
function deleteRecords(app, collection, recordIds) {
  let n = 0;
  for (const id of recordIds) {
    try {
      app.delete(app.findRecordById(collection, id));
      n += 1;
    } catch (err) {
      app.logger().error('retention: not deleted', 'collection', collection, 'id', id, 'error', String(err));
    }
  }
  return n;
}

/**
 * One run of every job; returns the counts it logged.
 * @param {CoreApp} app
 */
function run(app) {
  const R = require(`${__hooks}/vendor/rules.js`).RETENTION;
  const now = require(`${__hooks}/lib/clock.js`).now().getTime();
  const deletion = require(`${__hooks}/lib/erasure.js`);
  const counts = {};

  // Booking vouchers whose legal period has ended.
  counts.retainedRecords = deleteRecords(
    app,
    'retained_records',
    ids(app, `SELECT id FROM retained_records WHERE keepUntil < {:now}`, { now: stamp(now) }),
  );

  // Sign-ups never confirmed and without any activity: no centre, no code, no submission.
  const unverified = ids(
    app,
    `SELECT u.id FROM users u
      WHERE u.verified = FALSE AND u.created < {:cut} AND u.deletionRequestedAt = ''
        AND NOT EXISTS (SELECT 1 FROM user_lz_connections c WHERE c.user = u.id)
        AND NOT EXISTS (SELECT 1 FROM vouchers v WHERE v.user = u.id)
        AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.user = u.id)`,
    { cut: stamp(now - R.unverifiedAccountDays * DAY) },
  );
  counts.unverifiedAccounts = 0;
  for (const id of unverified) {
    const files = require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) =>
      deletion.erase(tx, tx.findRecordById('users', id), {
        actor: null,
        reason: require(`${__hooks}/vendor/rules.js`).STAFF_LOG_REASONS.unverifiedAccount(R.unverifiedAccountDays),
        notify: false,
      }),
    );
    deletion.afterErase(app, files);
    counts.unverifiedAccounts += 1;
  }

  // The content of mails (names, codes, links); the log line (template, subject, times) stays.
  counts.mailContents = exec(
    app,
    `UPDATE mail_outbox SET data = '{}' WHERE data != '{}' AND status IN ('sent', 'given_up') AND created < {:cut}`,
    { cut: stamp(now - R.mailContentDays * DAY) },
  );

  // Generated staff CSVs with personal data; the newest of each kind stays for the staff.
  counts.generatedFiles = 0;
  for (const collection of ['workshop_files', 'user_file']) {
    counts.generatedFiles += deleteRecords(
      app,
      collection,
      ids(
        app,
        `SELECT id FROM ${collection} WHERE created < {:cut} AND id != (SELECT id FROM ${collection} ORDER BY created DESC, id DESC LIMIT 1)`,
        {
          cut: stamp(now - R.generatedFileDays * DAY),
        },
      ),
    );
  }

  // Redemptions that were not accepted (a new one replaced them), with their invoices and verdicts.
  const rejected = ids(
    app,
    `SELECT s.id FROM submissions s
      WHERE s.status = 'rejected' AND s.updated < {:cut} AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.submission = s.id)`,
    { cut: stamp(now - R.rejectedSubmissionDays * DAY) },
  );
  for (const id of rejected) exec(app, `DELETE FROM submission_audits WHERE submission = {:id}`, { id });
  counts.rejectedSubmissions = deleteRecords(app, 'submissions', rejected);

  // Records of cookie-banner choices.
  const consentCut = new Date(now);
  consentCut.setUTCFullYear(consentCut.getUTCFullYear() - R.consentYears);
  counts.consents = exec(app, `DELETE FROM consents WHERE created < {:cut}`, { cut: stamp(consentCut.getTime()) });

  // Failed sign-in counters whose window and lock are over (they name the address tried).
  counts.loginFailures = exec(app, `DELETE FROM login_failures WHERE windowStart < {:cut} AND lockedUntil < {:now}`, {
    cut: now - DAY,
    now,
  });

  require(`${__hooks}/lib/staff-log.js`).write(app, {
    actor: null,
    action: 'privacy.retention',
    target: { collection: '', id: '' },
    reason: require(`${__hooks}/vendor/rules.js`).STAFF_LOG_REASONS.retention,
    after: counts,
  });
  if (Object.values(counts).some((n) => n > 0)) require(`${__hooks}/lib/database.js`).checkpoint(app);
  return counts;
}

module.exports = { run };
