/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// 'Konto löschen' (issue 37, docs/decisions/038-account-deletion.md). A workshop deletes its
// account with its password; open codes are forfeited only when it says so; a submission in
// audit or a payout not yet paid defers the deletion, which then runs by itself once they are
// settled (the cron job below). The deletion is one transaction: what the law requires (a paid
// payout with its invoice, a booking voucher) is copied into retained_records (administrators
// only, until the end of its period), everything else of the workshop is removed, the staff
// log keeps the action without personal data, and the confirmation mail is queued; the invoice
// files go after the commit, and the database's write-ahead log is emptied so deleted rows do
// not linger in it.

const UNSETTLED_PAYOUTS = ['payable', 'held', 'in_batch', 'exported', 'returned'];

function rules() {
  return require(`${__hooks}/lib/vendor/rules.js`);
}

function count(app, sql, id) {
  const row = new DynamicModel({ n: 0 });
  app.db().newQuery(sql).bind({ id }).one(row);
  return row.n;
}

/** What stands between the workshop and its deletion, and what would be kept. */
function situation(app, userId) {
  const paid = arrayOf(new DynamicModel({ paidOn: '' }));
  app.db().newQuery(`SELECT paidOn FROM payouts WHERE user = {:id} AND status = 'paid' ORDER BY paidOn`).bind({ id: userId }).all(paid);
  return {
    openCodes: count(app, `SELECT COUNT(*) AS n FROM vouchers WHERE user = {:id} AND status = 'open'`, userId),
    pendingSubmissions: count(app, `SELECT COUNT(*) AS n FROM submissions WHERE user = {:id} AND status = 'pending'`, userId),
    unpaidPayouts: count(
      app,
      `SELECT COUNT(*) AS n FROM payouts WHERE user = {:id} AND status IN (${UNSETTLED_PAYOUTS.map((s) => `'${s}'`).join(', ')})`,
      userId,
    ),
    kept: paid.map((p) => ({ paidOn: p.paidOn, keepUntil: rules().keepBookingVoucherUntil(p.paidOn || new Date().toISOString()) })),
  };
}

const settled = (s) => s.pendingSubmissions === 0 && s.unpaidPayouts === 0;

/** GET /api/portal/account-deletion: what a deletion would do now, and a request waiting. */
function preview(app, user) {
  const s = situation(app, user.id);
  return {
    requestedAt: user.getString('deletionRequestedAt'),
    openCodes: s.openCodes,
    waitingFor: { submissions: s.pendingSubmissions, payouts: s.unpaidPayouts },
    kept: s.kept,
    bookingVoucherYears: rules().RETENTION.bookingVoucherYears,
  };
}

function refuse(e, status, message, data) {
  return require(`${__hooks}/lib/http.js`).jsonError(e, status, message, data);
}

/** POST /api/portal/account-deletion { password, forfeitCodes }: deletes now, or defers. */
function requestDeletion(e) {
  const body = e.requestInfo().body || {};
  const password = typeof body.password === 'string' ? body.password : '';
  const user = e.app.findRecordById('users', e.auth.id);
  const refused = require(`${__hooks}/lib/account.js`).passwordRefusal(user, password);
  if (refused) return e.json(400, refused);
  const outcome = deleteOrDefer(e.app, user.id, {
    actor: user,
    reason: 'Auf Wunsch der Werkstatt (Profil)',
    forfeit: body.forfeitCodes === true,
  });
  return answer(e, outcome);
}

/**
 * Deletes the workshop now, or stores the request while something is unsettled. Open codes are
 * forfeited only with `forfeit`. Returns { refused } or { state: 'deleted' | 'deferred' }.
 */
function deleteOrDefer(app, userId, { actor, reason, forfeit }) {
  const rulebook = rules();
  /** @type {{ state?: string, userId?: string, files?: any, refused?: string } | null} */
  let outcome = null;
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const fresh = tx.findRecordById('users', userId);
    const s = situation(tx, fresh.id);
    if (s.openCodes > 0 && !forfeit) {
      outcome = { refused: rulebook.MESSAGES.deletionForfeitRequired(s.openCodes) };
      return;
    }
    if (!settled(s)) {
      fresh.set('deletionRequestedAt', new Date().toISOString().replace('T', ' '));
      fresh.set('deletionForfeitCodes', forfeit);
      tx.save(fresh);
      require(`${__hooks}/lib/staff-log.js`).write(tx, {
        actor,
        action: 'privacy.deletion_requested',
        target: { collection: 'users', id: fresh.id },
        reason,
        after: { submissions: s.pendingSubmissions, payouts: s.unpaidPayouts, openCodes: s.openCodes },
      });
      outcome = { state: 'deferred', userId };
      return;
    }
    outcome = { state: 'deleted', files: erase(tx, fresh, { actor, reason }) };
  });
  const done = /** @type {{ state?: string, userId?: string, files?: any, refused?: string }} */ (outcome);
  if (done.files) afterErase(app, done.files);
  return done;
}

/**
 * DELETE /api/portal/account-deletion: the workshop takes back a deletion that waits (issue 58).
 * The account stays as it is; the staff log keeps the request and its withdrawal. 404 with the
 * German message when none waits.
 */
function withdrawDeletion(e) {
  const rulebook = rules();
  let withdrawn = false;
  require(`${__hooks}/lib/database.js`).writeTransaction(e.app, (tx) => {
    const user = tx.findRecordById('users', e.auth.id);
    if (!user.getString('deletionRequestedAt')) return;
    user.set('deletionRequestedAt', '');
    user.set('deletionForfeitCodes', false);
    tx.save(user);
    require(`${__hooks}/lib/staff-log.js`).write(tx, {
      actor: user,
      action: 'privacy.deletion_withdrawn',
      target: { collection: 'users', id: user.id },
      reason: 'Auf Wunsch der Werkstatt (Profil)',
    });
    withdrawn = true;
  });
  if (!withdrawn) return refuse(e, 404, rulebook.MESSAGES.deletionNotWaiting);
  return e.json(200, { message: rulebook.MESSAGES.deletionWithdrawn, ...preview(e.app, e.app.findRecordById('users', e.auth.id)) });
}

