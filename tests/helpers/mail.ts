import { startMailCatcher } from '../../scripts/lib/mail-catcher.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { until } from './poll';

export interface CaughtMail {
  id: string;
  subject: string;
  html: string;
  text?: string;
  to: { address: string; name?: string }[];
  from: { address: string; name?: string }[];
}

export interface MailInbox {
  smtpHost: string;
  smtpPort: number;
  webUrl: string;
  all(): Promise<CaughtMail[]>;
  /** Waits until a mail to `address` matching `predicate` arrives. */
  waitFor(address: string, predicate?: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export type InboxReader = Pick<MailInbox, 'all' | 'waitFor'>;

/** Reads a running catcher's mails through its web API (the browser tests reach it by URL). */
export function inboxReader(webUrl: string): InboxReader {
  const all = async () => {
    const res = await fetch(`${webUrl}/email`);
    return (await res.json()) as CaughtMail[];
  };
  return {
    all,
    waitFor: (address, predicate = () => true, timeoutMs = 10_000) =>
      until(
        `a mail to ${address}`,
        async () => (await all()).find((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()) && predicate(m)),
        { timeoutMs, everyMs: 100 },
      ),
  };
}

/** The one-time login code in a staff member's code mail. */
export function otpIn(mail: CaughtMail): string {
  const code = /(?:^|[^\d])(\d{6})(?:[^\d]|$)/.exec(mail.text ?? mail.html.replace(/<[^>]+>/g, ' '));
  if (!code) throw new Error(`No one-time code in the mail "${mail.subject}"`);
  return code[1]!;
}

/** A real SMTP catcher on free ports; mails are read back through its web API. */
export async function startInbox(): Promise<MailInbox> {
  const catcher = await startMailCatcher({ smtpPort: await freePort(), webPort: await freePort() });
  return { ...catcher, ...inboxReader(catcher.webUrl) };
}

/** The first link in a mail's HTML that points at `pathPrefix`. */
export function linkIn(mail: CaughtMail, pathPrefix: string): string {
  const match = mail.html.match(new RegExp(`href="([^"]*${pathPrefix}[^"]*)"`));
  if (!match) throw new Error(`No link to ${pathPrefix} in mail "${mail.subject}"`);
  return match[1]!.replace(/&amp;/g, '&');
}
