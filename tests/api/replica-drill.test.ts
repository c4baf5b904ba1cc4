import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';

import { ROOT } from '../../scripts/lib/pocketbase.mjs';
import { REPLICA_BOUND_MS, startReplication } from '../../scripts/lib/replica.mjs';
import { PASSWORD, PNG_BYTES, createStaff, createVoucher, createWorkshop, submissionForm, type Actor } from '../helpers/fixtures';
import { request } from '../helpers/http';
import { pace, until } from '../helpers/poll';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';
import { startS3 } from '../helpers/s3';

// Issue 38's drill: with a file replica, traffic that redeems codes, gives verdicts and releases a
// payout batch; PocketBase and Litestream killed with -9; the data directory deleted; restored;
// every write answered more than REPLICA_BOUND_MS (1 s) before the kill is there, the invoices
// open, and the portal works.

const DEBTOR = { debtorName: 'NORA Cashback-Aktion GmbH', debtorIban: 'DE02120300000000202051', debtorBic: 'BYLADEM1001' };
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** `npm run restore -- <dir>` as an operator runs it, without blocking this process. */
function restoreCli(dir: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'restore.mjs'), dir], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

interface Ack {
  what: 'submission' | 'verdict' | 'batch-release';
  id: string;
  at: number;
}

it('a portal killed with -9 and its disk wiped comes back from the replica with every write acknowledged 1 s before the kill', async () => {
  const startedAt = Date.now();
  const replicaDir = mkdtempSync(path.join(tmpdir(), 'portal-replica-'));
  const replicaUrl = pathToFileURL(replicaDir).href;
  cleanup.push(() => rmSync(replicaDir, { recursive: true, force: true }));
  const first: TestServer = await startPocketBase({ env: { PORTAL_REPLICA_URL: replicaUrl } });
  const dataDir = first.dataDir;
  const replication = await startReplication({ dataDir, replicaUrl });
  cleanup.push(() => replication.stop());
  await until('the first snapshots in the replica', () =>
    ['data.db', 'auxiliary.db'].every((db) => existsSync(path.join(replicaDir, db, 'generations'))),
  );

  const call = (actor: Actor | null, method: string, url: string, body?: object | FormData) => request(first.url, actor, method, url, body);
  const [admin1, admin2, auditor] = [
    await createStaff(first, 'administrators'),
    await createStaff(first, 'administrators'),
    await createStaff(first, 'auditors'),
  ];
  const settings = await first.admin.collection('portal_settings').getFirstListItem("key = 'default'");
  await first.admin.collection('portal_settings').update(settings.id, DEBTOR);
  const workshops = await Promise.all([0, 1, 2].map(() => createWorkshop(first)));
  const acks: Ack[] = [];
  const redeem = async (w: Actor) => {
    const voucher = await createVoucher(first, w.id);
    const res = await call(w, 'POST', '/api/collections/submissions/records', submissionForm(w.id, voucher));
    expect(res.status, res.text).toBe(200);
    acks.push({ what: 'submission', id: res.json.id, at: Date.now() });
    return res.json as { id: string; file: string };
  };

  // Redemptions, verdicts on them, a batch of their payouts released by the second administrator.
  const passed: { id: string; file: string }[] = [];
  for (const w of workshops) passed.push(await redeem(w));
  for (const s of passed) {
    const res = await call(auditor, 'POST', `/api/portal/review/${s.id}/verdict`, { outcome: 'passed', note: 'Rechnung vollständig' });
    expect(res.status, res.text).toBe(200);
    acks.push({ what: 'verdict', id: s.id, at: Date.now() });
  }
  const batch = await call(admin1, 'POST', '/api/portal/payout-batches', {});
  expect(batch.status, batch.text).toBe(200);
  const released = await call(admin2, 'POST', `/api/portal/payout-batches/${batch.json.id}/release`, {});
  expect(released.status, released.text).toBe(200);
  acks.push({ what: 'batch-release', id: batch.json.id, at: Date.now() });
  // Writes go on until the kill, ten a second (a busy portal, not a benchmark that takes every
  // core from the replicator): the ones in the last second may be lost, no earlier one.
  const until2s = Date.now() + 2_000;
  let i = 0;
  while (Date.now() < until2s) {
    await redeem(workshops[i++ % workshops.length]!);
    await pace(100);
  }

  // The dashboard says where the copies stand: a replica written seconds ago, at most 1 s behind.
  const copies = await until('the replica to catch up on the dashboard', async () => {
    const res = await call(admin1, 'GET', '/api/portal/backoffice/dashboard');
    const c = res.json?.copies;
    return c?.replica?.lagSeconds !== null && c?.replica?.lagSeconds <= 1 ? c : null;
  });
  expect(copies.replica).toMatchObject({ configured: true, kind: 'file' });
  // Written during this test, not a leftover (a causal bound, not a wall-clock one: issue 62).
  expect(Date.parse(copies.replica.lastWriteAt)).toBeGreaterThanOrEqual(startedAt - 1000);

  const killedAt = Date.now();
  replication.child!.kill('SIGKILL');
  await first.crash();
  rmSync(dataDir, { recursive: true, force: true });

  const target = mkdtempSync(path.join(tmpdir(), 'portal-restored-'));
  rmSync(target, { recursive: true, force: true });
  // `npm run restore -- <dir>` as an operator runs it: it refuses a directory that is not empty.
  const busy = await restoreCli(path.join(ROOT, 'pb_hooks'), { PORTAL_REPLICA_URL: replicaUrl });
  expect(busy.status).toBe(1);
  expect(busy.stderr).toContain('is not empty');
  const restored = await restoreCli(target, { PORTAL_REPLICA_URL: replicaUrl });
  expect(restored.status, restored.stderr).toBe(0);
  const files = Number(/and (\d+) files restored/.exec(restored.stdout)?.[1]);
  expect(files).toBeGreaterThanOrEqual(passed.length);
  const again = await startPocketBase({ dataDir: target });
  cleanup.push(async () => {
    await again.stop();
    rmSync(target, { recursive: true, force: true });
  });

  const due = acks.filter((a) => a.at <= killedAt - REPLICA_BOUND_MS);
  expect(due.length).toBeGreaterThan(passed.length * 2);
  const missing: string[] = [];
  for (const ack of acks.filter((a) => a.what === 'submission')) {
    const found = await again.admin
      .collection('submissions')
      .getOne(ack.id)
      .then(() => true)
      .catch(() => false);
    if (!found) missing.push(`${ack.what} ${ack.id} answered ${killedAt - ack.at} ms before the kill`);
  }
  console.log(
    `[drill] ${acks.length} writes answered, ${missing.length} redemptions not in the replica${missing.length ? `: ${missing.join('; ')}` : ''}`,
  );
  for (const ack of due) {
    if (ack.what === 'submission') expect((await again.admin.collection('submissions').getOne(ack.id)).id).toBe(ack.id);
    if (ack.what === 'verdict') expect((await again.admin.collection('submissions').getOne(ack.id)).status).toBe('passed');
    if (ack.what === 'batch-release') expect((await again.admin.collection('payout_batches').getOne(ack.id)).status).toBe('released');
  }
  // The invoices open: the workshop's own file token, the restored file.
  const owner = await request(again.url, null, 'POST', '/api/collections/users/auth-with-password', {
    identity: workshops[0]!.email,
    password: PASSWORD,
  });
  expect(owner.status).toBe(200);
  const token = await request(again.url, { ...workshops[0]!, token: owner.json.token }, 'POST', '/api/files/token');
  const invoice = await fetch(`${again.url}/api/files/submissions/${passed[0]!.id}/${passed[0]!.file}?token=${token.json.token}`);
  expect(invoice.status).toBe(200);
  expect((await invoice.arrayBuffer()).byteLength).toBeGreaterThan(0);
  // The portal works: the workshop's page loads with its submissions.
  const page = await request(again.url, { ...workshops[0]!, token: owner.json.token }, 'GET', '/api/portal/profile-page');
  expect(page.status).toBe(200);
  expect(page.json.submissions.map((s: { id: string }) => s.id)).toContain(passed[0]!.id);
});

