// The German sentences only the server says (issue 62): the hooks' refusals and notes to staff
// and workshops, written once here and bundled into the hooks (pb_hooks/vendor/rules.js;
// the request guards' into rules-light.js). tests/written-once.test.ts fails on a German
// sentence written in pb_hooks or scripts instead. Grouped by the hook module that says them.

/** `codes` named up to ten, then how many more. */
const someOf = (codes: readonly string[]) =>
  `${codes.slice(0, 10).join(', ')}${codes.length > 10 ? ` und ${codes.length - 10} weiteren` : ''}`;

/** Payout batches, holds and returns (pb_hooks/lib/payouts/). */
export const PAYOUT_MESSAGES = {
  /** A line of xmllint's complaints about a payment file names its line so. */
  xmlLine: (line: string) => `Zeile ${line}:`,
  nothingPayable: 'Es gibt keine auszahlbaren Einreichungen.',
  limit: 'Die Höchstzahl muss eine ganze Zahl von 1 bis 100.000 sein.',
  notCreated: 'Dieser Auszahlungslauf ist nicht mehr zur Freigabe offen.',
  fourEyes: 'Diesen Auszahlungslauf muss ein anderer Administrator freigeben als der, der ihn erstellt hat (Vier-Augen-Prinzip).',
  selfRelease: 'Sie sind der einzige Administrator. Bitte bestätigen Sie ausdrücklich, dass Sie diesen Auszahlungslauf selbst freigeben.',
  notReleased: 'Nur ein freigegebener oder bereits exportierter Auszahlungslauf kann exportiert werden.',
  unfitNames: (codes: readonly string[]) =>
    `Der Name des Kontoinhabers lässt sich nicht in SEPA-Zeichen schreiben bei: ${someOf(codes)}. Bitte fordern Sie für diese Auszahlungen neue Bankdaten an; die Datei wurde nicht erstellt.`,
  schemaInvalid: (problems: string) =>
    `Die SEPA-Datei entspricht nicht dem Schema pain.001.001.09 und wurde nicht erstellt. Der Auszahlungslauf bleibt unverändert. Prüfung: ${problems}`,
  schemaUnavailable:
    'Die SEPA-Datei kann nicht gegen das Schema geprüft werden (xmllint fehlt auf dem Server). Ohne Prüfung wird keine Datei erstellt.',
  notExported: 'Nur ein exportierter Auszahlungslauf kann als ausgeführt bestätigt werden.',
  executionDate: 'Bitte geben Sie ein Ausführungsdatum von heute an (JJJJ-MM-TT) an.',
  paidOn: 'Bitte geben Sie das Ausführungsdatum der Bank an (JJJJ-MM-TT), nicht vor dem Export und nicht in der Zukunft.',
  debtor:
    'Das Auszahlungskonto (Name, IBAN, BIC) ist nicht eingerichtet. Bitte in den Einstellungen oder über PORTAL_DEBTOR_NAME, PORTAL_DEBTOR_IBAN und PORTAL_DEBTOR_BIC hinterlegen.',
  notReturnable: 'Nur ein exportierter oder ausgezahlter Betrag kann als zurückgekommen erfasst werden.',
  reason: 'Bitte wählen Sie den Rückgabegrund der Bank.',
  notHoldable: 'Nur eine auszahlbare Auszahlung kann angehalten werden.',
  notHeld: 'Diese Auszahlung ist nicht angehalten.',
  notRequestable: 'Neue Bankdaten lassen sich nur für eine Auszahlung anfordern, die noch nicht exportiert ist.',
  notReturned: 'Für diese Auszahlung werden keine neuen Bankdaten benötigt.',
  notFound: 'Diesen Datensatz gibt es nicht.',
} as const;

/** The back office's commands on a workshop (pb_hooks/lib/backoffice.js). */
export const BACKOFFICE_MESSAGES = {
  notFound: 'Diese Werkstatt gibt es nicht.',
  alreadyVerified: 'Diese E-Mail-Adresse ist bereits bestätigt.',
  voucher: 'Dieser Code gehört nicht zu dieser Werkstatt.',
  connection: 'Diese Verknüpfung gehört nicht zu dieser Werkstatt.',
  alreadyBlocked: 'Diese Werkstatt ist bereits gesperrt.',
  notBlocked: 'Diese Werkstatt ist nicht gesperrt.',
  action: 'Diese Aktion gibt es nicht.',
  invalid: 'Die Eingaben sind ungültig.',
} as const;

