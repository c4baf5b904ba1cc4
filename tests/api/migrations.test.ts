import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, expect, it } from 'vitest';

import { ensureBinary, ROOT, upsertSuperuser, waitForHealth } from '../../scripts/lib/pocketbase.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { SUPERUSER } from '../helpers/pocketbase';

const bin = ensureBinary();
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-migrate-'));
const emptyDir = mkdtempSync(path.join(tmpdir(), 'portal-empty-'));
const migrationCount = readdirSync(path.join(ROOT, 'pb_migrations')).filter((f) => f.endsWith('.js')).length;
const PROJECT_COLLECTIONS = [
  'administrators',
  'audit_results',
  'auditors',
  'business_partner_number_files',
  'campaigns',
  'login_failures',
  'nora_lz',
  'sales_data',
  'sales_data_files',
  'sales_import_rows',
  'sales_totals',
  'submission_audit_files',
  'submission_audits',
  'submissions',
  'user_file',
  'user_lz_connections',
  'user_stats_view',
  'vouchers',
  'workshop_files',
];

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(emptyDir, { recursive: true, force: true });
});

function migrate(...args: string[]) {
  execFileSync(
    bin,
    ['migrate', ...args, `--dir=${dataDir}`, `--migrationsDir=${path.join(ROOT, 'pb_migrations')}`, `--hooksDir=${emptyDir}`],
    {
      input: 'y\n', // `migrate down` asks for confirmation
      stdio: 'pipe',
    },
  );
}

/**
 * Serves the data dir without any project migrations (so nothing is re-applied)
 * and returns what the database holds.
 */
async function inspect() {
  const port = await freePort();
  const args = [
    'serve',
    `--http=127.0.0.1:${port}`,
    `--dir=${dataDir}`,
    `--migrationsDir=${emptyDir}`,
    `--hooksDir=${emptyDir}`,
    `--publicDir=${emptyDir}`,
  ];
  const child = spawn(bin, args, { stdio: 'ignore' });
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, { child });
    const pb = new PocketBase(`http://127.0.0.1:${port}`);
    await pb.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
    const collections = await pb.collections.getFullList();
    const campaigns = collections.some((c) => c.name === 'campaigns') ? await pb.collection('campaigns').getFullList() : [];
    return { collections, campaigns };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

it('every migration goes up, comes down completely, and goes up again', async () => {
  upsertSuperuser(bin, { dataDir, ...SUPERUSER });
  migrate('up');
  const up = await inspect();
  const names = up.collections.filter((c) => !c.system).map((c) => c.name);
  expect(names.sort()).toEqual([...PROJECT_COLLECTIONS, 'users'].sort());
  expect(up.campaigns.map((c) => c.year)).toEqual([2025]);

  migrate('down', String(migrationCount));
  const down = await inspect();
  expect(down.collections.filter((c) => !c.system).map((c) => c.name)).toEqual(['users']);
  const users = down.collections.find((c) => c.name === 'users')!;
  expect(users.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'avatar']));
  expect(users.fields.map((f) => f.name)).not.toContain('firstName');

  migrate('up');
  const again = await inspect();
  expect(
    again.collections
      .filter((c) => !c.system)
      .map((c) => c.name)
      .sort(),
  ).toEqual([...PROJECT_COLLECTIONS, 'users'].sort());
  expect(again.campaigns.map((c) => c.year)).toEqual([2025]);
});
