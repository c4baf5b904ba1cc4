// Why a row of a staff CSV file (sales data, business partner numbers) was refused, written once
// for both imports (issue 36). The rows name the column as the file does.
import { LIMITS, MESSAGES } from './messages';

export const CSV_ROW = {
  columns: 'Falsche Anzahl an Spalten',
  missing: (column: string) => `Pflichtfeld fehlt: ${column}`,
  tooLong: (column: string) => `Feld zu lang (höchstens ${LIMITS.idMax} Zeichen): ${column}`,
  user: 'Unbekannte Benutzer-ID',
  // A sales row without a User-ID is matched by the customer number at its centre (issue 58).
  noCustomer: 'Ohne User-ID: keine Werkstatt hat diese Kundennummer (knr) bei diesem Leistungszentrum (bnr). Bitte die User-ID angeben.',
  ambiguousCustomer:
    'Ohne User-ID: mehrere Werkstätten haben diese Kundennummer (knr) bei diesem Leistungszentrum (bnr). Bitte die User-ID angeben.',
  // A sales row's amount (pb_hooks/lib/amounts.js), date and repeats (pb_hooks/lib/sales-rows.js).
  amountInvalid: 'Ungültiger Umsatz: erwartet wird ein Betrag mit höchstens zwei Nachkommastellen, z. B. 1234,50 oder 1.234,50',
  amountAmbiguous:
    'Mehrdeutiger Umsatz: ein Punkt mit drei Ziffern danach kann Tausender- oder Dezimalpunkt sein. Bitte als 1234,00 oder 1.234,00 angeben',
  /** `max`: the campaign's bound per row as German euros ('100.000,00 €'). */
  amountBand: (max: string) => `Umsatz außerhalb des erlaubten Bereichs (höchstens ±${max} je Zeile)`,
  date: 'Ungültiges Lieferdatum (erwartet JJJJ-MM-TT)',
  period: 'Lieferdatum liegt außerhalb des Aktionszeitraums',
  duplicate: (line: string) => `Doppelte Zeile in dieser Datei (gleiche Werte für user, bnr, knr, gpnr und deliverydate wie Zeile ${line})`,
  // A business partner number row (pb_hooks/lib/exports.js).
  partnerNoLink: 'Diese Werkstatt ist mit keinem Leistungszentrum mit dieser bnr verknüpft',
  partnerKnr: 'Kundennummer (knr) passt nicht zur Verknüpfung',
} as const;

/** Why a row of an auditor's verdict file was not applied (pb_hooks/lib/audits.js). */
export const AUDIT_ROW = {
  unknown: 'Unbekannte RechnungsID',
  values: 'Checked und Faulty müssen jeweils 0 oder 1 sein',
  notInAudit: 'Die Einreichung ist nicht mehr in Prüfung',
  missingId: 'RechnungsID fehlt',
  duplicateRow: 'RechnungsID kommt in der Datei mehrfach vor',
  tooManyHeld: 'Zu viele Zeilen mit Hinweisen in einer Datei: bitte in der Prüfwarteschlange entscheiden',
} as const;

/** The audit file's column 'Doppelte Rechnung' (issue 35: never 'nein' beside such a hint). */
export const AUDIT_FILE_DUPLICATE = {
  both: 'ja: gleiche Datei und Rechnungsnummer',
  file: 'ja: gleiche Datei',
  number: 'ja: gleiche Rechnungsnummer',
  none: 'nein',
} as const;

/**
 * The key a customer number is matched by: letters and digits only, case ignored, as the
 * portal stores it (the add-centre dialog leaves everything else out; issue 58).
 */
export function customerKey(bnr: string, knr: string): string {
  return `${String(bnr).trim()}\u0000${String(knr)
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()}`;
}

/** A business partner number: empty, or 1 to 30 letters and digits. */
export function gpnrProblem(value: string): string | null {
  const gpnr = String(value ?? '').trim();
  return gpnr && !new RegExp(`^[A-Za-z0-9]{1,${LIMITS.idMax}}$`).test(gpnr) ? MESSAGES.gpnr : null;
}
