/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The mail outbox (issue 15, docs/decisions/013-mail-outbox.md). Every campaign mail is a
// row of mail_outbox written with `enqueue` inside the transaction of the change that
// causes it, so a commit never lacks its mail and a mail never lacks its commit. The cron
// worker (`work`) claims due rows atomically, renders them from the template files and
// sends them; failures are retried with backoff and given up after 24 hours. A request
// never waits on SMTP.

const MINUTE = 60 * 1000;
// Backoff after the 1st, 2nd, 3rd, 4th failed attempt; hourly after that.
const BACKOFF_MINUTES = [1, 5, 15, 60];
const GIVE_UP_MS = 24 * 60 * MINUTE;
// A claim older than this belongs to a sender that died; the row is sent again.
const LEASE_MS = 5 * MINUTE;
const CLAIM_BATCH = 50;

// Every mail links to the page of the portal where the workshop acts on it.
const LINKS = {
  'code-issued': { path: '/cashback', text: 'Cashback jetzt einlösen' },
  'submission-received': { path: '/profile', text: 'Stand im Profil ansehen' },
  'audit-passed': { path: '/profile', text: 'Stand im Profil ansehen' },
  'audit-rejected': { path: '/cashback', text: 'Rechnung erneut einreichen' },
  'payout-sent': { path: '/profile', text: 'Ihr Profil ansehen' },
  'bank-details-needed': { path: '/profile', text: 'Bankverbindung jetzt korrigieren' },
  'email-changed': { path: '/login', text: 'Zum Portal' },
  'password-changed': { path: '/forgot-password', text: 'Passwort zurücksetzen' },
  'account-deleted': { path: '/datenschutz', text: 'Datenschutzerklärung' },
};
const TEMPLATES = Object.keys(LINKS);
// Mails about an account that no longer exists (issue 37): once sent, the row keeps its template,
// subject and times, not the address or the greeting's name.
const FORGET_WHEN_SENT = ['account-deleted'];

