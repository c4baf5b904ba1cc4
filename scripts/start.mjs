#!/usr/bin/env node
// @ts-check
// `npm start`: build the SPA if needed, start the mail catcher (when no SMTP
// server is configured), start and supervise PocketBase, load the demo data.
// `npm run dev` (--dev): the same backend plus Vite's dev server with HMR.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { DEMO_LOGINS, seedDemo } from './demo/seed.mjs';
import { buildIfStale } from './lib/build.mjs';
import { startMailCatcher } from './lib/mail-catcher.mjs';
import { DEMO_OPERATOR, missingOperatorEnv } from './lib/operator.mjs';
import { ensureBinary, ROOT, spawnServe, upsertSuperuser, waitForHealth } from './lib/pocketbase.mjs';
import { supervise } from './lib/supervisor.mjs';
import { addressList, frontLimitsFromEnv, startFront } from './lib/front.mjs';
import { freePort } from './lib/ports.mjs';
import { clearRenderedPages, startPageRenderer } from './lib/page-renderer.mjs';
import { REPLICA_BOUND_MS, startReplication } from './lib/replica.mjs';
import { readerSecret } from './reader/secret.mjs';
import { spawnReader } from './reader/spawn.mjs';

const dev = process.argv.includes('--dev');
if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'));

const env = process.env;
const http = env.PORTAL_HTTP || '127.0.0.1:8090';
// The front (decision 030) listens on PORTAL_HTTP and PocketBase on a loopback port of its own.
const useFront = (env.PORTAL_FRONT ?? 'true') !== 'false';
// The invoice reader beside PocketBase (issue 61); PORTAL_READER=false leaves invoices unread.
const useReader = (env.PORTAL_READER ?? 'true') !== 'false';
let pbHttp = http;
const dataDir = path.resolve(ROOT, env.PORTAL_DATA_DIR || 'pb_data');
const demo = (env.PORTAL_DEMO ?? 'true') !== 'false';
const apiUrl = `http://${http}`;
const vitePort = Number(env.VITE_PORT || 5173);
const publicUrl = env.PORTAL_URL || (dev ? `http://127.0.0.1:${vitePort}` : apiUrl);

const log = (/** @type {string} */ msg) => console.log(`[portal] ${msg}`);
// How PocketBase and Litestream are restarted when they die (decision 028).
const RESTART = { baseMs: Number(env.PORTAL_RESTART_PAUSE_MS) || 1000, capMs: Number(env.PORTAL_RESTART_MAX_PAUSE_MS) || 30_000 };

// ---------------------------------------------------------------- superuser
/**
 * A random superuser per data dir, kept beside the data (never in the repo), or the one the
 * environment names. `where` says where its password is, for the start output: the password
 * itself is never printed (issue 59: it landed in every log that keeps the output).
 */
function superuserCredentials() {
  if (env.PB_SUPERUSER_EMAIL && env.PB_SUPERUSER_PASSWORD) {
    return { email: env.PB_SUPERUSER_EMAIL, password: env.PB_SUPERUSER_PASSWORD, where: 'password from PB_SUPERUSER_PASSWORD' };
  }
  const file = path.join(dataDir, '.portal-superuser.json');
  const where = `password in ${file}, readable by its owner only`;
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return { ...JSON.parse(readFileSync(file, 'utf8')), where };
  }
  const creds = { email: 'superuser@portal.local', password: randomBytes(18).toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(creds, null, 2), { mode: 0o600 });
  return { ...creds, where };
}

// ---------------------------------------------------------------- main
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */
/** @type {Set<ChildProcess>} */
const children = new Set();
let stopping = false;
/** @type {Awaited<ReturnType<typeof startMailCatcher>> | null} */
let mailCatcher = null;
/** @type {Awaited<ReturnType<typeof startFront>> | null} */
let front = null;
let stopReplicaHelpers = () => {};
/** @type {ReturnType<typeof startPageRenderer> | null} */
let pageRenderer = null;

