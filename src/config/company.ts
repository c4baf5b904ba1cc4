// The operator's legal details for the Impressum. They come from the server
// (GET /api/portal/operator, filled from PORTAL_OPERATOR_* in the environment); every value
// the operator has not configured shows as a marked placeholder in [eckigen Klammern].
export const PLACEHOLDER = /^\[.*\]$/;

export interface Operator {
  name: string;
  street: string;
  zipCity: string;
  phone: string;
  email: string;
  management: string;
  register: string;
  vatId: string;
  bankName: string;
  iban: string;
  bic: string;
  responsible: string;
}

export const PLACEHOLDERS: Operator = {
  name: '[Firmenname GmbH]',
  street: '[Straße und Hausnummer]',
  zipCity: '[PLZ Ort]',
  phone: '[Telefonnummer]',
  email: 'cashback@nora-aktion.de',
  management: '[Geschäftsführung: Vorname Nachname]',
  register: '[Registergericht, HRB-Nummer]',
  vatId: '[USt-IdNr. DE000000000]',
  bankName: '[Bankname]',
  iban: '[IBAN]',
  bic: '[BIC]',
  responsible: '[Vorname Nachname, Anschrift wie oben]',
};

/** The configured values over the placeholders. */
export function withPlaceholders(configured: Partial<Record<keyof Operator, string | null>> | null): Operator {
  const result = { ...PLACEHOLDERS };
  for (const key of Object.keys(PLACEHOLDERS) as (keyof Operator)[]) {
    const value = configured?.[key];
    if (typeof value === 'string' && value.trim()) result[key] = value.trim();
  }
  return result;
}
