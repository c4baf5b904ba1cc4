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
