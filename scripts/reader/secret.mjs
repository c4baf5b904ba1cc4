// @ts-check
// The secret the reader shows PocketBase's internal routes (issue 61): PORTAL_READER_SECRET, or a
// random one kept in the data directory (readable by its owner only), written before PocketBase
// starts so both find it. The hooks read the same file (pb_hooks/lib/invoice-reading.js).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SECRET_FILE = '.portal-reader-secret';
export const SECRET_HEADER = 'X-Portal-Reader-Key';

/**
 * @param {string} dataDir
 * @param {NodeJS.ProcessEnv} [env]
 */
export function readerSecret(dataDir, env = process.env) {
  if (env.PORTAL_READER_SECRET) return env.PORTAL_READER_SECRET;
  const file = path.join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return readFileSync(file, 'utf8').trim();
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(24).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
