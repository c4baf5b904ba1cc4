/// <reference path="../../pb_data/types.d.ts" />

const EMAIL_MAX = 120;

/** Throws a 400 with field errors in PocketBase's shape, so the SPA can show them on the fields. */
function assertUserLimits(record) {
  const errors = {};
  if (record.email().length > EMAIL_MAX) {
    errors.email = new ValidationError('validation_length_out_of_range', `Must be no more than ${EMAIL_MAX} characters.`);
  }
  if (Object.keys(errors).length > 0) {
    throw new BadRequestError('Failed to create record.', errors);
  }
}

module.exports = { assertUserLimits, EMAIL_MAX };