/** The mail log's resend (pb_hooks/outbox.pb.js). */
export const OUTBOX_MESSAGES = {
  notFound: 'Diese E-Mail gibt es nicht.',
  authMail: 'Anmelde-E-Mails (Bestätigung, Passwort, Anmeldecode) werden nicht erneut gesendet, sondern neu angefordert.',
  /** The mail log's error of a mail given up without an error of its own. */
  givenUp: 'Nach 24 Stunden aufgegeben.',
  /** The mail log's error when the mail server was not reached (`error`: its own words). */
  unreachable: (error: string) => `Mailserver nicht erreichbar: ${error}`,
} as const;

/** The text of the button each mail ends with, by template (pb_hooks/lib/outbox.js has where it leads). */
export const MAIL_LINK_TEXTS = {
  'code-issued': 'Cashback jetzt einlösen',
  'submission-received': 'Stand im Profil ansehen',
  'audit-passed': 'Stand im Profil ansehen',
  'audit-rejected': 'Rechnung erneut einreichen',
  'payout-sent': 'Ihr Profil ansehen',
  'bank-details-needed': 'Bankverbindung jetzt korrigieren',
  'email-changed': 'Zum Portal',
  'password-changed': 'Passwort zurücksetzen',
  'account-deleted': 'Datenschutzerklärung',
} as const;

/** The reasons the server itself writes into the staff log (the back office's 'Protokoll'). */
export const STAFF_LOG_REASONS = {
  workshopAsked: 'Auf Wunsch der Werkstatt (Profil)',
  deferredDeletion: 'Vorgemerkte Löschung, nach Abschluss der Einreichungen und Auszahlungen ausgeführt',
  selfExport: 'Selbstauskunft über das Profil',
  onlyAdminReleased: 'Einziger Administrator: ausdrücklich selbst freigegeben',
  onlyAdminConfirmed: 'Einziger Administrator: ausdrücklich selbst bestätigt',
  retention: 'Aufbewahrungsfristen (Datenschutzerklärung)',
  unverifiedAccount: (days: number) => `Aufbewahrungsfrist: E-Mail-Adresse ${days} Tage nicht bestätigt`,
  heldRow: (file: string, line: number) => `Prüfdatei ${file}, Zeile ${line}`,
} as const;

/** The dashboard's ages of the audit backlog (pb_hooks/lib/dashboard.js). */
export const BACKLOG_LABELS = ['0–7 Tage', '8–14 Tage', '15–28 Tage', 'über 28 Tage'] as const;

/** A cookie consent sent to the server (pb_hooks/lib/consents.js). */
export const CONSENT_MESSAGES = {
  id: 'Ungültige Consent-ID.',
  categories: 'Ungültige Kategorien.',
  version: 'Ungültige Vorlagenversion.',
  language: 'Ungültige Sprache.',
} as const;

/** Requests the server refuses before any other hook (pb_hooks/lib/crash-guards.js, in the light bundle). */
export const REQUEST_MESSAGES = {
  topic: 'Ungültiges Realtime-Abonnement: erlaubt sind nur "sammlung/*" und "sammlung/<id>" ohne Optionen.',
  fields: 'Ungültige Feldauswahl: nur Feldnamen, durch Kommas getrennt.',
  batch: 'Sammelanfragen werden nicht unterstützt.',
  query: 'Ungültige Anfrage: die Adresse enthält eine fehlerhafte Kodierung.',
  /** A record's id is never the client's to choose (pb_hooks/lib/guards.js). */
  serverId: 'Die ID eines Datensatzes vergibt der Server.',
  /** The front's answer when it fails itself (scripts/lib/front/server.mjs). */
  failed: 'Etwas ist schiefgelaufen.',
} as const;

