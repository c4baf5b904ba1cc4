// The staff log's actions in German (issue 35): the data area's list and the CSV download
// (pb_hooks/lib/backoffice.js, through the rulebook bundle) name an action the same way.

export const STAFF_LOG_LABELS: Record<string, string> = {
  'workshop.resend_verification': 'Bestätigungs-E-Mail erneut gesendet',
  'workshop.resend_code_mail': 'Code-E-Mail erneut gesendet',
  'workshop.correct_connection': 'Kundennummer korrigiert',
  'workshop.block': 'Werkstatt gesperrt',
  'workshop.unblock': 'Werkstatt entsperrt',
  'sales_import.upload': 'Umsatzdatei importiert',
  'sales_import.confirm': 'Umsatzimport bestätigt',
  'sales_import.self_confirm': 'Umsatzimport selbst bestätigt (einziger Administrator)',
  'sales_import.discard': 'Umsatzimport verworfen',
  'audit_results.upload': 'Prüfdatei hochgeladen',
  'audit_results.held_applied': 'Prüfdatei: Zeile mit Hinweisen übernommen',
  'audit_results.held_dropped': 'Prüfdatei: Zeile mit Hinweisen nicht übernommen',
  'partner_numbers.upload': 'Geschäftspartnernummern hochgeladen',
  'payout_batch.create': 'Auszahlungslauf erstellt',
  'payout_batch.release': 'Auszahlungslauf freigegeben',
  'payout_batch.self_release': 'Auszahlungslauf selbst freigegeben (einziger Administrator)',
  'payout_batch.export': 'Auszahlungslauf exportiert',
  'payout_batch.reexport': 'Auszahlungslauf erneut exportiert',
  'payout.request_bank_details': 'Neue Bankdaten angefordert',
  'user_file.create': 'Benutzerdatendatei erstellt',
  'registrations_file.create': 'Registrierungsdatei erstellt',
  'audit_file.create': 'Prüfdatei (offene Einreichungen) erstellt',
  'payout_batch.paid': 'Auszahlungslauf als ausgeführt bestätigt',
  'payout.return': 'Rückläufer erfasst',
  'payout.hold': 'Auszahlung angehalten',
  'payout.unhold': 'Auszahlung freigegeben',
  'mail.resend': 'E-Mail erneut gesendet',
  'review.passed': 'Rechnung geprüft: bestanden (Warteschlange)',
  'review.faulty': 'Rechnung geprüft: fehlerhaft (Warteschlange)',
  'review.missing': 'Rechnung geprüft: nicht vorhanden (Warteschlange)',
  'review.corrected': 'Prüfergebnis korrigiert',
  'review.reading_corrected': 'Gelesenes Rechnungsfeld korrigiert',
  'campaign.create': 'Aktion angelegt (Kopie der letzten)',
  'campaign.update': 'Aktion geändert',
  'campaign.release': 'Aktion freigegeben',
  'privacy.data_export': 'Datenauskunft (ZIP) erstellt',
  'privacy.deletion_requested': 'Kontolöschung beantragt (wartet auf Abschluss)',
  'privacy.deletion_withdrawn': 'Vorgemerkte Löschung von der Werkstatt zurückgenommen',
  'privacy.account_deleted': 'Konto gelöscht',
  'privacy.retention': 'Aufbewahrungsfristen angewendet',
};

/** The German name of a staff log action; an action without one keeps its key. */
export function staffLogLabel(action: string): string {
  return STAFF_LOG_LABELS[action] ?? action;
}
