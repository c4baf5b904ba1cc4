// Local SMTP catcher with a web inbox (MailDev), used by `npm start` when no
// SMTP_HOST is configured and by the tests to read mails back over real SMTP.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export async function startMailCatcher({ smtpPort, webPort, host = '127.0.0.1' }) {
  const MailDev = require('maildev');
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: host, webIp: host, silent: true, noOpen: true });
  await new Promise((resolve, reject) => {
    maildev.listen((err) => (err ? reject(err) : resolve()));
  });
  return {
    smtpHost: host,
    smtpPort,
    webUrl: `http://${host}:${webPort}`,
    close: () => new Promise((resolve) => maildev.close(() => resolve())),
  };
}
