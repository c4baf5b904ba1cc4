/** The fields of a workshop's account that the workshop fills in and edits (besides e-mail and password). */
export const WORKSHOP_FIELDS = ['firstName', 'lastName', 'phone', 'shopName', 'address', 'streetNumber', 'zipCode', 'city'] as const;
export type WorkshopFields = Record<(typeof WORKSHOP_FIELDS)[number], string>;
