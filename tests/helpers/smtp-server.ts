// The scriptable SMTP server lives with the scripts (bench:import uses it too).
export { decodedText, startSmtpServer } from '../../scripts/lib/smtp-server.mjs';
export type { SmtpServer } from '../../scripts/lib/smtp-server.mjs';
