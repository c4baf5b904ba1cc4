// Local SMTP catcher with a web inbox (MailDev), used by `npm start` when no
// SMTP_HOST is configured and by the tests to read mails back over real SMTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

export async function startMailCatcher({ smtpPort, webPort, host = '127.0.0.1' }) {
  const MailDev = require('maildev');
  // Its own mail directory: MailDev's default is one per process, which two catchers in one
  // process (tests) would share and read each other's mails from.
  const mailDirectory = mkdtempSync(path.join(tmpdir(), 'maildev-'));
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: host, webIp: host, silent: true, noOpen: true, mailDirectory });
  await new Promise((resolve, reject) => {
    maildev.listen((err) => (err ? reject(err) : resolve()));
  });
  return {
    smtpHost: host,
    smtpPort,
    webUrl: `http://${host}:${webPort}`,
    close: () =>
      new Promise((resolve) =>
        maildev.close(() => {
          rmSync(mailDirectory, { recursive: true, force: true });
          resolve();
        }),
      ),
  };
}
