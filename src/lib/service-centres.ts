// Service-centre search shared by the wizard and the profile (SPEC section 7).
export interface Centre {
  id: string;
  partnerName: string;
  city: string;
  zipCode: string;
}

/** When the links to the service centres could not all be saved (registration and profile). */
export const CONNECTIONS_FAILED = 'Fehler beim Aktualisieren der Leistungszentren';

export const CENTRE_PAGE_SIZE = 500;
export const CENTRE_OPTION_LIMIT = 100;
export const CENTRE_SEARCH_DEBOUNCE_MS = 500;