it("with a replica, PocketBase's nightly TRUNCATE checkpoint is off (Litestream checkpoints) and the optimize job stays; without one it runs", async () => {
  const replicaDir = mkdtempSync(path.join(tmpdir(), 'portal-replica-'));
  cleanup.push(() => rmSync(replicaDir, { recursive: true, force: true }));
  const withReplica = await startPocketBase({ env: { PORTAL_REPLICA_URL: pathToFileURL(replicaDir).href } });
  const without = await startPocketBase();
  cleanup.push(
    () => withReplica.stop(),
    () => without.stop(),
  );
  const jobs = async (server: TestServer) => ((await server.admin.crons.getFullList()) as { id: string }[]).map((j) => j.id);
  expect(await jobs(withReplica)).not.toContain('__pbDBOptimize__');
  expect(await jobs(withReplica)).toContain('portal-db-optimize');
  expect(await jobs(without)).toContain('__pbDBOptimize__');
  // Without a replica the dashboard says so; a full backup made now is named there.
  const admin = await createStaff(without, 'administrators');
  const before = await request(without.url, admin, 'GET', '/api/portal/backoffice/dashboard');
  expect(before.json.copies).toEqual({
    replica: { configured: false, kind: null, lastWriteAt: null, lagSeconds: null },
    lastBackupAt: null,
  });
  const backupAsked = Date.now();
  await without.admin.backups.create('vollsicherung.zip');
  const after = await request(without.url, admin, 'GET', '/api/portal/backoffice/dashboard');
  expect(Date.parse(after.json.copies.lastBackupAt)).toBeGreaterThanOrEqual(backupAsked - 1000);
  // Workshops and auditors do not see it.
  const workshop = await createWorkshop(without);
  const refused = await request(without.url, workshop, 'GET', '/api/portal/backoffice/dashboard');
  expect(refused.status).toBe(403);
  expect(refused.text).not.toContain('copies');
});

