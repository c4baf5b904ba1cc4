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
  return require(`${__hooks}/vendor/rules.js`);
}

/** The erasing itself (what is kept, what is removed): lib/erasure.js. */
const erasure = () => require(`${__hooks}/lib/erasure.js`);

/**
 * @param {CoreApp} app
 * @param {string} sql
 * @param {string} id
 */
function count(app, sql, id) {
  const row = new DynamicModel({ n: 0 });
  app.db().newQuery(sql).bind({ id }).one(row);
  return row.n;
}

/**
 * What stands between the workshop and its deletion, and what would be kept.
 * @param {CoreApp} app
 * @param {string} userId
 */
function situation(app, userId) {
  const paid = arrayOf(new DynamicModel({ paidOn: '' }));
  app.db().newQuery(`SELECT paidOn FROM payouts WHERE user = {:id} AND status = 'paid' ORDER BY paidOn`).bind({ id: userId }).all(paid);
  return {
    // Codes that can still be redeemed: one past its campaign's window is worth nothing (decision 071).
    openCodes: require(`${__hooks}/lib/redeem-window.js`).redeemableCodes(app, userId).length,
    pendingSubmissions: count(app, `SELECT COUNT(*) AS n FROM submissions WHERE user = {:id} AND status = 'pending'`, userId),
    unpaidPayouts: count(
      app,
      `SELECT COUNT(*) AS n FROM payouts WHERE user = {:id} AND status IN (${UNSETTLED_PAYOUTS.map((s) => `'${s}'`).join(', ')})`,
      userId,
    ),
    kept: paid.map((p) => ({ paidOn: p.paidOn, keepUntil: rules().keepBookingVoucherUntil(p.paidOn || new Date().toISOString()) })),
  };
}

/** @param {ReturnType<typeof situation>} s */
const settled = (s) => s.pendingSubmissions === 0 && s.unpaidPayouts === 0;

/**
 * GET /api/portal/account-deletion: what a deletion would do now, and a request waiting.
 * @param {CoreApp} app
 * @param {core.Record} user
 */
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

/**
 * @param {core.RequestEvent} e
 * @param {number} status
 * @param {string} message
 * @param {Record<string, any>} [data]
 */
function refuse(e, status, message, data) {
  return require(`${__hooks}/lib/http.js`).jsonError(e, status, message, data);
}

/**
 * POST /api/portal/account-deletion { password, forfeitCodes }: deletes now, or defers.
 * @param {core.RequestEvent} e
 */
function requestDeletion(e) {
  const body = e.requestInfo().body || {};
  const password = typeof body.password === 'string' ? body.password : '';
  const user = e.app.findRecordById('users', require(`${__hooks}/lib/guards.js`).signedIn(e).id);
  const refused = require(`${__hooks}/lib/account.js`).passwordRefusal(user, password);
  if (refused) return e.json(400, refused);
  const outcome = deleteOrDefer(e.app, user.id, {
    actor: user,
    reason: rules().STAFF_LOG_REASONS.workshopAsked,
    forfeit: body.forfeitCodes === true,
  });
  return answer(e, outcome);
}

/**
 * Deletes the workshop now, or stores the request while something is unsettled. Open codes are
 * forfeited only with `forfeit`. Returns { refused } or { state: 'deleted' | 'deferred' }.
 * @param {CoreApp} app
 * @param {string} userId
 * @param {{ actor: core.Record | null, reason: string, forfeit: boolean }} how who asks, why, and whether open codes may go
 * @returns {Outcome}
 */
function deleteOrDefer(app, userId, { actor, reason, forfeit }) {
  const rulebook = rules();
  const done = require(`${__hooks}/lib/database.js`).writeTransaction(app, decide);
  /** @param {CoreApp} tx @returns {Outcome} */
  function decide(tx) {
    const fresh = tx.findRecordById('users', userId);
    const s = situation(tx, fresh.id);
    if (s.openCodes > 0 && !forfeit) {
      return { refused: rulebook.MESSAGES.deletionForfeitRequired(s.openCodes) };
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
      return { state: 'deferred', userId };
    }
    return { state: 'deleted', files: erasure().erase(tx, fresh, { actor, reason }) };
  }
  if (done.files) erasure().afterErase(app, done.files);
  return done;
}

