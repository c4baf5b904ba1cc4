/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Erasing a workshop (issue 37, docs/decisions/038-account-deletion.md), for a deletion it asked
// for (lib/account-deletion.js) and for one the retention rules make (lib/retention.js). In the
// caller's transaction: what the law requires (a paid payout with its invoice, a booking voucher)
// is copied into retained_records, every other row of the workshop is removed, the staff log's
// before/after of its records emptied, the log entry and the confirmation mail queued. After the
// commit the invoice files go and the write-ahead log is emptied (`afterErase`).

function rules() {
  return require(`${__hooks}/vendor/rules.js`);
}

/**
 * The invoice's bytes of a stored submission, or null when the file is gone.
 * @param {CoreApp} app
 * @param {filesystem.System} fsys
 * @param {string} submissionsId the submissions collection's id
 * @param {string} submissionId
 * @param {string} file
 */
function invoiceBytes(app, fsys, submissionsId, submissionId, file) {
  if (!file) return null;
  const key = `${submissionsId}/${submissionId}/${file}`;
  try {
    const reader = fsys.getReader(key);
    try {
      return toBytes(reader);
    } finally {
      reader.close();
    }
  } catch (err) {
    app.logger().error('account deletion: invoice missing', 'submission', submissionId, 'error', String(err));
    return null;
  }
}

/** @type {HookModules['database']['idsOf']} */
const idsOf = (app, sql, params) => require(`${__hooks}/lib/database.js`).idsOf(app, sql, params);

/**
 * Removes the workshop `user` inside the transaction `tx`: retained copies of its paid payouts,
 * every row of it deleted, the staff log's before/after of its records emptied, the log entry
 * and the confirmation mail queued. Returns the storage folders to remove after the commit.
 * @param {CoreApp} tx
 * @param {core.Record} user
 * @param {{ actor: core.Record | null, reason: string, notify?: boolean }} how who asks (none: the system), why, and whether the confirmation mail goes out
 */
