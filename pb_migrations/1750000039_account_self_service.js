/// <reference path="../pb_data/types.d.ts" />
// Issue 35: a workshop changes its e-mail address while signed in. PocketBase's own flow
// mails a link to the new address; the link opens the portal's confirm page, which asks for
// the password (PocketBase requires it). The old address is told through the outbox
// (pb_hooks/account.pb.js).
const BODY = `<p>Guten Tag {RECORD:firstName} {RECORD:lastName},</p>
<p>Sie möchten die E-Mail-Adresse Ihres Kontos bei der NORA Cashback-Aktion ändern. Bitte bestätigen Sie die neue Adresse über den folgenden Link:</p>
<p><a href="{APP_URL}/confirm-email-change/{TOKEN}" target="_blank" rel="noopener">Neue E-Mail-Adresse bestätigen</a></p>
<p>Bis zur Bestätigung bleibt Ihre bisherige Adresse gültig. Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.</p>
<p>Mit freundlichen Grüßen<br/>Ihr Team der NORA Cashback-Aktion</p>`;

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.confirmEmailChangeTemplate.subject = 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse';
    users.confirmEmailChangeTemplate.body = BODY;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.confirmEmailChangeTemplate.subject = 'Confirm your {APP_NAME} new email address';
    users.confirmEmailChangeTemplate.body =
      '<p>Hello,</p>\n<p>Click on the button below to confirm your new email address.</p>\n<p>\n  <a class="btn" href="{APP_URL}/_/#/auth/confirm-email-change/{TOKEN}" target="_blank" rel="noopener">Confirm new email</a>\n</p>\n<p><i>If you didn\'t ask to change your email address, you can ignore this email.</i></p>\n<p>\n  Thanks,<br/>\n  {APP_NAME} team\n</p>';
    app.save(users);
  },
);
