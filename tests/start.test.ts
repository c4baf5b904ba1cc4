import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, afterEach, expect, it } from 'vitest';

import { DEMO_LOGINS, DEMO_WORKSHOP2 } from '../scripts/demo/seed.mjs';
import { DEMO_OPERATOR, OPERATOR_ENV } from '../scripts/lib/operator.mjs';
import { ROOT } from '../scripts/lib/pocketbase.mjs';
import { freePort } from '../scripts/lib/ports.mjs';
import { until } from './helpers/poll';

// `npm start` as a newcomer runs it: first start, a crash of PocketBase, Ctrl-C,
// and a second start on the same data dir.
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// A test that fails halfway must not leave the portal running: it would take CPU from every
// test after it (a CI run's failed assertion here left start.mjs and PocketBase up).
const running = new Set<ChildProcess>();
afterEach(async () => {
  for (const child of running) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
  }
  running.clear();
});

interface Started {
  child: ChildProcess;
  output: () => string;
}

async function start(ports: { http: number; smtp: number; web: number }, extraEnv: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORTAL_DATA_DIR: dataDir,
      ...extraEnv,
      PORTAL_HTTP: `127.0.0.1:${ports.http}`,
      MAILDEV_SMTP_PORT: String(ports.smtp),
      MAILDEV_WEB_PORT: String(ports.web),
      SMTP_HOST: '',
      PORTAL_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  await until(
    'npm start to be ready',
    () => {
      if (child.exitCode !== null) throw new Error(`npm start exited early:\n${out}`);
      return out.includes('Ctrl-C stops everything');
    },
    { timeoutMs: 90_000, everyMs: 100 },
  ).catch((err: Error) => {
    throw new Error(`${err.message}\n${out}`);
  });
  return { child, output: () => out };
}

async function stop(started: Started) {
  const exited = new Promise<number | null>((r) => started.child.once('exit', (code) => r(code)));
  started.child.kill('SIGINT');
  return exited;
}

/** Live PocketBase processes on this data dir (a reaped-late zombie is not running). */
function pocketbasePids() {
  let pids: string[];
  try {
    pids = execFileSync('pgrep', ['-f', `serve .*--dir=${dataDir}`], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean);
  } catch {
    return [];
  }
  return pids.filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  });
}

/** Waits up to 2 s for exiting processes to finish dying; true when none is left running. */
async function noPocketBaseLeft() {
  return until('no PocketBase left', () => pocketbasePids().length === 0, { timeoutMs: 2000, everyMs: 100 }).catch(() => false);
}

async function counts(url: string) {
  const pb = new PocketBase(url);
  const login = DEMO_LOGINS.workshop;
  await pb.collection('users').authWithPassword(login.email, login.password);
  return {
    centres: (await pb.collection('nora_lz').getList(1, 1)).totalItems,
    vouchers: (await pb.collection('vouchers').getFullList()).map((v) => v.status).sort(),
    connections: (await pb.collection('user_lz_connections').getFullList()).length,
  };
}

