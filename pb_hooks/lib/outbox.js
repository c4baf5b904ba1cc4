/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The mail outbox (issue 15, docs/decisions/013-mail-outbox.md): what goes into it. Every
// campaign mail is a row of mail_outbox written with `enqueue` inside the transaction of the
// change that causes it, so a commit never lacks its mail and a mail never lacks its commit;
// PocketBase's own auth mails are logged beside them. What leaves the process (rendering and
// sending, retries) is lib/outbox-delivery.js. A request never waits on SMTP.

// Every mail links to the page of the portal where the workshop acts on it.
// Where each mail's button leads (its text is the rulebook's MAIL_LINK_TEXTS); the templates.
/** @type {Record<string, string>} */
const LINK_PATHS = {
  'code-issued': '/cashback',
  'submission-received': '/profile',
  'audit-passed': '/profile',
  'audit-rejected': '/cashback',
  'payout-sent': '/profile',
  'bank-details-needed': '/profile',
  'email-changed': '/login',
  'password-changed': '/forgot-password',
  'account-deleted': '/datenschutz',
};
const TEMPLATES = Object.keys(LINK_PATHS);

/**
 * PocketBase's date format ('2025-01-01 10:00:00.000Z').
 * @param {number} ms
 */
function stamp(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

/**
 * Queues one mail. Call it with the transaction's app (`tx`) of the change that causes
 * the mail: both commit together or neither does.
 * @param {{ to: string, user?: string, template: string, data: object, concerns?: { collection: string, id: string }, resendOf?: string }} mail
 * @param {CoreApp} app
 */
function enqueue(app, mail) {
  const row = queuedRow(mail);
  const record = new Record(app.findCollectionByNameOrId('mail_outbox'));
  for (const [key, value] of Object.entries(row)) record.set(key, value);
  record.set('status', 'queued');
  record.set('attempts', 0);
  record.set('nextAttemptAt', stamp(Date.now()));
  app.save(record);
  return record;
}

/**
 * The fields a queued mail's row takes from the mail (what `enqueue` and `enqueueMany` write);
 * an unknown template is refused.
 * @param {{ to: string, user?: string, template: string, data?: object, concerns?: { collection: string, id: string }, resendOf?: string }} mail
 */
function queuedRow(mail) {
  if (TEMPLATES.indexOf(mail.template) < 0) throw new Error(`unknown mail template ${mail.template}`);
  return {
    recipient: mail.to,
    user: mail.user || '',
    template: mail.template,
    data: mail.data || {},
    concernsCollection: (mail.concerns && mail.concerns.collection) || '',
    concernsId: (mail.concerns && mail.concerns.id) || '',
    resendOf: mail.resendOf || '',
  };
}

/**
 * Queues many mails in one statement (the codes of an import: thousands in a few transactions
 * instead of one record save each). The same rows `enqueue` writes; call it with the transaction's
 * app, as enqueue.
 * @param {CoreApp} app
 * @param {{ to: string, user?: string, template: string, data: object, concerns?: { collection: string, id: string } }[]} mails
 */
function enqueueMany(app, mails) {
  if (mails.length === 0) return;
  const rows = mails.map(queuedRow);
  app
    .db()
    .newQuery(
      `INSERT INTO mail_outbox (id, recipient, user, template, data, concernsCollection, concernsId, status, attempts,
                                nextAttemptAt, resendOf, created, updated)
       SELECT substr(lower(hex(randomblob(8))), 1, 15), value ->> 'recipient', value ->> 'user', value ->> 'template',
              value -> 'data', value ->> 'concernsCollection', value ->> 'concernsId', 'queued', 0,
              {:now}, value ->> 'resendOf', {:now}, {:now}
         FROM json_each({:rows})`,
    )
    .bind({ rows: JSON.stringify(rows), now: stamp(Date.now()) })
    .execute();
}

/**
 * Queues a mail to a workshop: to its address (or `to`, e.g. the old one after a change), with
 * its name for the greeting beside `data`. Call it with the transaction's app, as enqueue.
 * @param {{ template: string, data?: object, concerns?: { collection: string, id: string }, to?: string }} mail
 * @param {CoreApp} app
 * @param {core.Record} user
 */
function enqueueForWorkshop(app, user, mail) {
  return enqueue(app, {
    to: mail.to || user.email(),
    user: user.id,
    template: mail.template,
    data: Object.assign({ name: `${user.getString('firstName')} ${user.getString('lastName')}` }, mail.data || {}),
    concerns: mail.concerns,
  });
}

/**
 * Logs one of PocketBase's own auth mails (sent at once, never by the worker).
 *
 * @param {CoreApp} app
 * @param {{ to: string, user: string, template: string, ok: boolean, error?: any }} entry
 */
function logImmediate(app, { to, user, template, ok, error }) {
  try {
    const record = new Record(app.findCollectionByNameOrId('mail_outbox'));
    record.set('recipient', to);
    record.set('user', user || '');
    record.set('template', template);
    record.set('data', {});
    record.set('immediate', true);
    record.set('status', ok ? 'sent' : 'failed');
    record.set('attempts', 1);
    record.set('lastError', ok ? '' : String(error).slice(0, 1000));
    if (ok) record.set('sentAt', stamp(Date.now()));
    app.save(record);
  } catch (err) {
    app.logger().error('logging an auth mail failed', 'to', to, 'error', String(err));
  }
}

/**
 * A copy of a campaign mail, queued again (the mail log's resend button). A mail about a workshop goes to the workshop's
 * current address (it may have changed since); `previousRecipient` says where the original went.
 * @param {CoreApp} app
 * @param {string} id
 */
function resend(app, id) {
  const original = app.findRecordById('mail_outbox', id);
  if (original.getBool('immediate')) return null;
  let to = original.getString('recipient');
  const userId = original.getString('user');
  // A notice that the address changed is meant for the old address: it goes there again.
  if (userId && original.getString('template') !== 'email-changed') {
    try {
      to = app.findRecordById('users', userId).email() || to;
    } catch (_) {
      // the workshop is gone: the original address is all there is
    }
  }
  const copy = enqueue(app, {
    to,
    user: userId,
    template: original.getString('template'),
    data: JSON.parse(original.getString('data') || '{}'),
    concerns: { collection: original.getString('concernsCollection'), id: original.getString('concernsId') },
    resendOf: original.id,
  });
  return { copy, previousRecipient: original.getString('recipient') };
}

module.exports = {
  enqueue,
  enqueueMany,
  enqueueForWorkshop,
  logImmediate,
  resend,
  stamp,
  LINK_PATHS,
  TEMPLATES,
};
