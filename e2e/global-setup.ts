import path from 'node:path';

import PocketBase from 'pocketbase';

import { buildIfStale } from '../scripts/lib/build.mjs';
import { demoCentres } from '../scripts/demo/centres.mjs';
import { ROOT } from '../scripts/lib/pocketbase.mjs';
import { startInbox } from '../tests/helpers/mail';
import { SUPERUSER, startPocketBase } from '../tests/helpers/pocketbase';

// The browser tests' build has a tag manager configured, so the consent tests can prove
// it stays unloaded until opt-in. Requests to it are answered inside the browser.
export const E2E_GTM_ID = 'GTM-E2ETEST';
const OUT_DIR = 'dist-e2e';

/** Builds the SPA if needed and serves it from a fresh PocketBase with a mail catcher. */
export default async function globalSetup() {
  buildIfStale(console.log, { outDir: OUT_DIR, env: { VITE_GTM_ID: E2E_GTM_ID } });
  const inbox = await startInbox();
  const server = await startPocketBase({
    publicDir: path.join(ROOT, OUT_DIR),
    env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort) },
  });
  await seedCentres(server.admin);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_INBOX_URL = inbox.webUrl;
  process.env.E2E_SUPERUSER = JSON.stringify(SUPERUSER);
  return async () => {
    await server.stop();
    await inbox.close();
  };
}

/** The start command's 320 demo service centres, so the combobox is tested against real volume. */
async function seedCentres(admin: PocketBase) {
  const queue = demoCentres();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let c = queue.shift(); c; c = queue.shift()) await admin.collection('nora_lz').create(c);
    }),
  );
}
