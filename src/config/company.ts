// The operator's legal details for the Impressum. Every value in [eckigen Klammern]
// is a placeholder that must be replaced with the real company data before going live.
export const PLACEHOLDER = /^\[.*\]$/;

export const company = {
  name: '[Firmenname GmbH]',
  street: '[Straße und Hausnummer]',
  zipCity: '[PLZ Ort]',
  country: 'Deutschland',
  phone: '[Telefonnummer]',
  email: 'cashback@nora-aktion.de',
  management: '[Geschäftsführung: Vorname Nachname]',
  register: '[Registergericht, HRB-Nummer]',
  vatId: '[USt-IdNr. DE000000000]',
  bank: { name: '[Bankname]', iban: '[IBAN]', bic: '[BIC]' },
  responsibleForContent: '[Vorname Nachname, Anschrift wie oben]',
} as const;