/** An uploaded invoice's file (pb_hooks/lib/invoice-file.js). */
export const INVOICE_FILE_MESSAGES = {
  type: 'Die Datei ist keine PNG-, JPEG- oder PDF-Datei. Bitte laden Sie die Rechnung in einem dieser Formate hoch.',
  unreadable: 'Das Bild ist beschädigt oder unvollständig: Seine Größe lässt sich nicht lesen. Bitte laden Sie die Rechnung erneut hoch.',
  tooLarge:
    'Das Bild ist zu groß: höchstens 40 Megapixel und 10.000 Pixel je Seite. Bitte laden Sie eine kleinere Aufnahme oder ein PDF hoch.',
} as const;

/** The staff's CSV uploads: sales data, business partner numbers, audit verdicts (pb_hooks/lib/import-pipeline.js and the imports). */
export const IMPORT_MESSAGES = {
  empty: 'Die Datei ist leer.',
  binary: 'Die Datei ist keine Textdatei. Bitte laden Sie eine CSV-Datei hoch.',
  notUtf8: 'Die Datei ist nicht UTF-8-kodiert. Bitte speichern Sie sie als „CSV UTF-8“ und laden Sie sie erneut hoch.',
  /** The header a sales file needs (`columns` joined by commas). */
  salesHeader: (columns: string) =>
    `Falsche Kopfzeile. Erwartet werden genau die Spalten ${columns} (getrennt durch Komma oder Semikolon).`,
  salesInterrupted:
    'Der Import wurde unterbrochen (Server-Neustart). Es wurden keine Zeilen übernommen. Bitte laden Sie die Datei erneut hoch.',
  noCampaign: 'Es gibt keine aktive Aktion.',
  salesFailed: 'Beim Import ist ein Fehler aufgetreten. Es wurden keine Zeilen übernommen.',
  salesDiscarded: 'Von einem Administrator verworfen. Es wurden keine Zeilen übernommen.',
  /** The header a business partner number file needs. */
  partnerHeader: (columns: string) => `Falsche Kopfzeile. Erwartet werden genau die Spalten ${columns}.`,
  partnerFailed:
    'Beim Import ist ein Fehler aufgetreten. Bereits übernommene Zeilen bleiben bestehen; die Datei kann erneut hochgeladen werden.',
  auditHeader: 'Falsche Kopfzeile. Die Datei braucht die Spalten RechnungsID, Checked und Faulty (wie in der Prüfdatei).',
  auditFailed: 'Beim Verarbeiten der Prüfdatei ist ein Fehler aufgetreten. Verdikte, die bereits übernommen wurden, bleiben bestehen.',
} as const;

/** The plausibility gate of a sales import (pb_hooks/lib/sales-gate.js). */
export const GATE_MESSAGES = {
  notHeld: 'Dieser Import wartet nicht auf eine Bestätigung.',
  fourEyes: 'Diesen Import muss ein anderer Administrator bestätigen als der, der ihn hochgeladen hat (Vier-Augen-Prinzip).',
  selfConfirm: 'Sie sind der einzige Administrator. Bitte bestätigen Sie ausdrücklich, dass Sie diesen Import selbst freigeben.',
  weekCodes: (n: string, max: string) =>
    `In den letzten 7 Tagen kämen mit dieser Datei ${n} Cashback-Codes in der Aktion zusammen (Grenze: ${max}).`,
  weekPerWorkshop: (n: string, max: string) =>
    `Eine Werkstatt käme in den letzten 7 Tagen mit dieser Datei auf ${n} Cashback-Codes (Grenze: ${max}).`,
} as const;

