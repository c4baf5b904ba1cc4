import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, expect, it } from 'vitest';

import { ensureBinary, ROOT, upsertSuperuser, waitForHealth } from '../../scripts/lib/pocketbase.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { INVOICE } from '../../src/rules/invoice';
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
  'campaign_texts',
  'campaigns',
  'consents',
  'login_failures',
  'mail_outbox',
  'nora_lz',
  'payout_batches',
  'payouts',
  'portal_counters',
  'portal_settings',
  'retained_records',
  'sales_data',
  'sales_data_files',
  'sales_totals',
  'sales_weekly',
  'staff_log',
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

  // The product hashes passwords at PocketBase's default bcrypt cost (10) or above; only the
  // tests' own databases lower it (TEST_PASSWORD_COST, decision 040).
  const costs = again.collections
    .filter((c) => c.type === 'auth')
    .map((c) => ({ name: c.name, cost: (c.fields.find((f) => f.type === 'password') as { cost?: number }).cost ?? 0 }));
  expect(costs.map((c) => c.name).sort()).toEqual(['_superusers', 'administrators', 'auditors', 'users']);
  for (const { name, cost } of costs)
    expect({ name, defaultOrStronger: cost === 0 || cost >= 10 }).toEqual({ name, defaultOrStronger: true });

  // The invoice fields take what the rulebook says an invoice may be (src/rules/invoice.ts):
  // the form's size and types and the server's are one rule (issue 36).
  for (const [collection, field] of [
    ['submissions', 'file'],
    ['retained_records', 'invoice'],
  ] as const) {
    const invoice = again.collections.find((c) => c.name === collection)!.fields.find((f) => f.name === field)!;
    expect({ collection, maxSize: invoice.maxSize, mimeTypes: [...invoice.mimeTypes].sort() }).toEqual({
      collection,
      maxSize: INVOICE.maxBytes,
      mimeTypes: [...INVOICE.mimeTypes].sort(),
    });
  }
});

it('every migration is hand-written: none was generated by PocketBase from a collection change', () => {
  // PocketBase names generated files <unix time>_created_|updated_|deleted_<name>.js; ours
  // are numbered from 1750000001. `serve` runs with --automigrate=false (scripts/lib/pocketbase.mjs).
  const files = readdirSync(path.join(ROOT, 'pb_migrations')).filter((f) => f.endsWith('.js'));
  expect(files.filter((f) => !/^17500000\d\d_[a-z0-9_]+\.js$/.test(f) || /^\d+_(created|updated|deleted)_/.test(f))).toEqual([]);
});