/** PocketBase's date format ('2025-01-01 10:00:00.000Z'). */
function stamp(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

function backoffMs(attempts) {
  const minutes = BACKOFF_MINUTES[Math.min(attempts, BACKOFF_MINUTES.length + 1) - 1] || 60;
  return minutes * MINUTE;
}

/**
 * Queues one mail. Call it with the transaction's app (`tx`) of the change that causes
 * the mail: both commit together or neither does.
 * @param {{ to: string, user?: string, template: string, data: object, concerns?: { collection: string, id: string }, resendOf?: string }} mail
 */
function enqueue(app, mail) {
  if (TEMPLATES.indexOf(mail.template) < 0) throw new Error(`unknown mail template ${mail.template}`);
  const record = new Record(app.findCollectionByNameOrId('mail_outbox'));
  record.set('recipient', mail.to);
  record.set('user', mail.user || '');
  record.set('template', mail.template);
  record.set('data', mail.data || {});
  record.set('concernsCollection', (mail.concerns && mail.concerns.collection) || '');
  record.set('concernsId', (mail.concerns && mail.concerns.id) || '');
  record.set('status', 'queued');
  record.set('attempts', 0);
  record.set('nextAttemptAt', stamp(Date.now()));
  record.set('resendOf', mail.resendOf || '');
  app.save(record);
  return record;
}

/**
 * Queues many mails in one statement (the codes of an import: thousands in a few transactions
 * instead of one record save each). The same rows `enqueue` writes; call it with the transaction's
 * app, as enqueue.
 * @param {core.App} app
 * @param {{ to: string, user?: string, template: string, data: object, concerns?: { collection: string, id: string } }[]} mails
 */
function enqueueMany(app, mails) {
  if (mails.length === 0) return;
  for (const mail of mails) if (TEMPLATES.indexOf(mail.template) < 0) throw new Error(`unknown mail template ${mail.template}`);
  const rows = mails.map((m) => ({
    recipient: m.to,
    user: m.user || '',
    template: m.template,
    data: m.data || {},
    concernsCollection: (m.concerns && m.concerns.collection) || '',
    concernsId: (m.concerns && m.concerns.id) || '',
  }));
  app
    .db()
    .newQuery(
      `INSERT INTO mail_outbox (id, recipient, user, template, data, concernsCollection, concernsId, status, attempts,
                                nextAttemptAt, resendOf, created, updated)
       SELECT substr(lower(hex(randomblob(8))), 1, 15), value ->> 'recipient', value ->> 'user', value ->> 'template',
              value -> 'data', value ->> 'concernsCollection', value ->> 'concernsId', 'queued', 0,
              {:now}, '', {:now}, {:now}
         FROM json_each({:rows})`,
    )
    .bind({ rows: JSON.stringify(rows), now: stamp(Date.now()) })
    .execute();
}

/**
 * Queues a mail to a workshop: to its address (or `to`, e.g. the old one after a change), with
 * its name for the greeting beside `data`. Call it with the transaction's app, as enqueue.
 * @param {{ template: string, data?: object, concerns?: { collection: string, id: string }, to?: string }} mail
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
 * @param {core.App} app
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

/** Runs one of PocketBase's mailer events (it sends the auth mail) and logs the outcome. */
function sendLogged(e, template) {
  // PocketBase writes the plain-text part of its own mails as Markdown ('[Link](https://…)',
  // issue 58); a reader of plain text gets the label and the address instead.
  if (e.message && e.message.html && !e.message.text) e.message.text = plainTextOf(e.message.html);
  // The message's own recipient: an e-mail change goes to the new address, not the record's.
  const recipients = e.message && e.message.to ? e.message.to : [];
  const to = recipients.length > 0 ? recipients[0].address : e.record ? e.record.email() : '';
  const user = e.record && e.record.collection().name === 'users' ? e.record.id : '';
  try {
    e.next();
  } catch (err) {
    logImmediate(e.app, { to, user, template, ok: false, error: err });
    throw err;
  }
  logImmediate(e.app, { to, user, template, ok: true });
}

function perMinute(app) {
  try {
    return app.findFirstRecordByFilter('portal_settings', "key = 'default'").getInt('mailsPerMinute') || 120;
  } catch (_) {
    return 120;
  }
}

function portalUrl(app) {
  return String(app.settings().meta.appURL || '').replace(/\/+$/, '');
}

/** Go's html/template escapes values in text; the plain-text part wants them back. */
function unescapeEntities(text) {
  return text
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCharCode(parseInt(n, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * A mail's HTML as plain text: a link as 'label: address' (or the address alone), paragraphs and
 * list items on lines of their own, tags dropped, entities read back.
 *
 * @param {string} html
 */
function plainTextOf(html) {
  const text = String(html)
    .replace(/<(style|script|head)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href, label) => {
      const shown = label
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      return shown && shown !== href ? `${shown}: ${href}` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|ul|ol)>/gi, '\n')
    .replace(/<[^>]+>/g, '');
  return unescapeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Renders a queued row: { subject, html, text } from pb_hooks/templates/mail/<template>/. */
function render(app, template, data) {
  const dir = `${__hooks}/templates/mail`;
  const view = Object.assign({}, data, { portalUrl: portalUrl(app) });
  view.link = view.portalUrl + LINKS[template].path;
  // A resubmission opens the form with its code filled in (issue 58).
  if (template === 'audit-rejected' && data.code) view.link += `?code=${encodeURIComponent(data.code)}`;
  view.linkText = LINKS[template].text;
  const subject = unescapeEntities($template.loadFiles(`${dir}/${template}/subject.txt`).render(view)).trim();
  view.subject = subject;
  const html = $template.loadFiles(`${dir}/layout.html`, `${dir}/${template}/body.html`).render(view);
  const text = unescapeEntities($template.loadFiles(`${dir}/layout.txt`, `${dir}/${template}/body.txt`).render(view));
  return { subject, html, text };
}

/** Whether a send error means the mail server was not reached (no fault of this mail). */
function isTransportError(err) {
  return /dial tcp|connection refused|connection reset|no such host|i\/o timeout|broken pipe|EOF/i.test(String(err));
}

function exec(app, sql, params) {
  return app
    .db()
    .newQuery(sql)
    .bind(params || {})
    .execute();
}

/**
 * Housekeeping before a pass: claims of dead senders go back to the queue (the mail may
 * then go out twice, never not at all), and what has waited 24 hours is given up.
 */
function housekeeping(app, now) {
  exec(app, `UPDATE mail_outbox SET status = 'queued', claimToken = '' WHERE status = 'sending' AND claimedAt < {:stale}`, {
    stale: stamp(now - LEASE_MS),
  });
  exec(
    app,
    `UPDATE mail_outbox SET status = 'given_up', lastError = CASE WHEN lastError = '' THEN 'Nach 24 Stunden aufgegeben.' ELSE lastError END
      WHERE status IN ('queued', 'failed') AND immediate = FALSE AND created < {:old}`,
    { old: stamp(now - GIVE_UP_MS) },
  );
}

/** After a restart no sender of this process is running: every claim is stale. */
function releaseAllClaims(app) {
  exec(app, `UPDATE mail_outbox SET status = 'queued', claimToken = '' WHERE status = 'sending'`);
}

/**
 * One delivery pass: claims up to the minute's remaining budget of due rows in one
 * statement (two senders never take the same row), sends them, and records each outcome.
 * Returns { claimed, sent, failed, transportDown }.
 */
function pass(app) {
  const now = Date.now();
  housekeeping(app, now);
  const sentRecently = new DynamicModel({ n: 0 });
  app
    .db()
    .newQuery(`SELECT COUNT(*) AS n FROM mail_outbox WHERE sentAt >= {:since} AND immediate = FALSE`)
    .bind({ since: stamp(now - MINUTE) })
    .one(sentRecently);
  const budget = Math.min(CLAIM_BATCH, perMinute(app) - sentRecently.n);
  const result = { claimed: 0, sent: 0, failed: 0, transportDown: false, forgot: false };
  if (budget <= 0) return result;

  const token = $security.randomString(20);
  exec(
    app,
    `UPDATE mail_outbox SET status = 'sending', claimToken = {:token}, claimedAt = {:now}, attempts = attempts + 1
      WHERE id IN (SELECT id FROM mail_outbox
                    WHERE status IN ('queued', 'failed') AND immediate = FALSE AND nextAttemptAt <= {:now}
                    ORDER BY nextAttemptAt, created LIMIT {:limit})`,
    { token, now: stamp(now), limit: budget },
  );
  const rows = arrayOf(new DynamicModel({ id: '', recipient: '', template: '', data: '', attempts: 0, created: '' }));
  app
    .db()
    .newQuery(
      `SELECT id, recipient, template, data, attempts, created FROM mail_outbox WHERE claimToken = {:token} ORDER BY nextAttemptAt, created`,
    )
    .bind({ token })
    .all(rows);
  result.claimed = rows.length;
  const meta = app.settings().meta;

  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    let rendered = null;
    try {
      rendered = render(app, row.template, JSON.parse(row.data || '{}'));
      const message = new MailerMessage({
        from: { address: meta.senderAddress, name: meta.senderName },
        to: [{ address: row.recipient }],
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
      });
      app.newMailClient().send(message);
      exec(
        app,
        `UPDATE mail_outbox SET status = 'sent', sentAt = {:now}, subject = {:subject}, lastError = '', claimToken = '',
                recipient = CASE WHEN {:forget} THEN '' ELSE recipient END, data = CASE WHEN {:forget} THEN '{}' ELSE data END
          WHERE id = {:id} AND claimToken = {:token}`,
        {
          now: stamp(Date.now()),
          subject: rendered.subject.slice(0, 255),
          id: row.id,
          token,
          forget: FORGET_WHEN_SENT.indexOf(row.template) >= 0,
        },
      );
      result.sent += 1;
      if (FORGET_WHEN_SENT.indexOf(row.template) >= 0) result.forgot = true;
    } catch (err) {
      if (rendered && isTransportError(err)) {
        // The mail server is not there: this pass ends and nothing counts as an attempt.
        exec(
          app,
          `UPDATE mail_outbox SET status = 'queued', attempts = MAX(attempts - 1, 0), claimToken = '', lastError = {:error}
            WHERE claimToken = {:token} AND status = 'sending'`,
          { token, error: `Mailserver nicht erreichbar: ${String(err)}`.slice(0, 1000) },
        );
        result.transportDown = true;
        app.logger().warn('mail server unreachable; outbox waits', 'error', String(err));
        return result;
      }
      const created = Date.parse(String(row.created).replace(' ', 'T'));
      const giveUp = Date.now() - created >= GIVE_UP_MS;
      exec(
        app,
        `UPDATE mail_outbox SET status = {:status}, lastError = {:error}, nextAttemptAt = {:next}, claimToken = '',
                subject = CASE WHEN {:subject} = '' THEN subject ELSE {:subject} END
          WHERE id = {:id} AND claimToken = {:token}`,
        {
          status: giveUp ? 'given_up' : 'failed',
          error: String(err).slice(0, 1000),
          next: stamp(Date.now() + backoffMs(row.attempts)),
          subject: rendered ? rendered.subject.slice(0, 255) : '',
          id: row.id,
          token,
        },
      );
      result.failed += 1;
      app.logger().error('mail failed', 'outbox', row.id, 'attempt', row.attempts, 'error', String(err));
    }
  }
  return result;
}

/**
 * The cron job: passes back to back while there is mail to send, then polls once a second
 * until the tick window ends, so a mail queued by a request goes out about a second later.
 * With the default one-minute tick one invocation works for ~55 s; with a shorter tick
 * (tests) it returns as soon as the queue is empty. Invocations may overlap: claims are atomic.
 */
function work(app, tickMs) {
  const started = Date.now();
  const windowMs = Math.max(0, tickMs - 2000);
  for (;;) {
    let result;
    try {
      result = pass(app);
    } catch (err) {
      app.logger().error('outbox pass failed', 'error', String(err));
      result = { claimed: 0, transportDown: true };
    }
    // A forgotten address would live on in the page images of the write-ahead log and of the
    // database file until the next checkpoint: checkpoint now (rare: a deleted account's mail).
    if (result.forgot) require(`${__hooks}/lib/database.js`).checkpoint(app);
    const busy = result.claimed > 0 && !result.transportDown;
    const elapsed = Date.now() - started;
    if (busy && elapsed < Math.max(windowMs, 30000)) continue;
    if (elapsed >= windowMs) return;
    sleep(1000);
  }
}

/**
 * A copy of a campaign mail, queued again (the mail log's resend button). A mail about a workshop goes to the workshop's
 * current address (it may have changed since); `previousRecipient` says where the original went.
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
  enqueueMany,
  enqueue,
  enqueueForWorkshop,
  logImmediate,
  sendLogged,
  pass,
  work,
  render,
  resend,
  releaseAllClaims,
  backoffMs,
  TEMPLATES,
  BACKOFF_MINUTES,
};