it('starts with demo data and a mail inbox, survives a PocketBase crash, stops on Ctrl-C and keeps data on restart', async () => {
  const ports = { http: await freePort(), smtp: await freePort(), web: await freePort() };
  const url = `http://127.0.0.1:${ports.http}`;

  const first = await start(ports);
  expect(first.output()).toContain(`Portal:      ${url}/`);
  expect(first.output()).toContain(`Mail inbox:  http://127.0.0.1:${ports.web}/`);
  for (const login of Object.values(DEMO_LOGINS)) expect(first.output()).toContain(`${login.email} / ${login.password}`);
  // Not in dev mode, although the data dir lies under /tmp: no SQL, no token secrets, and the
  // demo loader's existence checks leave no ERROR lines.
  expect(first.output()).not.toMatch(/\bSELECT\b|\bINSERT\b|tokenKey|secret/i);
  expect(first.output()).not.toMatch(/ERROR/);

  // The start page arrives prerendered (decision 021); a page behind a login is drawn by the browser.
  const page = await fetch(`${url}/`);
  expect(await page.text()).toContain('Wir schrauben am Preis!');
  expect(await (await fetch(`${url}/profile`)).text()).toContain('<div id="root"></div>');
  // 2025's three codes and the open code of the campaign running today (issue 60: real time).
  expect(await counts(url)).toEqual({ centres: 320, vouchers: ['audit', 'closed', 'open', 'open'], connections: 2 });
  expect(first.output()).toContain('Campaign clock: real time');
  // Issue 58: the second demo workshop's two codes come from its sales at its centre (it showed
  // 100 € cashback from 0,00 € and no centre).
  const autoservice = new PocketBase(url);
  await autoservice.collection('users').authWithPassword(DEMO_WORKSHOP2.email, DEMO_WORKSHOP2.password);
  const autoservicePage = await autoservice.send('/api/portal/profile-page', {
    headers: { 'X-Portal-Page-Token': autoservice.authStore.token },
  });
  expect(autoservicePage.profile.connections).toHaveLength(1);
  // Its sales are 2025's; the campaign in force (today's) has none of them.
  const of2025 = autoservicePage.campaignStats.find((s: { label: string }) => s.label === 'NORA Cashback-Aktion 2025');
  expect(of2025.totalSales).toBeCloseTo(1048.2, 2);
  expect(of2025.totalCashback).toBe(100);
  expect(autoservicePage.vouchers).toHaveLength(2);

  // PocketBase hands mails to SMTP in the background: poll the inbox briefly.
  type Mail = { subject: string; to: { address: string }[] };
  const inbox = await until(
    'a mail in the inbox',
    async () => {
      const mails = (await (await fetch(`http://127.0.0.1:${ports.web}/email`)).json()) as Mail[];
      return mails.length > 0 && mails;
    },
    { timeoutMs: 10_000, everyMs: 100 },
  );
  expect(inbox.map((m) => [m.subject, m.to[0]?.address])).toContainEqual([
    'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    DEMO_WORKSHOP2.email,
  ]);

  // The staff files exist after the demo data: the registrations file lists the demo
  // workshops, the audit file the submissions awaiting audit.
  // Demo mode: the Impressum gets plausible operator data instead of placeholders.
  const operator = await (await fetch(`${url}/api/portal/operator`)).json();
  expect(operator).toEqual(
    Object.fromEntries(Object.entries(OPERATOR_ENV).map(([key, name]) => [key, DEMO_OPERATOR[name as keyof typeof DEMO_OPERATOR]])),
  );

  const root = new PocketBase(url);
  const superuserFile = path.join(dataDir, '.portal-superuser.json');
  const superuser = JSON.parse(readFileSync(superuserFile, 'utf8'));
  // Issue 59: the start output says where the generated password is, never the password itself;
  // the file is its owner's alone.
  expect(first.output()).toContain(`superuser ${superuser.email}; password in ${superuserFile}, readable by its owner only`);
  expect(first.output()).not.toContain(superuser.password);
  expect(statSync(superuserFile).mode & 0o077).toBe(0);
  await root.collection('_superusers').authWithPassword(superuser.email, superuser.password);
  const [newest] = (await root.collection('workshop_files').getList(1, 1, { sort: '-created' })).items;
  expect(newest!.totalRows).toBe(2);
  const [auditFile] = (await root.collection('submission_audit_files').getList(1, 1, { sort: '-created' })).items;
  expect(auditFile!.totalRows).toBeGreaterThan(0);

  // PocketBase dies: the start command brings it back.
  const [pid] = pocketbasePids();
  expect(pid).toBeDefined();
  process.kill(Number(pid), 'SIGKILL');
  const healthy = await until(
    'a new PocketBase',
    () =>
      fetch(`${url}/api/health`).then(
        (r) => r.ok && !pocketbasePids().includes(pid!),
        () => false,
      ),
    { timeoutMs: 20_000, everyMs: 200 },
  );
  expect(healthy).toBe(true);
  expect(first.output()).toContain('restarting');

  expect(await stop(first)).toBe(0);
  expect(await noPocketBaseLeft(), first.output()).toBe(true);
  await expect(fetch(`http://127.0.0.1:${ports.web}/email`)).rejects.toThrow();

  const second = await start(ports);
  expect(second.output()).toContain('demo data already present.');
  expect(await counts(url)).toEqual({ centres: 320, vouchers: ['audit', 'closed', 'open', 'open'], connections: 2 });
  expect(await stop(second)).toBe(0);
}, 180_000);

