/// <reference path="../../pb_data/types.d.ts" />

const EMAIL_MAX = 120;

// Text fields whose length the schema checks; here they must also hold more than spaces.
const TRIMMED_MIN = { firstName: 2, lastName: 2, shopName: 2, address: 2, streetNumber: 1, city: 2 };

/** SPEC section 5 phone rules: digits, +, spaces, - and (); at least one digit; one leading + at most. */
function phoneProblem(phone) {
  if (!phone) return null;
  if (!/^[0-9+ ()-]+$/.test(phone)) return 'Telefonnummer kann nur Ziffern, +, Leerzeichen, - und () enthalten';
  if (!/[0-9]/.test(phone)) return 'Telefonnummer muss mindestens eine Ziffer enthalten';
  if ((phone.match(/\+/g) || []).length > 1 || phone.indexOf('+') > 0) return 'Das + ist nur einmal und nur am Anfang erlaubt';
  return null;
}

/**
 * Throws a 400 with field errors in PocketBase's shape, so the SPA can show them on the
 * fields. Runs for every client on create and update, before PocketBase's own validation.
 */
function assertUserLimits(record) {
  const errors = {};
  if (record.email().length > EMAIL_MAX) {
    errors.email = new ValidationError('validation_length_out_of_range', `Must be no more than ${EMAIL_MAX} characters.`);
  }
  for (const field of Object.keys(TRIMMED_MIN)) {
    const value = record.getString(field);
    if (value.length > 0 && value.trim().length < TRIMMED_MIN[field]) {
      errors[field] = new ValidationError('validation_length_out_of_range', `Must be at least ${TRIMMED_MIN[field]} non-space characters.`);
    }
  }
  const phone = phoneProblem(record.getString('phone'));
  if (phone) errors.phone = new ValidationError('validation_invalid_phone', phone);
  if (Object.keys(errors).length > 0) {
    throw new BadRequestError('Failed to create record.', errors);
  }
}

function normalizeEmail(email) {
  return String(email || '')
    .trim()
    .toLowerCase();
}

module.exports = { assertUserLimits, normalizeEmail, phoneProblem, EMAIL_MAX };
