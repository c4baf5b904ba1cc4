/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// The mail outbox's worker and log (pb_hooks/lib/outbox.js queues, lib/outbox-delivery.js sends; docs/decisions/013-mail-outbox.md).

// The scheduler ticks once a minute; PORTAL_CRON_INTERVAL_MS shortens the tick (tests).
onBootstrap((e) => {
  e.next();
  const tick = parseInt($os.getenv('PORTAL_CRON_INTERVAL_MS') || '', 10);
  // A Go time.Duration: nanoseconds.
  if (tick > 0) e.app.cron().setInterval(/** @type {any} */ (tick * 1000000));
  try {
    e.app.findCollectionByNameOrId('mail_outbox');
  } catch (_) {
    return; // CLI commands bootstrap before the migrations have run
  }
  // No sender of this process runs yet: whatever was being sent when it stopped goes again.
  require(`${__hooks}/lib/outbox-delivery.js`).releaseAllClaims(e.app);
});

cronAdd('mail-outbox', '* * * * *', () => {
  const tick = parseInt($os.getenv('PORTAL_CRON_INTERVAL_MS') || '', 10) || 60000;
  require(`${__hooks}/lib/outbox-delivery.js`).work($app, tick);
});

// PocketBase's own auth mails go out at once; their outcome is logged beside the campaign mails.
onMailerRecordVerificationSend((e) => require(`${__hooks}/lib/outbox-delivery.js`).sendLogged(e, 'auth-verification'));
onMailerRecordPasswordResetSend((e) => require(`${__hooks}/lib/outbox-delivery.js`).sendLogged(e, 'auth-password-reset'));
onMailerRecordOTPSend((e) => require(`${__hooks}/lib/outbox-delivery.js`).sendLogged(e, 'auth-login-code'));
onMailerRecordEmailChangeSend((e) => require(`${__hooks}/lib/outbox-delivery.js`).sendLogged(e, 'auth-email-change'));
onMailerRecordAuthAlertSend((e) => require(`${__hooks}/lib/outbox-delivery.js`).sendLogged(e, 'auth-alert'));

// The mail log's resend button: queues a copy of a campaign mail (administrators).
routerAdd(
  'POST',
  '/api/portal/outbox/{id}/resend',
  (e) => {
    const outbox = require(`${__hooks}/lib/outbox.js`);
    const staffLog = require(`${__hooks}/lib/staff-log.js`);
    const id = e.request.pathValue('id');
    const sent = require(`${__hooks}/lib/database.js`).writeTransaction(e.app, (tx) => {
      let original;
      try {
        original = tx.findRecordById('mail_outbox', id);
      } catch (_) {
        throw new NotFoundError(require(`${__hooks}/vendor/rules.js`).OUTBOX_MESSAGES.notFound);
      }
      if (original.getBool('immediate')) {
        throw new BadRequestError(require(`${__hooks}/vendor/rules.js`).OUTBOX_MESSAGES.authMail);
      }
      // (resend answers null for an immediate mail, refused above)
      const queued = outbox.resend(tx, id);
      if (!queued) throw new BadRequestError(require(`${__hooks}/vendor/rules.js`).OUTBOX_MESSAGES.authMail);
      const copy = queued.copy;
      staffLog.write(tx, {
        actor: e.auth,
        action: 'mail.resend',
        target: { collection: 'mail_outbox', id },
        reason: 'Erneut senden aus dem E-Mail-Protokoll',
        before: { recipient: queued.previousRecipient },
        after: { outbox: copy.id, recipient: copy.getString('recipient'), template: copy.getString('template') },
      });
      return queued;
    });
    // The answer says where the copy goes, and where the original went when that differs.
    return e.json(200, {
      id: sent.copy.id,
      recipient: sent.copy.getString('recipient'),
      previousRecipient: sent.previousRecipient,
      template: sent.copy.getString('template'),
    });
  },
  $apis.requireAuth('administrators'),
);