function erase(tx, user, { actor, reason, notify = true }) {
  const rulebook = rules();
  const id = user.id;
  const email = user.email();
  const name = `${user.getString('firstName')} ${user.getString('lastName')}`.trim();
  // Deleted rows are overwritten with zeros, not left in free pages of the database file.
  tx.db().newQuery('PRAGMA secure_delete = ON').execute();

  // 1. What the law requires: each paid payout and its invoice (a booking voucher).
  const paid = arrayOf(
    new DynamicModel({
      id: '',
      submission: '',
      amount: 0.5, // a float64: 0 would read a whole number and fail on cents (issue 58)
      accountHolder: '',
      iban: '',
      bic: '',
      endToEndId: '',
      remittance: '',
      paidOn: '',
      batch: '',
      campaign: '',
      code: '',
      file: '',
      submittedAt: '',
    }),
  );
  tx.db()
    .newQuery(
      `SELECT p.id, p.submission, p.amount, p.accountHolder, p.iban, p.bic, p.endToEndId, p.remittance, p.paidOn, p.batch, p.campaign,
              COALESCE(v.code, '') AS code, COALESCE(s.file, '') AS file, COALESCE(s.created, '') AS submittedAt
         FROM payouts p LEFT JOIN vouchers v ON v.id = p.voucher LEFT JOIN submissions s ON s.id = p.submission
        WHERE p.user = {:id} AND p.status = 'paid' ORDER BY p.paidOn, p.id`,
    )
    .bind({ id })
    .all(paid);
  const retained = tx.findCollectionByNameOrId('retained_records');
  const submissionsId = tx.findCollectionByNameOrId('submissions').id;
  const fsys = tx.newFilesystem();
  let lastKeep = '';
  try {
    for (const p of paid) {
      const keepUntil = rulebook.keepBookingVoucherUntil(p.paidOn || new Date().toISOString());
      if (keepUntil > lastKeep) lastKeep = keepUntil;
      const record = new Record(retained);
      record.set('kind', 'payout');
      record.set('formerUser', id);
      record.set('keepUntil', `${keepUntil} 23:59:59.999Z`);
      record.set('legalBasis', rulebook.RETENTION.bookingVoucherBasis);
      record.set('data', {
        payout: p.id,
        submission: p.submission,
        code: p.code,
        amount: p.amount,
        accountHolder: p.accountHolder,
        iban: p.iban,
        bic: p.bic,
        endToEndId: p.endToEndId,
        remittance: p.remittance,
        paidOn: p.paidOn,
        batch: p.batch,
        // The dashboard still counts a paid payout of a deleted workshop (issue 58).
        campaign: p.campaign,
        submittedAt: p.submittedAt,
      });
      const bytes = invoiceBytes(tx, fsys, submissionsId, p.submission, p.file);
      if (bytes) record.set('invoice', $filesystem.fileFromBytes(bytes, p.file));
      tx.save(record);
    }
  } finally {
    fsys.close();
  }

  // 2. Everything else of the workshop. The staff log keeps who did what and when, not the
  //    before and after of the workshop's records (names, bank details).
  const submissions = idsOf(tx, `SELECT id FROM submissions WHERE user = {:id}`, { id });
  const owned = submissions
    .concat(idsOf(tx, `SELECT id FROM payouts WHERE user = {:id}`, { id }))
    .concat(idsOf(tx, `SELECT id FROM vouchers WHERE user = {:id}`, { id }))
    .concat(idsOf(tx, `SELECT id FROM user_lz_connections WHERE user = {:id}`, { id }))
    .concat([id]);
  const campaigns = idsOf(tx, `SELECT DISTINCT campaign AS id FROM sales_data WHERE user = {:id}`, { id });
  /**
   * @param {string} sql
   * @param {Record<string, any>} [params]
   */
  const run = (sql, params) =>
    tx
      .db()
      .newQuery(sql)
      .bind(params || { id })
      .execute();
  // The entries about its records keep action, actor and time; before, after and the reason
  // (a note may name the workshop) go with the records they explained.
  run(
    `UPDATE staff_log SET before = NULL, after = NULL, reason = '' WHERE targetId IN ({:ids})`.replace(
      '{:ids}',
      owned.map((_, i) => `{:o${i}}`).join(', '),
    ),
    listParams('o', owned),
  );
  run(`DELETE FROM submission_audits WHERE submission IN (SELECT id FROM submissions WHERE user = {:id})`);
  run(`DELETE FROM payouts WHERE user = {:id}`);
  run(`DELETE FROM submissions WHERE user = {:id}`);
  run(`DELETE FROM vouchers WHERE user = {:id}`);
  run(`DELETE FROM user_lz_connections WHERE user = {:id}`);
  run(`DELETE FROM sales_data WHERE user = {:id}`);
  run(`DELETE FROM sales_totals WHERE user = {:id}`);
  run(`DELETE FROM mail_outbox WHERE user = {:id} OR lower(recipient) = lower({:email})`, { id, email });
  run(`DELETE FROM login_failures WHERE key = {:key}`, { key: `users:${String(email).toLowerCase()}` });
  for (const campaign of campaigns) require(`${__hooks}/lib/dashboard.js`).invalidateSalesWeekly(tx, campaign);
  // Other workshops' review signals named this one (a shared IBAN: its shop name; a shared
  // invoice: its submission): computed again without it.
  const review = require(`${__hooks}/lib/review-signals.js`);
  for (const other of mentionsOf(
    tx,
    [user.getString('shopName')].concat(submissions).filter((m) => m),
  ))
    review.refreshSignals(tx, other);
  // PocketBase removes the account's sessions, one-time codes and sign-in origins with it.
  tx.delete(user);

  // 3. The record of the deletion, and the confirmation (its address is forgotten once sent).
  require(`${__hooks}/lib/staff-log.js`).write(tx, {
    actor,
    action: 'privacy.account_deleted',
    target: { collection: 'users', id },
    reason,
    after: { submissions: submissions.length, retained: paid.length, keptUntil: lastKeep },
  });
  // Entries the workshop wrote itself (its export, its request, this deletion) keep its id, not its address.
  run(`UPDATE staff_log SET actorEmail = '' WHERE actorCollection = 'users' AND actorId = {:id}`);
  const kept =
    paid.length > 0
      ? rulebook.ERASURE_MESSAGES.kept(paid.length, rulebook.RETENTION.bookingVoucherBasis, rulebook.germanDate(lastKeep))
      : rulebook.ERASURE_MESSAGES.nothingKept;
  if (notify)
    require(`${__hooks}/lib/outbox.js`).enqueue(tx, {
      to: email,
      user: '',
      template: 'account-deleted',
      data: { name, kept, contactEmail: require(`${__hooks}/lib/account.js`).contactEmail(tx) },
    });
  return submissions.map((s) => `${submissionsId}/${s}/`);
}

/**
 * {:prefix0}, {:prefix1}, ... bound to `values`.
 * @param {string} prefix
 * @param {string[]} values
 */
function listParams(prefix, values) {
  /** @type {Record<string, string>} */
  const params = {};
  values.forEach((value, i) => {
    params[`${prefix}${i}`] = value;
  });
  return params;
}

/**
 * The submissions whose review signals contain any of `texts`.
 * @param {CoreApp} app
 * @param {string[]} texts
 */
function mentionsOf(app, texts) {
  if (texts.length === 0) return [];
  return idsOf(
    app,
    `SELECT id FROM submissions WHERE ${texts.map((_, i) => `instr(signals, {:m${i}}) > 0`).join(' OR ')}`,
    listParams('m', texts),
  );
}

/**
 * After the commit: the deleted submissions' invoice files, and the write-ahead log emptied.
 * @param {CoreApp} app
 * @param {string[]} folders
 */
function afterErase(app, folders) {
  const fsys = app.newFilesystem();
  try {
    for (const folder of folders) {
      try {
        fsys.deletePrefix(folder);
      } catch (err) {
        app.logger().error('account deletion: files not removed', 'folder', folder, 'error', String(err));
      }
    }
  } finally {
    fsys.close();
  }
  require(`${__hooks}/lib/database.js`).checkpoint(app);
}

module.exports = { erase, afterErase };
