#!/usr/bin/env node
// @ts-check
// `npm run restore -- <target data dir> [--timestamp 2026-11-26T15:00:00Z]`: rebuilds a data
// directory from the replica PORTAL_REPLICA_URL names (issue 38, decision 037); `npm start` with
// PORTAL_DATA_DIR=<target> then comes up with everything the replica held.
import { existsSync } from 'node:fs';
import path from 'node:path';

import { ROOT } from './lib/pocketbase.mjs';
import { restore } from './lib/replica.mjs';

if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'));
const args = process.argv.slice(2);
const at = args.indexOf('--timestamp');
const timestamp = at >= 0 ? args[at + 1] : undefined;
const target = args.find((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
const replicaUrl = process.env.PORTAL_REPLICA_URL;

if (!target || !replicaUrl) {
  console.error('Usage: PORTAL_REPLICA_URL=file:///backup/portal npm run restore -- <empty target dir> [--timestamp <RFC 3339>]');
  process.exit(2);
}
try {
  const started = Date.now();
  const { files, filesInBucket } = restore({ replicaUrl, target: path.resolve(target), timestamp });
  const what = filesInBucket ? '' : ` and ${files} files`;
  console.log(
    `[restore] data.db and auxiliary.db${timestamp ? ` as of ${timestamp}` : ''}${what} restored into ${path.resolve(target)} in ${Date.now() - started} ms.`,
  );
  if (filesInBucket) console.log('[restore] the invoices and CSV files stay in the bucket, where PocketBase reads them.');
  console.log(`[restore] start it with: PORTAL_DATA_DIR=${path.resolve(target)} npm start`);
} catch (err) {
  console.error(`[restore] ${/** @type {Error} */ (err).message}`);
  process.exit(1);
}
