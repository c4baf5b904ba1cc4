import { TEST_GTM_ID, testBuild } from '../scripts/lib/build.mjs';
import { seedDemo } from '../scripts/demo/seed.mjs';
import { startPageRenderer } from '../scripts/lib/page-renderer.mjs';
import { startInbox } from '../tests/helpers/mail';
import { SUPERUSER, startPocketBase } from '../tests/helpers/pocketbase';

// The browser tests' build has a tag manager configured, so the consent tests can prove
// it stays unloaded until opt-in. Requests to it are answered inside the browser.
export const E2E_GTM_ID = TEST_GTM_ID;

/**
 * Serves the test run's build (made once by npm test, or here when missing or stale) from a
 * fresh PocketBase with a mail catcher and the invoice reader, its public pages rendered with the campaign in force as
 * `npm start` renders them (decision 061).
 */
export default async function globalSetup() {
  const publicDir = testBuild(console.log);
  const inbox = await startInbox();
  // The reader beside PocketBase (issue 61), as `npm start` runs it: every invoice is read on arrival.
  const server = await startPocketBase({
    publicDir,
    reader: true,
    env: { SMTP_HOST: inbox.smtpHost, SMTP_PORT: String(inbox.smtpPort), VITE_GTM_ID: E2E_GTM_ID },
  });
  // The start command's demo data: 320 centres, the demo workshop with sales, codes and submissions.
  await seedDemo({ url: server.url, superuser: SUPERUSER });
  const renderer = startPageRenderer({ apiUrl: server.url, dataDir: server.dataDir, publicDir, intervalMs: 1000, log: console.log });
  await renderer.first;
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_INBOX_URL = inbox.webUrl;
  process.env.E2E_SUPERUSER = JSON.stringify(SUPERUSER);
  return async () => {
    renderer.stop();
    await server.stop();
    await inbox.close();
  };
}
