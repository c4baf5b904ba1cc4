// @ts-check
import net from 'node:net';

import { freePort } from './ports.mjs';

// A real SMTP server on loopback whose answers its user decides: it can refuse a recipient
// (4xx/5xx), fail at the end of DATA, or hold a message (never answer), and it records what
// it accepted. Plain SMTP without TLS or AUTH, as PocketBase speaks it to a local relay.
// The outbox tests use it to script failures; bench:import uses it as a fast sink
// (MailDev takes ~60 mails/s).

/**
 * @typedef {object} SmtpServer
 * @property {string} host
 * @property {number} port
 * @property {{ to: string[], data: string }[]} accepted messages accepted: envelope recipients and raw data
 * @property {string} rcptReply the reply to RCPT TO (default '250 OK')
 * @property {string} dataReply the reply after DATA's final dot (default '250 OK'); 'hold' never replies
 * @property {() => Promise<void>} held resolves when a message is held (dataReply 'hold')
 * @property {() => Promise<void>} close
 */

/**
 * The readable text of a raw message (quoted-printable soft breaks and escapes undone).
 * @param {string} raw
 */
export function decodedText(raw) {
  const joined = raw.replace(/=\r\n/g, '');
  /** @type {number[]} */
  const bytes = [];
  for (let i = 0; i < joined.length; i += 1) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(String(joined[i]), 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Starts the server on a free port, or on `wantedPort` (the same server back after an outage).
 * @param {number} [wantedPort]
 * @returns {Promise<SmtpServer>}
 */
export async function startSmtpServer(wantedPort) {
  const port = wantedPort ?? (await freePort());
  /** @type {(() => void) | null} */
  let onHeld = null;
  /** @type {Set<net.Socket>} */
  const sockets = new Set();
  /** @type {SmtpServer} */
  const state = {
    host: '127.0.0.1',
    port,
    accepted: [],
    rcptReply: '250 OK',
    dataReply: '250 OK',
    held: () => new Promise((r) => (onHeld = r)),
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r(undefined));
      }),
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    /** @type {string[]} */
    let to = [];
    let data = '';
    const reply = (/** @type {string} */ line) => socket.write(`${line}\r\n`);
    reply('220 test-smtp ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (state.dataReply === 'hold') {
            onHeld?.();
            return;
          }
          if (state.dataReply.startsWith('250')) state.accepted.push({ to, data });
          reply(state.dataReply);
          to = [];
          data = '';
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test-smtp');
        else if (verb === 'MAIL') reply('250 OK');
        else if (verb === 'RCPT') {
          if (state.rcptReply.startsWith('250')) to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1'));
          reply(state.rcptReply);
        } else if (verb === 'DATA') {
          if (to.length === 0) reply('554 no valid recipients');
          else {
            inData = true;
            reply('354 go ahead');
          }
        } else if (verb === 'RSET') {
          to = [];
          reply('250 OK');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', () => r(undefined)));
  return state;
}
