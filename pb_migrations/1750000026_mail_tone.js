/// <reference path="../pb_data/types.d.ts" />
// Issue 15: one German tone in every mail, PocketBase's own auth mails included ('Guten Tag
// …', 'Mit freundlichen Grüßen, Ihr Team der NORA Cashback-Aktion'), and a link to the portal
// in each. The campaign mails' templates are files in pb_hooks/templates/mail/.
const CLOSING = '<p>Mit freundlichen Grüßen<br/>Ihr Team der NORA Cashback-Aktion</p>';
const GREETING = '<p>Guten Tag {RECORD:firstName} {RECORD:lastName},</p>';

const VERIFY_BODY = `${GREETING}
<p>vielen Dank für Ihre Registrierung bei der NORA Cashback-Aktion. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link:</p>
<p><a href="{APP_URL}/verify/{TOKEN}" target="_blank" rel="noopener">E-Mail-Adresse bestätigen</a></p>
<p>Falls Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.</p>
${CLOSING}`;

const RESET_BODY = `${GREETING}
<p>Sie haben angefordert, Ihr Passwort zurückzusetzen. Über den folgenden Link können Sie ein neues Passwort festlegen:</p>
<p><a href="{APP_URL}/reset-password/{TOKEN}" target="_blank" rel="noopener">Neues Passwort festlegen</a></p>
<p>Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.</p>
${CLOSING}`;

const ALERT_BODY = `${GREETING}
<p>Ihr Konto bei der NORA Cashback-Aktion wurde soeben von einem neuen Gerät aus angemeldet ({ALERT_INFO}).</p>
<p>Wenn Sie das waren, ist nichts weiter zu tun. Andernfalls ändern Sie bitte umgehend Ihr Passwort.</p>
<p><a href="{APP_URL}/login" target="_blank" rel="noopener">Zum Portal</a></p>
${CLOSING}`;

const OTP_BODY = `${GREETING}
<p>Ihr Bestätigungscode für die Anmeldung bei der NORA Cashback-Aktion lautet:</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">{OTP}</p>
<p>Der Code ist 5 Minuten gültig und kann nur einmal verwendet werden.</p>
<p>Wenn Sie sich nicht anmelden wollten, ändern Sie bitte umgehend Ihr Passwort.</p>
<p><a href="{APP_URL}/login" target="_blank" rel="noopener">Zum Portal</a></p>
${CLOSING}`;

// What the earlier migrations set, for the way down.
const OLD_CLOSING = '<p>Mit freundlichen Grüßen<br/>Ihr {APP_NAME}-Team</p>';
const OLD = {
  verify: `<p>Guten Tag,</p>
<p>vielen Dank für Ihre Registrierung beim {APP_NAME}. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link:</p>
<p><a href="{APP_URL}/verify/{TOKEN}" target="_blank" rel="noopener">E-Mail-Adresse bestätigen</a></p>
<p>Falls Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.</p>
${OLD_CLOSING}`,
  reset: `<p>Guten Tag,</p>
<p>Sie haben angefordert, Ihr Passwort zurückzusetzen. Über den folgenden Link können Sie ein neues Passwort festlegen:</p>
<p><a href="{APP_URL}/reset-password/{TOKEN}" target="_blank" rel="noopener">Neues Passwort festlegen</a></p>
<p>Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.</p>
${OLD_CLOSING}`,
  alert: `<p>Guten Tag,</p>
<p>Ihr Konto beim {APP_NAME} wurde soeben von einem neuen Gerät aus angemeldet ({ALERT_INFO}).</p>
<p>Wenn Sie das waren, ist nichts weiter zu tun. Andernfalls ändern Sie bitte umgehend Ihr Passwort.</p>
${OLD_CLOSING}`,
  otp: `<p>Guten Tag,</p>
<p>Ihr Bestätigungscode für die Anmeldung beim {APP_NAME} lautet:</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">{OTP}</p>
<p>Der Code ist 5 Minuten gültig und kann nur einmal verwendet werden.</p>
<p>Wenn Sie sich nicht anmelden wollten, ändern Sie bitte umgehend Ihr Passwort.</p>
<p>Mit freundlichen Grüßen<br/>Ihr {APP_NAME}-Team</p>`,
};

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.verificationTemplate.body = VERIFY_BODY;
    users.resetPasswordTemplate.body = RESET_BODY;
    users.authAlert.emailTemplate.body = ALERT_BODY;
    app.save(users);
    for (const name of ['administrators', 'auditors']) {
      const staff = app.findCollectionByNameOrId(name);
      staff.otp.emailTemplate.body = OTP_BODY;
      app.save(staff);
    }
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.verificationTemplate.body = OLD.verify;
    users.resetPasswordTemplate.body = OLD.reset;
    users.authAlert.emailTemplate.body = OLD.alert;
    app.save(users);
    for (const name of ['administrators', 'auditors']) {
      const staff = app.findCollectionByNameOrId(name);
      staff.otp.emailTemplate.body = OLD.otp;
      app.save(staff);
    }
  },
);