/** The review queue's refusals and signals (pb_hooks/lib/review.js). */
export const REVIEW_MESSAGES = {
  notPending: 'Diese Einreichung ist nicht mehr in Prüfung.',
  sameFile: (id: string, code: string) => `Die Rechnungsdatei ist identisch mit der Einreichung ${id} (Code ${code}).`,
  sameIban: (shop: string, id: string) => `Diese IBAN nutzt auch eine andere Werkstatt: ${shop} (Einreichung ${id}).`,
  sameNumber: (number: string, id: string, code: string) =>
    `Die Rechnungsnummer ${number} steht auch auf der Einreichung ${id} (Code ${code}).`,
  afterCutoff: (invoiceDay: string, cutoffDay: string) =>
    `Rechnungsdatum ${invoiceDay} liegt nach dem letzten erlaubten Rechnungsdatum (${cutoffDay}).`,
  beforeCode: (invoiceDay: string, issuedDay: string) =>
    `Rechnungsdatum ${invoiceDay} liegt vor der Ausgabe des Codes am ${issuedDay}: verlangt ist die Rechnung des nächsten Einkaufs danach.`,
} as const;

/** What a deleted account's last mail says is kept (pb_hooks/lib/erasure.js). */
export const ERASURE_MESSAGES = {
  kept: (payouts: number, basis: string, untilDay: string) =>
    `Aufbewahrt werden nur ${payouts === 1 ? 'Ihre Auszahlung' : `Ihre ${payouts} Auszahlungen`} mit der zugehörigen Rechnung als Buchungsbeleg, weil das Steuer- und Handelsrecht es verlangt (${basis}), bis zum ${untilDay}. Nur unsere Administratoren können sie einsehen; danach werden sie gelöscht.`,
  nothingKept: 'Wir bewahren keine Daten Ihres Kontos auf.',
} as const;

/** How many of each part a workshop's data export holds (its LIESMICH.txt counts them). */
export interface DataExportCounts {
  leistungszentren: number;
  umsaetze: number;
  codes: number;
  einreichungen: number;
  auszahlungen: number;
  mails: number;
}

/** The data export's LIESMICH.txt (pb_hooks/lib/data-export.js), lines ending CRLF as Windows' editor expects. */
export function dataExportReadme(counts: DataExportCounts, made: { date: string; time: string }): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    `Ihre Daten im NORA Cashback-Portal, zusammengestellt am ${made.date} um ${made.time} Uhr`,
    '',
    'Dieses Archiv enthält alles, was das Portal über Ihr Konto gespeichert hat:',
    '',
    `- konto.csv: Ihre Anmeldedaten und Anschrift (ohne Passwort; es wird nur verschlüsselt gespeichert).`,
    `- leistungszentren.csv: ${count(counts.leistungszentren, 'verknüpftes Leistungszentrum', 'verknüpfte Leistungszentren')} mit Kundennummer.`,
    `- umsaetze.csv: ${count(counts.umsaetze, 'Umsatzzeile', 'Umsatzzeilen')}, wie Ihre Leistungszentren sie gemeldet haben; summen.csv: die Summen je Aktion.`,
    `- codes.csv: ${count(counts.codes, 'Cashback-Code', 'Cashback-Codes')}.`,
    `- einreichungen.csv: ${count(counts.einreichungen, 'Einreichung', 'Einreichungen')} mit Bankdaten; die Rechnungen im Ordner rechnungen/.`,
    `- pruefungen.csv: die Ergebnisse der Rechnungsprüfung mit den Hinweisen an Sie.`,
    `- auszahlungen.csv: ${count(counts.auszahlungen, 'Auszahlung', 'Auszahlungen')}.`,
    `- mails.csv: ${count(counts.mails, 'E-Mail', 'E-Mails')}, die das Portal an Sie geschickt hat (Art, Betreff, Zeitpunkt).`,
    '- daten.json: dieselben Angaben maschinenlesbar (Werte und Zustände wie gespeichert, Zeiten in UTC).',
    '',
    'Die CSV-Dateien öffnen Sie mit Excel oder LibreOffice (Trennzeichen Semikolon, UTF-8).',
    'Ihre Cookie-Einwilligung ist nicht Ihrem Konto zugeordnet, sondern nur Ihrem Browser; sie steht',
    'deshalb nicht in diesem Archiv. Interne Prüfvermerke unserer Mitarbeiter sind nicht enthalten.',
    '',
    'Fragen zu Ihren Daten beantwortet der Datenschutzkontakt, den Sie in der Datenschutzerklärung finden.',
    '',
  ].join('\r\n');
}