it('without demo mode and without operator data, the start command warns and the Impressum keeps its placeholders', async () => {
  const ports = { http: await freePort(), smtp: await freePort(), web: await freePort() };
  const operatorUnset = Object.fromEntries(Object.values(OPERATOR_ENV).map((name) => [name, '']));
  const started = await start(ports, {
    PORTAL_DEMO: 'false',
    ...operatorUnset,
    PORTAL_OPERATOR_NAME: 'Echte Betreiber GmbH',
    PB_SUPERUSER_EMAIL: 'betrieb@example.de',
    PB_SUPERUSER_PASSWORD: 'Geheim-aus-der-Umgebung-42',
  });
  try {
    // Issue 59: a password from the environment is named, never printed.
    expect(started.output()).toContain('superuser betrieb@example.de; password from PB_SUPERUSER_PASSWORD');
    expect(started.output()).not.toContain('Geheim-aus-der-Umgebung-42');
    expect(started.output()).toContain('WARNING: the Impressum shows placeholders; set PORTAL_OPERATOR_STREET');
    expect(started.output()).not.toContain('PORTAL_OPERATOR_NAME,');
    const operator = await (await fetch(`http://127.0.0.1:${ports.http}/api/portal/operator`)).json();
    expect(operator.name).toBe('Echte Betreiber GmbH');
    expect(operator.street).toBeNull();
  } finally {
    expect(await stop(started)).toBe(0);
  }
}, 120_000);

it('never gives up on PocketBase: killed seven times in a row, it comes back each time after a growing, capped pause', async () => {
  const ports = { http: await freePort(), smtp: await freePort(), web: await freePort() };
  const url = `http://127.0.0.1:${ports.http}`;
  // Short pauses so seven crashes fit in the test; the defaults are 1 s doubling to 30 s.
  const started = await start(ports, { PORTAL_DEMO: 'false', PORTAL_RESTART_PAUSE_MS: '100', PORTAL_RESTART_MAX_PAUSE_MS: '400' });
  try {
    let killed: string[] = [];
    for (let round = 1; round <= 7; round++) {
      const pids = await until('one live PocketBase', () => {
        const live = pocketbasePids();
        return live.length === 1 && !killed.includes(live[0]!) && live;
      });
      killed = [...killed, pids[0]!];
      process.kill(Number(pids[0]), 'SIGKILL');
      const back = await until(
        `PocketBase back after crash ${round}`,
        () =>
          fetch(`${url}/api/health`).then(
            (r) => r.ok && pocketbasePids().some((pid) => !killed.includes(pid)),
            () => false,
          ),
        { timeoutMs: 20_000, everyMs: 100 },
      );
      expect(back).toBe(true);
    }
    const reports = started.output().match(/PocketBase stopped unexpectedly \(signal SIGKILL\)[^\n]*/g) ?? [];
    expect(reports).toHaveLength(7);
    // 100, 200, 400, then capped at 400 ms: the pause grows and stops growing.
    expect(reports.map((r) => /restarting in (\d+ ms)/.exec(r)?.[1])).toEqual([
      '100 ms',
      '200 ms',
      '400 ms',
      '400 ms',
      '400 ms',
      '400 ms',
      '400 ms',
    ]);
    expect(reports[6]).toContain('crash 7 in a row');
    // Each report carries PocketBase's last lines, here its start banner.
    expect(started.output()).toMatch(/Last output:\n(?: {4}\|[^\n]*\n)*? {4}\| [^\n]*Server started at/);
  } finally {
    expect(await stop(started)).toBe(0);
  }
  expect(await noPocketBaseLeft()).toBe(true);
}, 120_000);