const exitOf = (/** @type {ChildProcess} */ child) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping...');
  pageRenderer?.stop();
  const running = [...children];
  for (const child of running) child.kill('SIGTERM');
  const graceful = await Promise.race([
    Promise.all(running.map(exitOf)).then(() => true),
    new Promise((r) => setTimeout(() => r(false), 5000)),
  ]);
  if (!graceful) {
    log('a child did not stop within 5 s; killing it.');
    for (const child of running) child.kill('SIGKILL');
    await Promise.all(running.map(exitOf));
  }
  stopReplicaHelpers();
  await front?.close().catch(() => {});
  await mailCatcher?.close();
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

/** @param {ChildProcess} child */
function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Runs PocketBase and restarts it whenever it dies, for as long as the launcher runs: the pause
 * doubles with each crash in a row from PORTAL_RESTART_PAUSE_MS (1 s) up to
 * PORTAL_RESTART_MAX_PAUSE_MS (30 s), and each crash is logged with PocketBase's last output
 * (decision 028).
 * @param {string} bin
 * @param {Record<string, string | undefined>} pbEnv
 * @param {() => void} onFirstHealthy
 */
function supervisePocketBase(bin, pbEnv, onFirstHealthy) {
  const { first } = supervise({
    spawnChild: () => track(spawnServe(bin, { dataDir, http: pbHttp, env: pbEnv, dev })),
    isStopping: () => stopping,
    log,
    ...RESTART,
  });
  waitForHealth(apiUrl, { child: first ?? undefined, timeoutMs: 60_000 }).then(onFirstHealthy, (err) => {
    log(err.message);
    shutdown(1);
  });
}

/**
 * Litestream beside PocketBase when PORTAL_REPLICA_URL names a replica (decision 037), restarted
 * like PocketBase when it dies; otherwise one warning.
 */
async function startReplicationIfConfigured() {
  if (!env.PORTAL_REPLICA_URL) {
    log('WARNING: no replica configured (PORTAL_REPLICA_URL): a lost disk loses every write since the last backup (docs/operations.md).');
    return;
  }
  // The same assembly the replica drill tests (tests/api/replica-drill.test.ts), Litestream supervised.
  const replication = await startReplication({
    dataDir,
    replicaUrl: env.PORTAL_REPLICA_URL,
    env,
    log,
    // Litestream's own lines stay out of npm start's output, as before.
    litestreamLog: () => {},
    keepAlive: (spawnOnce) =>
      supervise({
        spawnChild: () => track(spawnOnce()),
        isStopping: () => stopping,
        log,
        name: 'Litestream',
        ...RESTART,
      }),
  });
  stopReplicaHelpers = replication.stopHelpers;
  if (replication.kind === 's3') log('invoices and CSV files are stored in the replica bucket (PocketBase S3 file storage)');
  log(
    `replicating ${dataDir} to ${env.PORTAL_REPLICA_URL.replace(/\/\/[^/@]*@/, '//***@')} (Litestream; a write is in the replica within ${REPLICA_BOUND_MS} ms)`,
  );
}

