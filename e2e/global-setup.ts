import path from 'node:path';

import { buildIfStale } from '../scripts/lib/build.mjs';
import { ROOT } from '../scripts/lib/pocketbase.mjs';
import { startInbox } from '../tests/helpers/mail';
import { startPocketBase } from '../tests/helpers/pocketbase';

/** Builds the SPA if needed and serves it from a fresh PocketBase with a mail catcher. */
export default async function globalSetup() {
  buildIfStale();
  const inbox = await startInbox();
  const server = await startPocketBase({
    publicDir: path.join(ROOT, 'dist'),
    env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort) },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_INBOX_URL = inbox.webUrl;
  return async () => {
    await server.stop();
    await inbox.close();
  };
}
