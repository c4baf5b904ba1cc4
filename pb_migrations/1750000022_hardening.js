/// <reference path="../pb_data/types.d.ts" />
// Issue 8: abuse limits and backups (docs/decisions/011-hardening.md).
// - Staff sign in with password plus a one-time code by e-mail (PocketBase's MFA).
// - The rate limiter is on; operators may exclude trusted addresses with
//   PORTAL_RATE_LIMIT_EXCLUDED_IPS (pb_hooks/lib/settings.js).
// - Daily backups at 03:30 with 14 kept.
// - `login_failures` holds the per-account lockout counters (pb_hooks/lib/lockout.js);
//   no API rule, so only the server reads and writes it.

const OTP_BODY = `<p>Guten Tag,</p>
<p>Ihr Bestätigungscode für die Anmeldung beim {APP_NAME} lautet:</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px">{OTP}</p>
<p>Der Code ist 5 Minuten gültig und kann nur einmal verwendet werden.</p>
<p>Wenn Sie sich nicht anmelden wollten, ändern Sie bitte umgehend Ihr Passwort.</p>
<p>Mit freundlichen Grüßen<br/>Ihr {APP_NAME}-Team</p>`;

const RATE_LIMITS = [
  // Per collection and client address; the login chain asks up to three collections.
  { label: '*:auth', maxRequests: 10, duration: 60, audience: '' },
  { label: '*:requestOTP', maxRequests: 5, duration: 60, audience: '' },
  { label: '*:requestPasswordReset', maxRequests: 3, duration: 60, audience: '' },
  { label: '*:requestVerification', maxRequests: 3, duration: 60, audience: '' },
  { label: '*:requestEmailChange', maxRequests: 3, duration: 60, audience: '' },
  { label: '*:confirmPasswordReset', maxRequests: 5, duration: 60, audience: '' },
  // New accounts from one address, and record creation in general (uploads, links, submissions).
  { label: 'users:create', maxRequests: 20, duration: 3600, audience: '@guest' },
  { label: '*:create', maxRequests: 60, duration: 60, audience: '' },
  // Everything else under /api/.
  { label: '/api/', maxRequests: 600, duration: 60, audience: '' },
];

migrate(
  (app) => {
    for (const name of ['administrators', 'auditors']) {
      const staff = app.findCollectionByNameOrId(name);
      staff.mfa.enabled = true;
      staff.mfa.duration = 600;
      staff.mfa.rule = '';
      staff.otp.enabled = true;
      staff.otp.duration = 300;
      staff.otp.length = 6;
      staff.otp.emailTemplate.subject = 'Ihr Anmeldecode für das {APP_NAME}';
      staff.otp.emailTemplate.body = OTP_BODY;
      staff.authToken.duration = 8 * 60 * 60;
      app.save(staff);
    }

    const failures = new Collection({
      type: 'base',
      name: 'login_failures',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'key', type: 'text', required: true, max: 400 },
        { name: 'count', type: 'number', onlyInt: true, min: 0 },
        { name: 'windowStart', type: 'number', onlyInt: true },
        { name: 'lockedUntil', type: 'number', onlyInt: true },
      ],
      indexes: ['CREATE UNIQUE INDEX idx_login_failures_key ON login_failures (key)'],
    });
    app.save(failures);

    const settings = app.settings();
    settings.rateLimits.enabled = true;
    settings.rateLimits.rules = RATE_LIMITS;
    settings.backups.cron = '30 3 * * *';
    settings.backups.cronMaxKeep = 14;
    app.save(settings);
  },
  (app) => {
    for (const name of ['administrators', 'auditors']) {
      const staff = app.findCollectionByNameOrId(name);
      staff.mfa.enabled = false;
      staff.otp.enabled = false;
      app.save(staff);
    }
    app.delete(app.findCollectionByNameOrId('login_failures'));
    const settings = app.settings();
    settings.rateLimits.enabled = false;
    settings.rateLimits.rules = [];
    settings.backups.cron = '';
    app.save(settings);
  },
);
