import path from 'node:path';

import { buildIfStale } from '../scripts/lib/build.mjs';
import { seedDemo } from '../scripts/demo/seed.mjs';
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
    env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort), VITE_GTM_ID: E2E_GTM_ID },
  });
  // The start command's demo data: 320 centres, the demo workshop with sales, codes and submissions.
  await seedDemo({ url: server.url, superuser: SUPERUSER });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_INBOX_URL = inbox.webUrl;
  process.env.E2E_SUPERUSER = JSON.stringify(SUPERUSER);
  return async () => {
    await server.stop();
    await inbox.close();
  };
}
