/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

/**
 * @param {string} name
 * @param {string} fallback
 */
function env(name, fallback) {
  const value = $os.getenv(name);
  return value === '' ? fallback : value;
}

/**
 * Copies SMTP, sender and public URL settings from the environment into PocketBase.
 * @param {CoreApp} app
 */
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
  // X-Forwarded-For, set by the front alone; PocketBase listens on loopback only then. Behind
  // nginx or Caddy without the front (docs/operations-front.md, B) the proxy sets it:
  // PORTAL_TRUST_FORWARDED_FOR says so, and PocketBase keeps its own admission, which
  // PORTAL_BEHIND_FRONT turns off. Otherwise the header is a client's claim and is not trusted.
  const trustForwarded = env('PORTAL_BEHIND_FRONT', 'false') === 'true' || env('PORTAL_TRUST_FORWARDED_FOR', 'false') === 'true';
  settings.trustedProxy.headers = trustForwarded ? ['X-Forwarded-For'] : [];
  settings.trustedProxy.useLeftmostIP = false;
  // The general rate rule for '/api/' is the rulebook's, which the front applies too (decision 046).
  const perMinute = require(`${__hooks}/vendor/rules-light.js`).OVERLOAD.apiRequestsPerMinute;
  // (plain objects: the runtime makes them Go rate-limit rules)
  settings.rateLimits.rules = /** @type {any} */ (settings.rateLimits.rules).map((/** @type {core.RateLimitRule} */ r) => ({
    label: r.label,
    maxRequests: r.label === '/api/' && r.duration === 60 ? perMinute : r.maxRequests,
    duration: r.duration,
    audience: r.audience,
  }));
  applyFileStorage(settings);
  // The request log's and the nightly backups' periods are the rulebook's (RETENTION), which the
  // Datenschutz page names: set at every start, so the text and the server cannot drift apart.
  const retention = require(`${__hooks}/vendor/rules.js`).RETENTION;
  settings.logs.maxDays = retention.requestLogDays;
  settings.backups.cronMaxKeep = retention.backupDays;
  app.save(settings);
}

/**
 * With an S3 replica (PORTAL_REPLICA_URL=s3://bucket/prefix, decision 037) PocketBase keeps the
 * invoices and generated CSVs in the same bucket (keys `<collection id>/<record id>/<file>` beside
 * the replica's prefix): an upload is answered only once it is in the bucket, so a lost disk loses
 * no file. Credentials and endpoint are the replication's (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_REGION, PORTAL_REPLICA_S3_ENDPOINT). Without an S3 replica the
 * storage setting is left as it is.
 * @param {core.Settings} settings
 */
function applyFileStorage(settings) {
  const bucket = /^s3:\/\/([^/]+)/.exec(env('PORTAL_REPLICA_URL', '').trim());
  if (!bucket) return;
  const region = env('AWS_REGION', 'us-east-1');
  const endpoint = env('PORTAL_REPLICA_S3_ENDPOINT', '');
  settings.s3.enabled = true;
  settings.s3.bucket = bucket[1];
  settings.s3.region = region;
  settings.s3.endpoint = endpoint || `https://s3.${region}.amazonaws.com`;
  settings.s3.accessKey = env('AWS_ACCESS_KEY_ID', '');
  settings.s3.secret = env('AWS_SECRET_ACCESS_KEY', '');
  // S3-compatible services (MinIO, Ceph) address a bucket by path, as Litestream does with an endpoint.
  settings.s3.forcePathStyle = endpoint !== '';
}

/**
 * The superusers' second factor (issue 59): with the dashboard on the public address
 * (PORTAL_ADMIN_DASHBOARD=public) a superuser signs in with the password and a mailed one-time
 * code, as administrators do; reachable from the server itself only (the default), the password.
 * @param {CoreApp} app
 */
function applySuperuserFactor(app) {
  const superusers = app.findCollectionByNameOrId('_superusers');
  const needed = env('PORTAL_ADMIN_DASHBOARD', 'loopback') === 'public';
  if (superusers.mfa.enabled === needed && superusers.otp.enabled === needed) return;
  superusers.mfa.enabled = needed;
  superusers.mfa.duration = 600;
  superusers.mfa.rule = '';
  superusers.otp.enabled = needed;
  superusers.otp.duration = 300;
  superusers.otp.length = 6;
  app.save(superusers);
}

module.exports = { applyEnvSettings, applySuperuserFactor };
