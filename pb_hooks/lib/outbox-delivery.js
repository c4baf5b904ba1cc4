/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The mail outbox's delivery (issue 15, docs/decisions/013-mail-outbox.md): what leaves the
// process. The cron worker (`work`) claims due rows of mail_outbox atomically, renders them from
// the template files and sends them; failures are retried with backoff and given up after 24
// hours. PocketBase's own auth mails get a plain-text part and are logged (`sendLogged`). What
// goes into the outbox is lib/outbox.js.

const { stamp, LINK_PATHS, logImmediate } = require(`${__hooks}/lib/outbox.js`);

const MINUTE = 60 * 1000;
// Backoff after the 1st, 2nd, 3rd, 4th failed attempt; hourly after that.
const BACKOFF_MINUTES = [1, 5, 15, 60];
const GIVE_UP_MS = 24 * 60 * MINUTE;
// A claim older than this belongs to a sender that died; the row is sent again.
const LEASE_MS = 5 * MINUTE;
const CLAIM_BATCH = 50;
// Mails about an account that no longer exists (issue 37): once sent, the row keeps its template,
// subject and times, not the address or the greeting's name.
const FORGET_WHEN_SENT = ['account-deleted'];

/** @param {number} attempts */
function backoffMs(attempts) {
  const minutes = BACKOFF_MINUTES[Math.min(attempts, BACKOFF_MINUTES.length + 1) - 1] || 60;
  return minutes * MINUTE;
}

/**
 * Runs one of PocketBase's mailer events (it sends the auth mail) and logs the outcome.
 * @param {core.MailerRecordEvent} e
 * @param {string} template
 */
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

/** @param {CoreApp} app */
function perMinute(app) {
  try {
    return app.findFirstRecordByFilter('portal_settings', "key = 'default'").getInt('mailsPerMinute') || 120;
  } catch (_) {
    return 120;
  }
}

/** @param {CoreApp} app */
function portalUrl(app) {
  return String(app.settings().meta.appURL || '').replace(/\/+$/, '');
}

/**
 * Go's html/template escapes values in text; the plain-text part wants them back.
 * @param {string} text
 */
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

/**
 * Renders a queued row: { subject, html, text } from pb_hooks/templates/mail/<template>/.
 * @param {CoreApp} app
 * @param {string} template
 * @param {Record<string, any>} data
 */
function render(app, template, data) {
  const dir = `${__hooks}/templates/mail`;
  const view = Object.assign({}, data, { portalUrl: portalUrl(app) });
  view.link = view.portalUrl + LINK_PATHS[template];
  // A resubmission opens the form with its code filled in (issue 58).
  if (template === 'audit-rejected' && data.code) view.link += `?code=${encodeURIComponent(data.code)}`;
  view.linkText = /** @type {Record<string, string>} */ (require(`${__hooks}/vendor/rules.js`).MAIL_LINK_TEXTS)[template];
  const subject = unescapeEntities($template.loadFiles(`${dir}/${template}/subject.txt`).render(view)).trim();
  view.subject = subject;
  const html = $template.loadFiles(`${dir}/layout.html`, `${dir}/${template}/body.html`).render(view);
  const text = unescapeEntities($template.loadFiles(`${dir}/layout.txt`, `${dir}/${template}/body.txt`).render(view));
  return { subject, html, text };
}

/**
 * Whether a send error means the mail server was not reached (no fault of this mail).
 * @param {unknown} err
 */
function isTransportError(err) {
  return /dial tcp|connection refused|connection reset|no such host|i\/o timeout|broken pipe|EOF/i.test(String(err));
}

/**
 * @param {CoreApp} app
 * @param {string} sql
 * @param {Record<string, any>} [params]
 */
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
 * @param {CoreApp} app
 * @param {number} now in ms
 */
function housekeeping(app, now) {
  exec(app, `UPDATE mail_outbox SET status = 'queued', claimToken = '' WHERE status = 'sending' AND claimedAt < {:stale}`, {
    stale: stamp(now - LEASE_MS),
  });
  exec(
    app,
    `UPDATE mail_outbox SET status = 'given_up', lastError = CASE WHEN lastError = '' THEN {:why} ELSE lastError END
      WHERE status IN ('queued', 'failed') AND immediate = FALSE AND created < {:old}`,
    { old: stamp(now - GIVE_UP_MS), why: require(`${__hooks}/vendor/rules.js`).OUTBOX_MESSAGES.givenUp },
  );
}

/**
 * After a restart no sender of this process is running: every claim is stale.
 * @param {CoreApp} app
 */
function releaseAllClaims(app) {
  exec(app, `UPDATE mail_outbox SET status = 'queued', claimToken = '' WHERE status = 'sending'`);
}

/**
 * One delivery pass: claims up to the minute's remaining budget of due rows in one
 * statement (two senders never take the same row), sends them, and records each outcome.
 * Returns { claimed, sent, failed, transportDown }.
 * @param {CoreApp} app
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
          { token, error: require(`${__hooks}/vendor/rules.js`).OUTBOX_MESSAGES.unreachable(String(err)).slice(0, 1000) },
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
 * @param {CoreApp} app
 * @param {number} tickMs the scheduler's tick
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

module.exports = { sendLogged, pass, work, render, releaseAllClaims, backoffMs, BACKOFF_MINUTES };
