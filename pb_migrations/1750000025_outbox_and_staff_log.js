/// <reference path="../pb_data/types.d.ts" />
// The mail outbox (issue 15, docs/decisions/013-mail-outbox.md), the append-only staff log
// (gate confirmations now, the back office later) and the portal's own settings.
// - mail_outbox: every campaign mail is a row written in the same transaction as its
//   cause; the cron worker sends it. Administrators read it; nobody writes it through the API.
// - staff_log: who did what, when, to which record, why, with before and after. Readable by
//   administrators; no create, update or delete through the API for anyone.
// - portal_settings: one record with settings an operator may change at run time
//   (mails per minute); superuser only.
const ADMIN = "@request.auth.collectionName = 'administrators'";

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const outbox = new Collection({
      type: 'base',
      name: 'mail_outbox',
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'recipient', type: 'text', required: true, max: 255 },
        { name: 'user', type: 'relation', collectionId: users.id, maxSelect: 1, cascadeDelete: false },
        { name: 'template', type: 'text', required: true, max: 50 },
        { name: 'subject', type: 'text', max: 255 },
        { name: 'data', type: 'json', maxSize: 100000 },
        { name: 'concernsCollection', type: 'text', max: 50 },
        { name: 'concernsId', type: 'text', max: 50 },
        { name: 'status', type: 'select', required: true, maxSelect: 1, values: ['queued', 'sending', 'sent', 'failed', 'given_up'] },
        // PocketBase's own auth mails are sent at once and only logged here.
        { name: 'immediate', type: 'bool' },
        { name: 'attempts', type: 'number', onlyInt: true, min: 0 },
        { name: 'lastError', type: 'text', max: 1000 },
        { name: 'nextAttemptAt', type: 'date' },
        { name: 'claimedAt', type: 'date' },
        { name: 'claimToken', type: 'text', max: 50 },
        { name: 'sentAt', type: 'date' },
        { name: 'resendOf', type: 'text', max: 15 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE INDEX `idx_mail_outbox_due` ON `mail_outbox` (`status`, `nextAttemptAt`)',
        'CREATE INDEX `idx_mail_outbox_claim` ON `mail_outbox` (`claimToken`)',
        'CREATE INDEX `idx_mail_outbox_sentAt` ON `mail_outbox` (`sentAt`)',
        'CREATE INDEX `idx_mail_outbox_recipient` ON `mail_outbox` (`recipient`)',
        'CREATE INDEX `idx_mail_outbox_user` ON `mail_outbox` (`user`)',
        'CREATE INDEX `idx_mail_outbox_created` ON `mail_outbox` (`created`)',
      ],
    });
    app.save(outbox);

    const log = new Collection({
      type: 'base',
      name: 'staff_log',
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'actorCollection', type: 'text', max: 50 },
        { name: 'actorId', type: 'text', max: 15 },
        { name: 'actorEmail', type: 'text', max: 255 },
        { name: 'action', type: 'text', required: true, max: 50 },
        { name: 'targetCollection', type: 'text', max: 50 },
        { name: 'targetId', type: 'text', max: 15 },
        { name: 'reason', type: 'text', max: 1000 },
        { name: 'before', type: 'json', maxSize: 100000 },
        { name: 'after', type: 'json', maxSize: 100000 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
      ],
      indexes: [
        'CREATE INDEX `idx_staff_log_created` ON `staff_log` (`created`)',
        'CREATE INDEX `idx_staff_log_target` ON `staff_log` (`targetCollection`, `targetId`)',
        'CREATE INDEX `idx_staff_log_action` ON `staff_log` (`action`)',
      ],
    });
    app.save(log);

    const settings = new Collection({
      type: 'base',
      name: 'portal_settings',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'key', type: 'text', required: true, max: 20 },
        { name: 'mailsPerMinute', type: 'number', onlyInt: true, min: 1, max: 100000 },
      ],
      indexes: ['CREATE UNIQUE INDEX `idx_portal_settings_key` ON `portal_settings` (`key`)'],
    });
    app.save(settings);
    const defaults = new Record(settings);
    defaults.set('key', 'default');
    defaults.set('mailsPerMinute', 120);
    app.save(defaults);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('portal_settings'));
    app.delete(app.findCollectionByNameOrId('staff_log'));
    app.delete(app.findCollectionByNameOrId('mail_outbox'));
  },
);
