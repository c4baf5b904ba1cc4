import type { MailStatus } from './api/mail-log/model';
import type { Payout } from './api/payouts/model';

// German labels of server states, shared by the data area's blocks.

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Wartet auf Versand',
  sending: 'Wird gesendet',
  sent: 'Gesendet',
  failed: 'Fehlgeschlagen, neuer Versuch folgt',
  given_up: 'Aufgegeben',
};

export const MAIL_TEMPLATE_LABELS: Record<string, string> = {
  'code-issued': 'Cashback-Code',
  'submission-received': 'Einreichung eingegangen',
  'audit-passed': 'Prüfung bestanden',
  'audit-rejected': 'Einreichung wiederholen',
  'payout-sent': 'Auszahlung unterwegs',
  'bank-details-needed': 'Neue Bankverbindung nötig',
  'email-changed': 'E-Mail-Adresse geändert',
  'password-changed': 'Passwort geändert',
  'auth-email-change': 'Neue E-Mail-Adresse bestätigen',
  'auth-verification': 'E-Mail-Bestätigung',
  'auth-password-reset': 'Passwort zurücksetzen',
  'auth-login-code': 'Anmeldecode',
  'auth-alert': 'Anmeldehinweis',
};

export const PAYOUT_STATUS_LABELS: Record<Payout['status'], string> = {
  payable: 'Auszahlbar',
  held: 'Angehalten',
  in_batch: 'Im Auszahlungslauf',
  exported: 'Exportiert',
  paid: 'Ausgezahlt',
  returned: 'Zurückgekommen',
};
