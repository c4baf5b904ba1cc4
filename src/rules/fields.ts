/** The fields of a workshop's account that the workshop fills in and edits (besides e-mail and password). */
export const WORKSHOP_FIELDS = ['firstName', 'lastName', 'phone', 'shopName', 'address', 'streetNumber', 'zipCode', 'city'] as const;
export type WorkshopFields = Record<(typeof WORKSHOP_FIELDS)[number], string>;

/**
 * The body key under which a sign-up sends its password (decision 052). PocketBase hashes a
 * password each time its field is set, and its create handler sets `password` twice (resolving
 * the request's fields, then loading its form): a bcrypt hash of 60 ms wasted per sign-up. Under
 * this key, which is no field, the users hook sets the password once. `password` stays accepted.
 */
export const SIGN_UP_PASSWORD = 'signUpPassword';
