import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import PocketBase from 'pocketbase';

import { ensureBinary, migrateUp, ROOT, spawnServe, upsertSuperuser, waitForHealth } from '../../scripts/lib/pocketbase.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { supervise } from '../../scripts/lib/supervisor.mjs';
import { readerSecret } from '../../scripts/reader/secret.mjs';
import { spawnReader } from '../../scripts/reader/spawn.mjs';
import { until } from './poll';

export const SUPERUSER = { email: 'root@test.local', password: 'superuser-pass-123' };

/**
 * The environment variable that names a data directory migrated once per run, with SUPERUSER
 * in it (tests/helpers/template-setup.ts); a new test server starts from a copy of it.
 */
export const TEMPLATE_ENV = 'PORTAL_TEST_TEMPLATE_DIR';

/**
 * bcrypt's cost in the tests' databases: its minimum, 4. The product's auth collections hash at
 * PocketBase's default (10; tests/api/migrations.test.ts holds the migrations to it), which costs
 * about 60 ms of CPU for each password set or checked: the API and browser layers create and sign
 * in thousands of accounts, and each of those hashes is work that proves nothing about the portal
 * (decision 040). A password is still hashed and checked by PocketBase; only the work factor differs.
 */
export const TEST_PASSWORD_COST = 4;

/**
 * Migrates a new data directory and writes the tests' superuser into it, with passwords
 * hashed at TEST_PASSWORD_COST.
 */
export function prepareDataDir(bin: string, dataDir: string, env: NodeJS.ProcessEnv) {
  // The CLI's other commands apply only PocketBase's own migrations; `serve` applies the app's at
  // every start (about 1 s of CPU): migrated here, a copy starts without them.
  migrateUp(bin, { dataDir, env });
  upsertSuperuser(bin, { dataDir, ...SUPERUSER, env });
  const db = new Database(path.join(dataDir, 'data.db'));
  try {
    const update = db.prepare('UPDATE _collections SET fields = ? WHERE id = ?');
    for (const row of db.prepare("SELECT id, fields FROM _collections WHERE type = 'auth'").all() as { id: string; fields: string }[]) {
      const fields = (JSON.parse(row.fields) as { type: string; cost?: number }[]).map((f) =>
        f.type === 'password' ? { ...f, cost: TEST_PASSWORD_COST } : f,
      );
      update.run(JSON.stringify(fields), row.id);
    }
  } finally {
    db.close();
  }
  // Again, so the superuser's own password is hashed at the lower cost too.
  upsertSuperuser(bin, { dataDir, ...SUPERUSER, env });
}

/** Test servers run on a day inside the 2025 campaign's redeem window unless a test pins another. */
export const CAMPAIGN_NOW = '2025-09-15T10:00:00Z';

export interface TestServer {
  url: string;
  dataDir: string;
  /** A client signed in as superuser, for fixtures and for checking what really is stored. */
  admin: PocketBase;
  /** A fresh client without auth. */
  client(): PocketBase;
  /** Stops PocketBase and deletes the data dir. */
  stop(): Promise<void>;
  /** Kills PocketBase with SIGKILL at once (no shutdown); resolves when the process is gone. The data dir stays. */
  crash(): Promise<void>;
  process: ChildProcess;
  logs(): string;
  /** The invoice reader beside PocketBase, when started with `reader: true`, supervised as `npm start` does. */
  reader?: {
    /** The reader process running now (a new one after a crash). */
    current(): ChildProcess | null;
    /** How often the supervisor started it again. */
    restarts(): number;
    logs(): string;
  };
}

export interface StartOptions {
  env?: Record<string, string>;
  publicDir?: string;
  /** The first port to try (a test of the start itself); taken ports are given up for free ones. */
  port?: number;
  /** Reuse a data dir (a restart after a crash); it is then left in place on stop. */
  dataDir?: string;
  /**
   * Keep the rate limiter for the test's own address. Off by default: the suites
   * send hundreds of requests from 127.0.0.1, which the limiter would throttle;
   * tests/security checks the limiter with it on.
   */
  rateLimits?: boolean;
  /**
   * Extra hook files (paths) loaded beside the project's own, e.g. a route that lets a test
   * call a server library directly. They live under tests/, never in pb_hooks/.
   */
  extraHooks?: string[];
  /**
   * Project hook files (names in pb_hooks/) left out, to show what they prevent, e.g. the crash
   * guards: a test proves the process dies without them.
   */
  withoutHooks?: string[];
  /**
   * Hash passwords at the product's cost instead of TEST_PASSWORD_COST: for a test about
   * capacity, where a sign-in's real work is what fills the server.
   */
  productPasswordCost?: boolean;
  /** Start the invoice reader process beside PocketBase, as `npm start` does (issue 61). */
  reader?: boolean;
}

/** A hooks dir with the project's hooks (symlinked) but the left-out ones, plus the given files. */
function hooksWith(extra: string[], without: string[] = []) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-hooks-'));
  const own = path.join(ROOT, 'pb_hooks');
  const entries = readdirSync(own);
  for (const name of without) if (!entries.includes(name)) throw new Error(`no hook file ${name} in pb_hooks/`);
  for (const entry of entries) {
    if (!without.includes(entry)) symlinkSync(path.join(own, entry), path.join(dir, entry));
  }
  for (const file of extra) copyFileSync(file, path.join(dir, path.basename(file)));
  return dir;
}

