// Why a row of a staff CSV file (sales data, business partner numbers) was refused, written once
// for both imports (issue 36). The rows name the column as the file does.
import { LIMITS, MESSAGES } from './messages';

export const CSV_ROW = {
  columns: 'Falsche Anzahl an Spalten',
  missing: (column: string) => `Pflichtfeld fehlt: ${column}`,
  tooLong: (column: string) => `Feld zu lang (höchstens ${LIMITS.idMax} Zeichen): ${column}`,
  user: 'Unbekannte Benutzer-ID',
} as const;

/** A business partner number: empty, or 1 to 30 letters and digits. */
export function gpnrProblem(value: string): string | null {
  const gpnr = String(value ?? '').trim();
  return gpnr && !new RegExp(`^[A-Za-z0-9]{1,${LIMITS.idMax}}$`).test(gpnr) ? MESSAGES.gpnr : null;
}