async function main() {
  const bin = ensureBinary(env);
  if (!dev) buildIfStale(log);

  /** @type {Record<string, string | undefined>} */
  const pbEnv = { ...env, PORTAL_URL: publicUrl };
  // The demo runs on real time with a campaign running today beside the closed 2025 one (issue 60,
  // scripts/demo/current-campaign.mjs). PORTAL_NOW pins the campaign clock when set (the tests
  // pin it inside 2025's redeem window).
  // The Impressum's operator data: demo values in demo mode; a live portal must bring its own.
  if (demo) {
    for (const [name, value] of Object.entries(DEMO_OPERATOR)) if (!String(pbEnv[name] ?? '').trim()) pbEnv[name] = value;
  } else {
    const missing = missingOperatorEnv(pbEnv);
    if (missing.length > 0) {
      log(`WARNING: the Impressum shows placeholders; set ${missing.join(', ')} (see .env.example).`);
    }
  }
  let inboxUrl = null;
  if (!env.SMTP_HOST) {
    const smtpPort = Number(env.MAILDEV_SMTP_PORT || 1025);
    const webPort = Number(env.MAILDEV_WEB_PORT || 1080);
    mailCatcher = await startMailCatcher({ smtpPort, webPort });
    inboxUrl = mailCatcher.webUrl;
    Object.assign(pbEnv, { SMTP_HOST: mailCatcher.smtpHost, SMTP_PORT: String(smtpPort), SMTP_TLS: 'false' });
  }

  const superuser = superuserCredentials();
  upsertSuperuser(bin, { dataDir, ...superuser, env: pbEnv });
  await startReplicationIfConfigured();

  if (useFront) {
    pbHttp = env.PORTAL_PB_HTTP || `127.0.0.1:${await freePort()}`;
    pbEnv.PORTAL_BEHIND_FRONT = 'true';
    const [host, port] = [http.slice(0, http.lastIndexOf(':')), Number(http.slice(http.lastIndexOf(':') + 1))];
    const trustedProxies = addressList(env.PORTAL_TRUSTED_PROXIES);
    front = await startFront({ host, port, upstream: `http://${pbHttp}`, trustedProxies, limits: frontLimitsFromEnv(env), log });
    log(`front on ${http}, PocketBase on ${pbHttp} (admission: ${front.limits.maxInFlight} in flight, decision 030)`);
  }

  clearRenderedPages(dataDir); // the pages of an earlier build until this one's are rendered
  if (useReader) readerSecret(dataDir, env); // before PocketBase starts: both read it from the data directory
  supervisePocketBase(bin, pbEnv, async () => {
    if (demo) {
      // The demo loader talks to PocketBase itself: it is the operator's tool, not a visitor.
      const created = await seedDemo({ url: `http://${pbHttp}`, superuser, current: true });
      log(created.workshop || created.centres ? `demo data loaded (${created.centres} service centres).` : 'demo data already present.');
    }
    // Every invoice read on arrival (decision 063), the reader restarted like PocketBase when it dies.
    if (useReader) {
      supervise({
        spawnChild: () => track(spawnReader({ api: `http://${pbHttp}`, dataDir, env })),
        isStopping: () => stopping,
        log,
        name: 'Reader',
        ...RESTART,
      });
    }
    // The public pages with the campaign in force, rendered again whenever it changes (decision 061).
    if (!dev) {
      pageRenderer = startPageRenderer({
        apiUrl: `http://${pbHttp}`,
        dataDir,
        publicDir: path.join(ROOT, 'dist'),
        intervalMs: Number(env.PORTAL_RENDER_INTERVAL_MS) || undefined,
        log,
      });
      await pageRenderer.first;
    }
    if (dev) {
      track(
        spawn(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js')], {
          cwd: ROOT,
          env: { ...env, PORTAL_HTTP: http, VITE_PORT: String(vitePort) },
          stdio: 'inherit',
        }),
      );
    }
    const lines = [
      '',
      `  Portal:      ${publicUrl}/`,
      `  API:         ${apiUrl}/api/`,
      `  Dashboard:   ${apiUrl}/_/   (superuser ${superuser.email}; ${superuser.where})`,
      inboxUrl ? `  Mail inbox:  ${inboxUrl}/` : `  Mail:        via ${env.SMTP_HOST}:${env.SMTP_PORT || 587}`,
    ];
    if (demo) {
      lines.push(
        '',
        '  Demo logins:',
        `    Werkstatt:      ${DEMO_LOGINS.workshop.email} / ${DEMO_LOGINS.workshop.password}`,
        `    Administrator:  ${DEMO_LOGINS.administrator.email} / ${DEMO_LOGINS.administrator.password}`,
        `    2. Administrator: ${DEMO_LOGINS.administrator2.email} / ${DEMO_LOGINS.administrator2.password}`,
        `    Prüfer:         ${DEMO_LOGINS.auditor.email} / ${DEMO_LOGINS.auditor.password}`,
        pbEnv.PORTAL_NOW
          ? `  Campaign clock: ${pbEnv.PORTAL_NOW} (PORTAL_NOW)`
          : '  Campaign clock: real time (a demo campaign runs today; code NORA-L4UF-3NDE is open)',
      );
    }
    lines.push('', '  Ctrl-C stops everything.', '');
    console.log(lines.join('\n'));
  });
}

main().catch((err) => {
  console.error(`[portal] ${err.message}`);
  shutdown(1);
});