/**
 * Starts the project's PocketBase (its migrations and hooks) on a free port with a
 * temporary data dir and a superuser, as every API test does.
 */
export async function startPocketBase(options: StartOptions = {}): Promise<TestServer> {
  const bin = ensureBinary();
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  let port = options.port ?? (await freePort());
  let url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORTAL_URL: url,
    SMTP_HOST: '',
    PORTAL_NOW: CAMPAIGN_NOW,
    // The scheduler ticks every second, so the mail outbox sends within a second or so.
    PORTAL_CRON_INTERVAL_MS: '1000',
    // The nightly jobs run only when a test asks (crons.run): a run that spans 04:00 UTC met the
    // retention job in two tests (CI, 27.11.2026).
    PORTAL_NIGHTLY_JOBS: 'manual',
    PORTAL_RATE_LIMIT_EXCLUDED_IPS: options.rateLimits ? '' : '127.0.0.1',
    // The race tests fire up to 50 identical requests at once and count their outcomes; load
    // shedding would answer some with 503 (also safe). tests/api/load-shedding.test.ts sets
    // its own limit.
    PORTAL_MAX_IN_FLIGHT: '10000',
    ...options.env,
  };
  // A fresh data dir starts as a copy of the run's migrated template when there is one; a reused
  // one (a restart) and a run without the template get the migrations and the superuser here.
  const template = process.env[TEMPLATE_ENV];
  const fresh = ownDir || !existsSync(path.join(dataDir, 'data.db'));
  const cheapHashes = fresh && !options.productPasswordCost;
  if (cheapHashes && ownDir && template && existsSync(path.join(template, 'data.db'))) cpSync(template, dataDir, { recursive: true });
  else if (cheapHashes) prepareDataDir(bin, dataDir, env);
  else upsertSuperuser(bin, { dataDir, ...SUPERUSER, env });

  const hooksDir =
    options.extraHooks?.length || options.withoutHooks?.length ? hooksWith(options.extraHooks ?? [], options.withoutHooks) : undefined;
  // The server on the port must be this child: another test run beside this one (its own port
  // blocks are the same) may have bound the port between the check and the start. Only the
  // process that bound it prints 'Server started at <url>'; a child that lost the race exits and
  // the start is tried again on another port.
  let child!: ChildProcess;
  let logs = () => '';
  for (let attempt = 1; ; attempt += 1) {
    const spawned = spawnServe(bin, { dataDir, http: `127.0.0.1:${port}`, env, publicDir: options.publicDir, hooksDir });
    let text = '';
    spawned.stdout?.on('data', (d: Buffer) => (text += d.toString()));
    spawned.stderr?.on('data', (d: Buffer) => (text += d.toString()));
    const exited = () => spawned.exitCode !== null || spawned.signalCode !== null;
    try {
      await waitForHealth(url, { child: spawned });
      await until(`PocketBase on ${url} to be this test's own`, () => text.includes(`Server started at ${url}`) || exited(), {
        timeoutMs: 10_000,
        everyMs: 20,
      });
      if (exited()) throw new Error(`PocketBase exited (${spawned.signalCode ?? spawned.exitCode}): port ${port} was taken`);
      child = spawned;
      logs = () => text;
      break;
    } catch (err) {
      spawned.kill('SIGKILL');
      if (attempt >= 3) throw new Error(`${(err as Error).message}\n${text}`);
      port = await freePort();
      url = `http://127.0.0.1:${port}`;
      env.PORTAL_URL = url;
    }
  }

  const admin = new PocketBase(url);
  admin.autoCancellation(false);
  await admin.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);

  let stopping = false;
  let readerLogs = '';
  let reader: TestServer['reader'];
  if (options.reader) {
    readerSecret(dataDir, env);
    const supervised = supervise({
      spawnChild: () => {
        const child = spawnReader({ api: url, dataDir, env: { ...env, PORTAL_READER_POLL_MS: '200' } });
        child.stdout?.on('data', (d: Buffer) => (readerLogs = (readerLogs + d.toString()).slice(-20_000)));
        child.stderr?.on('data', (d: Buffer) => (readerLogs = (readerLogs + d.toString()).slice(-20_000)));
        return child;
      },
      isStopping: () => stopping,
      log: (msg: string) => (readerLogs += `${msg}\n`),
      name: 'Reader',
      baseMs: 100,
      echo: false,
    });
    reader = { current: supervised.current, restarts: supervised.restarts, logs: () => readerLogs };
  }

  return {
    url,
    dataDir,
    admin,
    process: child,
    logs: () => logs(),
    reader,
    client() {
      const pb = new PocketBase(url);
      pb.autoCancellation(false);
      return pb;
    },
    crash() {
      const gone = new Promise<void>((r) => (child.exitCode !== null || child.signalCode ? r() : child.once('exit', () => r())));
      child.kill('SIGKILL');
      return gone;
    },
    async stop() {
      stopping = true;
      const readerNow = reader?.current();
      if (readerNow && readerNow.exitCode === null && readerNow.signalCode === null) {
        readerNow.kill('SIGKILL');
        await new Promise((r) => readerNow.once('exit', r));
      }
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const gone = () => child.exitCode !== null || child.signalCode !== null;
        await until('PocketBase to exit', gone, { timeoutMs: 5000, everyMs: 20 }).catch(() => null);
        if (!gone()) child.kill('SIGKILL');
      }
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
      if (hooksDir) rmSync(hooksDir, { recursive: true, force: true });
    },
  };
}