/**
 * DELETE /api/portal/account-deletion: the workshop takes back a deletion that waits (issue 58).
 * The account stays as it is; the staff log keeps the request and its withdrawal. 404 with the
 * German message when none waits.
 * @param {core.RequestEvent} e
 */
function withdrawDeletion(e) {
  const rulebook = rules();
  let withdrawn = false;
  require(`${__hooks}/lib/database.js`).writeTransaction(e.app, (tx) => {
    const user = tx.findRecordById('users', require(`${__hooks}/lib/guards.js`).signedIn(e).id);
    if (!user.getString('deletionRequestedAt')) return;
    user.set('deletionRequestedAt', '');
    user.set('deletionForfeitCodes', false);
    tx.save(user);
    require(`${__hooks}/lib/staff-log.js`).write(tx, {
      actor: user,
      action: 'privacy.deletion_withdrawn',
      target: { collection: 'users', id: user.id },
      reason: rules().STAFF_LOG_REASONS.workshopAsked,
    });
    withdrawn = true;
  });
  if (!withdrawn) return refuse(e, 404, rulebook.MESSAGES.deletionNotWaiting);
  const user = e.app.findRecordById('users', require(`${__hooks}/lib/guards.js`).signedIn(e).id);
  return e.json(200, { message: rulebook.MESSAGES.deletionWithdrawn, ...preview(e.app, user) });
}

/**
 * What a deletion request came to: refused (why), deferred, or deleted (with the folders to remove).
 * @typedef {{ state?: string, userId?: string, files?: string[], refused?: string }} Outcome
 */

/**
 * The answer to a deletion request, the workshop's or an administrator's.
 * @param {core.RequestEvent} e
 * @param {Outcome} outcome
 */
function answer(e, outcome) {
  const rulebook = rules();
  if (outcome.refused) {
    return refuse(e, 400, outcome.refused, { forfeitCodes: { code: 'validation_required', message: outcome.refused } });
  }
  if (outcome.state === 'deferred') {
    return e.json(202, {
      state: 'deferred',
      message: rulebook.MESSAGES.deletionDeferred,
      ...preview(e.app, e.app.findRecordById('users', outcome.userId || '')),
    });
  }
  return e.json(200, { state: 'deleted', message: rulebook.MESSAGES.deletionDone });
}

/**
 * POST /api/portal/backoffice/workshops/{id}/deletion { reason, forfeitCodes }: a request received by letter or phone.
 * @param {core.RequestEvent} e
 * @param {string} userId
 */
function requestForStaff(e, userId) {
  const body = e.requestInfo().body || {};
  const reason = require(`${__hooks}/lib/backoffice.js`).requireReason(body);
  try {
    e.app.findRecordById('users', userId);
  } catch (_) {
    return refuse(e, 404, "The requested resource wasn't found.");
  }
  return answer(e, deleteOrDefer(e.app, userId, { actor: e.auth || null, reason, forfeit: body.forfeitCodes === true }));
}

/**
 * The deletions waiting for their submissions and payouts, oldest first, with the GDPR's answer-by date (one month).
 * @param {CoreApp} app
 */
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

/**
 * The cron job: deferred deletions whose submissions and payouts are settled now.
 * @param {CoreApp} app
 */
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
      files = erasure().erase(tx, user, {
        actor: null,
        reason: rules().STAFF_LOG_REASONS.deferredDeletion,
      });
    });
    if (files) {
      erasure().afterErase(app, files);
      deleted += 1;
    }
  }
  return { due: due.length, deleted };
}

module.exports = { preview, requestDeletion, withdrawDeletion, requestForStaff, pending, runDeferred, situation };
