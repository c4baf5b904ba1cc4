// German labels of the states the portal stores, written once (issue 36) for the profile page,
// the data area and the workshop's data export (pb_hooks/lib/data-export.js, through the
// rulebook bundle).

/** A cashback code (SPEC's three labels). */
export const VOUCHER_STATUS_LABELS = { open: 'Offen', audit: 'In Prüfung', closed: 'Eingelöst' } as const;

/** A redemption, in the workshop's words. */
export const SUBMISSION_STATUS_LABELS = {
  pending: 'In Prüfung',
  passed: 'Geprüft und anerkannt',
  rejected: 'Nicht anerkannt: bitte erneut einreichen',
} as const;

/** An auditor's verdict, in the workshop's words. */
export const AUDIT_OUTCOME_LABELS = { passed: 'Anerkannt', rejected: 'Nicht anerkannt' } as const;

/** A payout in the workshop's words: a held payout is 'in Vorbereitung' too (the reason is internal). */
export const WORKSHOP_PAYOUT_LABELS = {
  payable: 'in Vorbereitung',
  held: 'in Vorbereitung',
  in_batch: 'in Vorbereitung',
  exported: 'angewiesen',
  paid: 'ausgezahlt',
  returned: 'zurückgekommen: bitte Bankdaten prüfen',
} as const;

/** A payout's state as staff see it (the data area's payouts and back office). */
export const PAYOUT_STATUS_LABELS = {
  payable: 'Auszahlbar',
  held: 'Angehalten',
  in_batch: 'Im Auszahlungslauf',
  exported: 'Exportiert',
  paid: 'Ausgezahlt',
  returned: 'Zurückgekommen',
} as const;
export type PayoutStatus = keyof typeof PAYOUT_STATUS_LABELS;

/** A mail of the outbox or of PocketBase's own (the mail log). */
export const MAIL_STATUS_LABELS = {
  queued: 'Wartet auf Versand',
  sending: 'Wird gesendet',
  sent: 'Gesendet',
  failed: 'Fehlgeschlagen, neuer Versuch folgt',
  given_up: 'Aufgegeben',
} as const;

export type MailStatus = keyof typeof MAIL_STATUS_LABELS;

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

/** The label of `value` in `labels`, or the value itself when it has none. */
export function labelOf(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value;
}
