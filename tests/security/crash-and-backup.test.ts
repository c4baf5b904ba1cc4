// Issue 8: crash safety and backups. PocketBase is killed with SIGKILL while
// submissions are being written and must come back consistent; a backup made
// through PocketBase's own API, unpacked into a fresh data dir, must hold every
// record and file. (The kill during a sales import is tests/api/import-crash.test.ts.)
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import extract from 'extract-zip';
import { afterAll, describe, expect, it } from 'vitest';

import { blob, createStaff, createVoucher, createWorkshop, multipart, PNG_BYTES, submissionForm, type Actor } from '../helpers/fixtures';
import { protectedFile } from '../helpers/files';
import { request } from '../helpers/http';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

const servers: TestServer[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const s of servers.reverse()) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('a crash while submissions are written', () => {
  it('after SIGKILL and restart every code and submission agree, every stored invoice is whole, and what was confirmed is there', async () => {
    const first = await startPocketBase();
    servers.push(first);
    const N = 40;
    const workshops = await Promise.all(Array.from({ length: N }, () => createWorkshop(first)));
    const vouchers = await Promise.all(workshops.map((w) => createVoucher(first, w.id)));
    // 1 MB invoices, so the writes take long enough to be cut off.
    const invoice = Buffer.concat([PNG_BYTES, Buffer.alloc(1024 * 1024, 7)]);
    const confirmed: string[] = [];
    let firstAnswer: () => void;
    const answered = new Promise<void>((r) => (firstAnswer = r));
    const pending = workshops.map((w, i) =>
      request(
        first.url,
        w,
        'POST',
        '/api/collections/submissions/records',
        submissionForm(w.id, vouchers[i]!, {}, blob(invoice, 'image/png')),
      )
        .then((res) => {
          if (res.status === 200) confirmed.push(res.json.id);
          firstAnswer();
        })
        .catch(() => null),
    );
    await answered;
    const crashed = first.crash();
    await Promise.all(pending);
    await crashed;
    expect(confirmed.length).toBeGreaterThan(0);
    // The kill came while submissions were still under way.
    expect(confirmed.length).toBeLessThan(N);

    const second = await startPocketBase({ dataDir: first.dataDir });
    servers.push(second);
    const ids = vouchers.map((v) => v.id);
    const after = await second.admin.collection('vouchers').getFullList({ filter: ids.map((id) => `id = "${id}"`).join(' || ') });
    const submissions = await second.admin.collection('submissions').getFullList();
    const byVoucher = new Map(submissions.map((s) => [s.voucher, s]));

    for (const id of confirmed) expect(submissions.map((s) => s.id)).toContain(id);
    for (const v of after) {
      const submission = byVoucher.get(v.id);
      if (v.status === 'audit') expect(submission, `voucher ${v.id} in audit without a submission`).toBeTruthy();
      else {
        expect(v.status).toBe('open');
        expect(submission, `voucher ${v.id} open but has a submission`).toBeUndefined();
      }
    }
    for (const s of submissions) {
      const bytes = await protectedFile(second, s, 'file', 'submissions');
      expect(bytes.length).toBe(invoice.length);
      expect(sha256(bytes)).toBe(s.fileHash);
    }

    // A workshop whose submission was lost can submit again.
    const lost = after.find((v) => v.status === 'open');
    if (lost) {
      const owner = workshops[vouchers.findIndex((v) => v.id === lost.id)]!;
      const again = await second.client().collection('users').authWithPassword(owner.email, 'Werkstatt-Pass-2025');
      const res = await request(
        second.url,
        { ...owner, token: again.token },
        'POST',
        '/api/collections/submissions/records',
        submissionForm(owner.id, lost),
      );
      expect(res.status).toBe(200);
    }
  });
});

describe('backups', () => {
  it('are scheduled daily with a retention', async () => {
    const server = await startPocketBase();
    servers.push(server);
    const { backups } = await server.admin.settings.getAll();
    expect(backups.cron).toBe('30 3 * * *');
    expect(backups.cronMaxKeep).toBe(14);
  });

  it('a backup restored into a fresh data dir holds every record and file', async () => {
    const source = await startPocketBase();
    servers.push(source);
    const admin = await createStaff(source, 'administrators');
    const workshops: Actor[] = await Promise.all([createWorkshop(source), createWorkshop(source)]);
    const voucher = await createVoucher(source, workshops[0]!.id);
    const submission = await request(
      source.url,
      workshops[0]!,
      'POST',
      '/api/collections/submissions/records',
      submissionForm(workshops[0]!.id, voucher),
    );
    expect(submission.status).toBe(200);
    const csv = `user,bnr,knr,gpnr,deliverydate,sales\n${workshops[1]!.id},4001,K1,G1,2025-06-01,650\n`;
    const sales = await request(
      source.url,
      admin,
      'POST',
      '/api/collections/sales_data_files/records',
      multipart({ filename: 'umsatz.csv' }, blob(csv, 'text/csv'), 'umsatz.csv'),
    );
    expect(sales.status).toBe(200);

    await source.admin.backups.create('pruefung.zip');
    const token = await source.admin.files.getToken();
    const res = await fetch(source.admin.backups.getDownloadURL(token, 'pruefung.zip'));
    expect(res.status).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-restore-'));
    dirs.push(dir);
    const zip = path.join(dir, 'backup.zip');
    writeFileSync(zip, Buffer.from(await res.arrayBuffer()));
    const dataDir = path.join(dir, 'pb_data');
    await extract(zip, { dir: dataDir });

    const restored = await startPocketBase({ dataDir });
    servers.push(restored);
    const collections = (await source.admin.collections.getFullList())
      .filter((c) => c.type !== 'view' && !c.name.startsWith('_'))
      .map((c) => c.name);
    expect(collections.length).toBeGreaterThan(15);
    let records = 0;
    // The outbox worker keeps sending on the source while the copy is read: its delivery
    // state moves on, what was queued does not.
    const delivery = ['status', 'attempts', 'lastError', 'nextAttemptAt', 'claimedAt', 'claimToken', 'sentAt', 'subject', 'updated'];
    const stable = (name: string, rows: Record<string, unknown>[]) =>
      name === 'mail_outbox' ? rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !delivery.includes(k)))) : rows;
    for (const name of collections) {
      const before = stable(name, await source.admin.collection(name).getFullList({ sort: 'id' }));
      const after = stable(name, await restored.admin.collection(name).getFullList({ sort: 'id' }));
      expect(after, name).toEqual(before);
      records += before.length;
    }
    // The test helper signs the superuser in again on start (which touches `updated`); the account is the same.
    const ids = async (s: TestServer) => (await s.admin.collection('_superusers').getFullList({ sort: 'id' })).map((r) => r.id);
    expect(await ids(restored)).toEqual(await ids(source));
    expect(records).toBeGreaterThan(10);
    const original = await protectedFile(source, submission.json, 'file', 'submissions');
    const copy = await protectedFile(restored, submission.json, 'file', 'submissions');
    expect(copy.equals(original)).toBe(true);
    expect((await restored.admin.collection('user_stats_view').getOne(workshops[1]!.id)).totalSales).toBe(650);
    // The vouchers the import issued came along.
    expect((await restored.admin.collection('vouchers').getFullList({ filter: `user = "${workshops[1]!.id}"` })).length).toBe(1);
  });
});