it('a long job of back-to-back write transactions leaves the lock free often enough for Litestream, which waits for it at most 1 s; without a replica it does not pause', async () => {
  // Litestream writes a row after each of its checkpoints; when it does not get SQLite's write lock
  // within its busy timeout (1 s), the checkpoint fails and nothing is shipped until one succeeds
  // (decision 066). An outside writer with the same patience stands in for it here.
  const replicaDir = mkdtempSync(path.join(tmpdir(), 'portal-replica-'));
  cleanup.push(() => rmSync(replicaDir, { recursive: true, force: true }));
  const probe = [path.join(ROOT, 'tests', 'helpers', 'hooks', 'long-job-probe.pb.js')];
  const withReplica = await startPocketBase({ env: { PORTAL_REPLICA_URL: pathToFileURL(replicaDir).href }, extraHooks: probe });
  const without = await startPocketBase({ extraHooks: probe });
  cleanup.push(
    () => withReplica.stop(),
    () => without.stop(),
  );
  const outsideWrites = async (server: TestServer) => {
    const db = new Database(path.join(server.dataDir, 'data.db'), { timeout: 1000 });
    try {
      db.exec('CREATE TABLE IF NOT EXISTS test_outside (id INTEGER PRIMARY KEY)');
      const job = request(server.url, null, 'POST', '/api/test/long-job?ms=5000');
      const started = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'test_long_job'");
      await until('the job to write', () => (started.get() as { n: number }).n > 0);
      const insert = db.prepare('INSERT INTO test_outside DEFAULT VALUES');
      let attempts = 0;
      let refused = 0;
      for (const end = Date.now() + 2500; Date.now() < end; attempts++) {
        try {
          insert.run();
        } catch (err) {
          if (!String((err as { code?: string }).code).startsWith('SQLITE_BUSY')) throw err;
          refused += 1;
        }
        await pace(100);
      }
      expect((await job).status).toBe(200);
      return { attempts, refused };
    } finally {
      db.close();
    }
  };
  const yielding = await outsideWrites(withReplica);
  expect(yielding.attempts).toBeGreaterThanOrEqual(3);
  expect(yielding.refused).toBe(0);
  // Without a replica nobody else writes: the job runs without pauses, and such a writer is starved.
  expect((await outsideWrites(without)).refused).toBeGreaterThan(0);
});

