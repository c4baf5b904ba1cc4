import net from 'node:net';
import { expect, it } from 'vitest';

import { startInbox } from './helpers/mail';

// The API test files of a worker share its process (vitest.config.ts, isolate: false), and MailDev
// keeps its mails in one list per process: each file's catcher must begin with none of the mails
// an earlier file's catcher received. (MailDev's own load of the catcher's empty mail directory
// empties the list as well, a moment after the start; startMailCatcher empties it before it returns.)

/** Sends one plain mail over SMTP, line by line as a client does, to `port` on loopback. */
function sendMail(port: number, to: string, subject: string) {
  const lines = [
    'HELO test',
    'MAIL FROM:<portal@example.org>',
    `RCPT TO:<${to}>`,
    'DATA',
    `From: portal@example.org\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\nHallo\r\n.`,
    'QUIT',
  ];
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString();
      // One command after each complete reply (the greeting first).
      while (buffered.includes('\r\n')) {
        const reply = buffered.slice(0, buffered.indexOf('\r\n'));
        buffered = buffered.slice(buffered.indexOf('\r\n') + 2);
        if (!/^\d{3} /.test(reply)) continue;
        if (/^[45]/.test(reply)) return reject(new Error(`SMTP refused: ${reply}`));
        const line = lines.shift();
        if (line) socket.write(`${line}\r\n`);
      }
    });
    socket.on('close', () => (lines.length ? reject(new Error('SMTP closed early')) : resolve()));
    socket.on('error', reject);
  });
}

it("a catcher started after another in the same process begins without the other's mails", async () => {
  const first = await startInbox();
  await sendMail(first.smtpPort, 'erste@example.org', 'Erste Mail');
  await first.waitFor('erste@example.org');
  await first.close();

  const second = await startInbox();
  try {
    await sendMail(second.smtpPort, 'zweite@example.org', 'Zweite Mail');
    await second.waitFor('zweite@example.org');
    expect((await second.all()).map((m) => m.subject)).toEqual(['Zweite Mail']);
  } finally {
    await second.close();
  }
});