/** The answer to a deletion request, the workshop's or an administrator's. */
function answer(e, outcome) {
  const rulebook = rules();
  if (outcome.refused) {
    return refuse(e, 400, outcome.refused, { forfeitCodes: { code: 'validation_required', message: outcome.refused } });
  }
  if (outcome.state === 'deferred') {
    return e.json(202, {
      state: 'deferred',
      message: rulebook.MESSAGES.deletionDeferred,
      ...preview(e.app, e.app.findRecordById('users', outcome.userId)),
    });
  }
  return e.json(200, { state: 'deleted', message: rulebook.MESSAGES.deletionDone });
}

/** POST /api/portal/backoffice/workshops/{id}/deletion { reason, forfeitCodes }: a request received by letter or phone. */
function requestForStaff(e, userId) {
  const body = e.requestInfo().body || {};
  const reason = require(`${__hooks}/lib/backoffice.js`).requireReason(body);
  try {
    e.app.findRecordById('users', userId);
  } catch (_) {
    return refuse(e, 404, "The requested resource wasn't found.");
  }
  return answer(e, deleteOrDefer(e.app, userId, { actor: e.auth, reason, forfeit: body.forfeitCodes === true }));
}

/** The deletions waiting for their submissions and payouts, oldest first, with the GDPR's answer-by date (one month). */
function pending(app) {
  const rows = arrayOf(new DynamicModel({ id: '', shopName: '', email: '', deletionRequestedAt: '' }));
  app
    .db()
    .newQuery(`SELECT id, shopName, email, deletionRequestedAt FROM users WHERE deletionRequestedAt != '' ORDER BY deletionRequestedAt, id`)
    .all(rows);
  return rows.map((r) => {
    const s = situation(app, r.id);
    const asked = new Date(String(r.deletionRequestedAt).replace(' ', 'T'));
    const due = new Date(asked.getTime());
    due.setUTCMonth(due.getUTCMonth() + 1);
    return {
      id: r.id,
      shopName: r.shopName,
      email: r.email,
      requestedAt: r.deletionRequestedAt,
      dueBy: due.toISOString(),
      waitingFor: { submissions: s.pendingSubmissions, payouts: s.unpaidPayouts },
    };
  });
}

/** The invoice's bytes of a stored submission, or null when the file is gone. */
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

const idsOf = (app, sql, params) => require(`${__hooks}/lib/database.js`).idsOf(app, sql, params);

/**
 * Removes the workshop `user` inside the transaction `tx`: retained copies of its paid payouts,
 * every row of it deleted, the staff log's before/after of its records emptied, the log entry
 * and the confirmation mail queued. Returns the storage folders to remove after the commit.
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
  const review = require(`${__hooks}/lib/review.js`);
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
      ? `Aufbewahrt werden nur ${paid.length === 1 ? 'Ihre Auszahlung' : `Ihre ${paid.length} Auszahlungen`} mit der zugehörigen Rechnung als Buchungsbeleg, weil das Steuer- und Handelsrecht es verlangt (${rulebook.RETENTION.bookingVoucherBasis}), bis zum ${rulebook.germanDate(lastKeep)}. Nur unsere Administratoren können sie einsehen; danach werden sie gelöscht.`
      : 'Wir bewahren keine Daten Ihres Kontos auf.';
  if (notify)
    require(`${__hooks}/lib/outbox.js`).enqueue(tx, {
      to: email,
      user: '',
      template: 'account-deleted',
      data: { name, kept, contactEmail: require(`${__hooks}/lib/account.js`).contactEmail(tx) },
    });
  return submissions.map((s) => `${submissionsId}/${s}/`);
}

/** {:prefix0}, {:prefix1}, ... bound to `values`. */
function listParams(prefix, values) {
  const params = {};
  values.forEach((value, i) => {
    params[`${prefix}${i}`] = value;
  });
  return params;
}

/** The submissions whose review signals contain any of `texts`. */
function mentionsOf(app, texts) {
  if (texts.length === 0) return [];
  return idsOf(
    app,
    `SELECT id FROM submissions WHERE ${texts.map((_, i) => `instr(signals, {:m${i}}) > 0`).join(' OR ')}`,
    listParams('m', texts),
  );
}

/** After the commit: the deleted submissions' invoice files, and the write-ahead log emptied. */
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

/** The cron job: deferred deletions whose submissions and payouts are settled now. */
function runDeferred(app) {
  const due = arrayOf(new DynamicModel({ id: '' }));
  app.db().newQuery(`SELECT id FROM users WHERE deletionRequestedAt != '' ORDER BY deletionRequestedAt`).all(due);
  let deleted = 0;
  for (const row of due) {
    let files = null;
    require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
      let user;
      try {
        user = tx.findRecordById('users', row.id);
      } catch (_) {
        return;
      }
      if (!user.getString('deletionRequestedAt') || !settled(situation(tx, user.id))) return;
      files = erase(tx, user, {
        actor: null,
        reason: 'Vorgemerkte Löschung, nach Abschluss der Einreichungen und Auszahlungen ausgeführt',
      });
    });
    if (files) {
      afterErase(app, files);
      deleted += 1;
    }
  }
  return { due: due.length, deleted };
}

module.exports = { preview, requestDeletion, withdrawDeletion, requestForStaff, pending, runDeferred, erase, afterErase, situation };
