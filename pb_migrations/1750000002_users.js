/// <reference path="../pb_data/types.d.ts" />
// Turns PocketBase's default `users` collection into the workshop account.
// Limits follow SPEC section 9; the create hook adds what a schema cannot say.
const OWN = "id = @request.auth.id && @request.auth.collectionName = 'users'";

const VERIFY_BODY = `<p>Guten Tag,</p>
<p>vielen Dank für Ihre Registrierung beim {APP_NAME}. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link:</p>
<p><a href="{APP_URL}/verify/{TOKEN}" target="_blank" rel="noopener">E-Mail-Adresse bestätigen</a></p>
<p>Falls Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.</p>
<p>Mit freundlichen Grüßen<br/>Ihr {APP_NAME}-Team</p>`;

const RESET_BODY = `<p>Guten Tag,</p>
<p>Sie haben angefordert, Ihr Passwort zurückzusetzen. Über den folgenden Link können Sie ein neues Passwort festlegen:</p>
<p><a href="{APP_URL}/reset-password/{TOKEN}" target="_blank" rel="noopener">Neues Passwort festlegen</a></p>
<p>Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.</p>
<p>Mit freundlichen Grüßen<br/>Ihr {APP_NAME}-Team</p>`;

const ALERT_BODY = `<p>Guten Tag,</p>
<p>Ihr Konto beim {APP_NAME} wurde soeben von einem neuen Gerät aus angemeldet ({ALERT_INFO}).</p>
<p>Wenn Sie das waren, ist nichts weiter zu tun. Andernfalls ändern Sie bitte umgehend Ihr Passwort.</p>
<p>Mit freundlichen Grüßen<br/>Ihr {APP_NAME}-Team</p>`;

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.removeByName('name');
    users.fields.removeByName('avatar');

    const password = users.fields.getByName('password');
    password.min = 8;
    password.max = 71;

    users.fields.add(new TextField({ name: 'firstName', required: true, min: 2, max: 70 }));
    users.fields.add(new TextField({ name: 'lastName', required: true, min: 2, max: 70 }));
    users.fields.add(new TextField({ name: 'screenName', max: 70 }));
    users.fields.add(new TextField({ name: 'phone', max: 20, pattern: '^[0-9+ ()\\-]*$' }));
    users.fields.add(new TextField({ name: 'shopName', required: true, min: 2, max: 200 }));
    users.fields.add(new TextField({ name: 'address', required: true, min: 2, max: 200 }));
    users.fields.add(new TextField({ name: 'streetNumber', required: true, min: 1, max: 10 }));
    users.fields.add(new TextField({ name: 'zipCode', required: true, pattern: '^[0-9]{5}$' }));
    users.fields.add(new TextField({ name: 'city', required: true, min: 2, max: 70 }));
    // A required bool must be true: registration without accepted terms is refused.
    users.fields.add(new BoolField({ name: 'termsAccepted', required: true }));

    users.listRule = OWN;
    users.viewRule = OWN;
    // Registration is for visitors; a signed-in account does not create others.
    users.createRule = "@request.auth.id = ''";
    // email changes only through PocketBase's own confirm flow; connections are kept by the server.
    users.updateRule = `${OWN} && @request.body.email:isset = false && @request.body.noraLZConnections:isset = false && @request.body.termsAccepted:isset = false`;
    users.deleteRule = null;
    users.manageRule = null;

    users.passwordAuth.enabled = true;
    users.passwordAuth.identityFields = ['email'];
    users.oauth2.enabled = false;
    users.authToken.duration = 24 * 60 * 60;
    users.verificationTemplate.subject = 'Bitte bestätigen Sie Ihre E-Mail-Adresse';
    users.verificationTemplate.body = VERIFY_BODY;
    users.resetPasswordTemplate.subject = 'Passwort zurücksetzen';
    users.resetPasswordTemplate.body = RESET_BODY;
    users.authAlert.emailTemplate.subject = 'Neue Anmeldung bei Ihrem Konto';
    users.authAlert.emailTemplate.body = ALERT_BODY;

    users.addIndex('idx_users_zipCode', false, 'zipCode', '');
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    for (const name of [
      'firstName',
      'lastName',
      'screenName',
      'phone',
      'shopName',
      'address',
      'streetNumber',
      'zipCode',
      'city',
      'termsAccepted',
    ]) {
      users.fields.removeByName(name);
    }
    users.removeIndex('idx_users_zipCode');
    const password = users.fields.getByName('password');
    password.min = 8;
    password.max = 0;
    users.fields.add(new TextField({ name: 'name', max: 255 }));
    users.fields.add(
      new FileField({
        name: 'avatar',
        maxSelect: 1,
        mimeTypes: ['image/jpeg', 'image/png', 'image/svg+xml', 'image/gif', 'image/webp'],
      }),
    );
    users.listRule = 'id = @request.auth.id';
    users.viewRule = 'id = @request.auth.id';
    users.createRule = '';
    users.updateRule = 'id = @request.auth.id';
    users.deleteRule = 'id = @request.auth.id';
    users.oauth2.enabled = true;
    users.authToken.duration = 604800;
    app.save(users);
  },
);