it('with an S3 replica the invoices are stored in the bucket, the dashboard measures the lag, and a wiped portal comes back from the bucket', async () => {
  const s3 = await startS3();
  cleanup.push(() => s3.stop());
  const s3env = s3.env('replica');
  const startedAt = Date.now();
  const first = await startPocketBase({ env: s3env });
  const replication = await startReplication({
    dataDir: first.dataDir,
    replicaUrl: s3env.PORTAL_REPLICA_URL,
    env: { ...process.env, ...s3env },
  });
  cleanup.push(() => replication.stop());
  const admin = await createStaff(first, 'administrators');
  const workshop = await createWorkshop(first);
  const voucher = await createVoucher(first, workshop.id);
  const res = await request(first.url, workshop, 'POST', '/api/collections/submissions/records', submissionForm(workshop.id, voucher));
  expect(res.status, res.text).toBe(200);
  const submission = res.json as { id: string; collectionId: string; file: string };
  // The invoice is in the bucket, not on the local disk.
  expect(existsSync(s3.objectPath(`${submission.collectionId}/${submission.id}/${submission.file}`))).toBe(true);
  expect(existsSync(path.join(first.dataDir, 'storage', submission.collectionId, submission.id, submission.file))).toBe(false);

  // The dashboard reads the lag from Litestream: caught up within a second of the write …
  const dashboard = () => request(first.url, admin, 'GET', '/api/portal/backoffice/dashboard').then((r) => r.json?.copies?.replica);
  const caughtUp = await until('the S3 replica to catch up on the dashboard', async () => {
    const replica = await dashboard();
    return replica?.lagSeconds !== null && replica?.lagSeconds <= 1 ? replica : null;
  });
  expect(caughtUp).toMatchObject({ configured: true, kind: 's3' });
  expect(Date.parse(caughtUp.lastWriteAt)).toBeGreaterThanOrEqual(startedAt - 1000);
  // The submission was acknowledged more than the bound before the crash below (its setup, not an assertion).
  await pace(REPLICA_BOUND_MS + 200);

  // … and falling behind when Litestream is gone (the first half of the crash).
  replication.child!.kill('SIGKILL');
  const behind = await until('the dashboard to show the replica falling behind', async () => {
    const replica = await dashboard();
    return replica?.lagSeconds >= 2 ? replica : null;
  });
  expect(behind.kind).toBe('s3');
  replication.stop();
  await first.crash();
  rmSync(first.dataDir, { recursive: true, force: true });

  const target = path.join(tmpdir(), `portal-restored-s3-${process.pid}-${Date.now()}`);
  // Not spawnSync: the S3 server answers from this process.
  const restored = await restoreCli(target, s3env);
  expect(restored.status, restored.stderr).toBe(0);
  expect(restored.stdout).toContain('CSV files stay in the bucket');
  const again = await startPocketBase({ dataDir: target, env: s3env });
  cleanup.push(async () => {
    await again.stop();
    rmSync(target, { recursive: true, force: true });
  });
  expect((await again.admin.collection('submissions').getOne(submission.id)).file).toBe(submission.file);
  const owner = await request(again.url, null, 'POST', '/api/collections/users/auth-with-password', {
    identity: workshop.email,
    password: PASSWORD,
  });
  expect(owner.status).toBe(200);
  const token = await request(again.url, { ...workshop, token: owner.json.token }, 'POST', '/api/files/token');
  const invoice = await fetch(`${again.url}/api/files/submissions/${submission.id}/${submission.file}?token=${token.json.token}`);
  expect(invoice.status).toBe(200);
  expect(Buffer.from(await invoice.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
});
