import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ensureBinary } from '../../scripts/lib/pocketbase.mjs';
import { CAMPAIGN_NOW, prepareDataDir, TEMPLATE_ENV } from './pocketbase';

// Vitest global set-up of the API layer (issue 33): one data directory migrated once per run (the
// app's migrations included: `migrate up`), with the tests' superuser in it. startPocketBase copies
// it for each test file instead of migrating an empty directory (a start took 1.1 s and 1.3 s of
// PocketBase's CPU, now 0.3 s and 0.3 s); every file still gets its own copy and its own
// PocketBase process. Passwords in it are hashed at TEST_PASSWORD_COST. tests/api/migrations.test.ts still migrates from nothing.
export default function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-template-'));
  prepareDataDir(ensureBinary(), dir, { ...process.env, PORTAL_NOW: CAMPAIGN_NOW, SMTP_HOST: '' });
  // The forks that run the test files inherit this process's environment.
  process.env[TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
