// @ts-check
// Local SMTP catcher with a web inbox (MailDev), used by `npm start` when no
// SMTP_HOST is configured and by the tests to read mails back over real SMTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * MailDev, loaded only when a catcher starts (a portal with its own SMTP server never needs it).
 * It ships no types: its constructor, as this module uses it.
 * @returns {new (options: object) => { listen(cb: (err?: Error) => void): void, close(cb: () => void): void, deleteAllEmail(cb: () => void): void }}
 */
const mailDev = () => createRequire(import.meta.url)('maildev');

/**
 * Starts MailDev with an SMTP port and a web inbox of its own.
 * @param {{ smtpPort: number, webPort: number, host?: string }} options
 */
export async function startMailCatcher({ smtpPort, webPort, host = '127.0.0.1' }) {
  // Its own mail directory: MailDev's default is one per process, which two catchers in one
  // process (tests) would share and read each other's mails from.
  const mailDirectory = mkdtempSync(path.join(tmpdir(), 'maildev-'));
  const MailDev = mailDev();
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: host, webIp: host, silent: true, noOpen: true, mailDirectory });
  /** @type {() => Promise<void>} */
  const started = () =>
    new Promise((resolve, reject) => {
      maildev.listen((err) => (err ? reject(err) : resolve()));
    });
  await started();
  // MailDev keeps its mails in one list per process, which a catcher started after another one in
  // the same process (API test files share a worker) would begin with. Loading its (empty) mail
  // directory empties the list too, but when a read of the directory ends; this is before any mail.
  await new Promise((resolve) => maildev.deleteAllEmail(() => resolve(undefined)));
  return {
    smtpHost: host,
    smtpPort,
    webUrl: `http://${host}:${webPort}`,
    /** @type {() => Promise<void>} */
    close: () =>
      new Promise((resolve) =>
        maildev.close(() => {
          rmSync(mailDirectory, { recursive: true, force: true });
          resolve();
        }),
      ),
  };
}
