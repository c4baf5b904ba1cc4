/// <reference path="../../pb_data/types.d.ts" />

function env(name, fallback) {
  const value = $os.getenv(name);
  return value === '' ? fallback : value;
}

/** Copies SMTP, sender and public URL settings from the environment into PocketBase. */
function applyEnvSettings(app) {
  const settings = app.settings();
  settings.meta.appURL = env('PORTAL_URL', settings.meta.appURL || 'http://127.0.0.1:8090');
  settings.meta.senderName = env('MAIL_FROM_NAME', 'NORA Cashback-Portal');
  settings.meta.senderAddress = env('MAIL_FROM', 'no-reply@nora-aktion.de');

  const host = env('SMTP_HOST', '');
  settings.smtp.enabled = host !== '';
  settings.smtp.host = host;
  settings.smtp.port = parseInt(env('SMTP_PORT', '587'), 10);
  settings.smtp.username = env('SMTP_USER', '');
  settings.smtp.password = env('SMTP_PASSWORD', '');
  settings.smtp.tls = env('SMTP_TLS', 'false') === 'true';
  settings.smtp.authMethod = 'PLAIN';
  settings.smtp.localName = '';

  // Addresses the rate limiter leaves alone (a monitoring host, an office
  // gateway); comma-separated. The limiter itself is configured by migration.
  settings.rateLimits.excludedIPs = env('PORTAL_RATE_LIMIT_EXCLUDED_IPS', '')
    .split(',')
    .map((ip) => ip.trim())
    .filter((ip) => ip !== '');
  // Behind the front (`npm start`, decision 030) the visitor's address arrives in
  // X-Forwarded-For, set by the front alone; PocketBase listens on loopback only then. Without the
  // front the header is a client's claim and is not trusted.
  const behindFront = env('PORTAL_BEHIND_FRONT', 'false') === 'true';
  settings.trustedProxy.headers = behindFront ? ['X-Forwarded-For'] : [];
  settings.trustedProxy.useLeftmostIP = false;
  app.save(settings);
}

module.exports = { applyEnvSettings };
