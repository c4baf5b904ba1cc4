// PocketBase's own answers, as the portal says them (issue 58). PocketBase checks some requests
// before any hook of the portal runs (the e-mail change's form, a record's field types, the rate
// limiter) and answers in English: 'Must not be in list.', 'Invalid new email address.',
// 'Something went wrong while processing your request.'. The hooks' own refusals are German
// already and pass unchanged; what PocketBase said itself is told by its exact English text and
// said in German, by the field and code where the field says more, else by the code, else with
// the form's own fallback. tests/api/server-answers.test.ts walks the routes the SPA uses and
// provokes PocketBase's own answers on each.

import { ANSWER_MESSAGES } from './answer-messages';
import { MESSAGES } from './messages';

export { ANSWER_MESSAGES };

/**
 * PocketBase's English messages (0.38; its router, record forms and ozzo-validation), each as
 * PocketBase sentenizes it. A message not in this list is the portal's own.
 */
const POCKETBASE_ENGLISH = new Set([
  'Something went wrong while processing your request.',
  'An error occurred while loading the submitted data.',
  'An error occurred while validating the submitted data.',
  'Failed to load the submitted data due to invalid formatting.',
  'Failed to create record.',
  'Failed to update record.',
  'Failed to save record.',
  'Failed to delete record.',
  'Failed to authenticate.',
  'Failed to request email change.',
  'Failed to confirm email change.',
  'Failed to request verification.',
  'Failed to request password reset.',
  'The request requires valid record authorization token.',
  'The request requires valid auth record.',
  'The requested resource wasn\u2019t found.',
  "The requested resource wasn't found.",
  'Missing or invalid collection context.',
  'Only superusers can perform this action.',
  'The authorized record is not allowed to perform this action.',
  'Too Many Requests.',
  'Invalid or expired token.',
  'Invalid token.',
  'Invalid or expired OTP',
  'Invalid new email address.',
  'Must not be in list.',
  'Cannot be blank.',
  'Must be blank.',
  'Must be a valid email address.',
  'Must be a valid value.',
  'Must be in a valid format.',
  'Must be a valid date.',
  'Must be a valid url.',
  'Must be a valid number.',
  'Must be a valid boolean.',
  'Invalid value.',
  'Invalid value format.',
  'Invalid data format.',
  'Value must be unique.',
  'Values don\u2019t match.',
  "Values don't match.",
  'Invalid old password.',
  'Failed to find the related record.',
  'Invalid file.',
]);
// ozzo-validation's messages with a bound in them ('The length must be between 1 and 255.').
const POCKETBASE_ENGLISH_PATTERNS = [
  /^The length must be (?:between|no less than|no more than|exactly) [\d ,and]+\.$/,
  /^Must be (?:no less than|no greater than|less than|greater than) [\d.]+\.$/,
  /^Cannot be (?:less|more|greater) than [\d.]+\.$/,
  /^Only the following values are allowed: .*$/,
  /^Invalid file(?: type| size).*$/,
  /^(?:Must|Cannot|Invalid|Failed|The|Missing|Only|An|Unable|Value|Values) [A-Za-z0-9 ,'’.\-"()/:_]*\.?$/,
];

/** Whether `message` is PocketBase's English, not a message of the portal's. */
export function isPocketBaseEnglish(message: unknown): boolean {
  if (typeof message !== 'string' || message === '') return false;
  if (POCKETBASE_ENGLISH.has(message)) return true;
  // German always has a word the English patterns cannot match (an umlaut, ß or a German word).
  return /^[\x20-\x7e’]*$/.test(message) && POCKETBASE_ENGLISH_PATTERNS.some((p) => p.test(message));
}

/** What a field's PocketBase code means on this field, where the field says more than the code. */
const BY_FIELD: Record<string, Record<string, string>> = {
  newEmail: {
    validation_not_in_invalid: MESSAGES.emailUnchanged,
    validation_invalid_new_email: MESSAGES.emailInUse,
    validation_is_email: MESSAGES.emailInvalid,
    validation_required: MESSAGES.emailRequired,
    validation_length_out_of_range: MESSAGES.emailMax,
  },
  email: {
    validation_is_email: MESSAGES.emailInvalid,
    validation_required: MESSAGES.emailRequired,
    validation_not_unique: MESSAGES.emailInUse,
    validation_invalid_email: MESSAGES.emailInvalid,
    validation_length_out_of_range: MESSAGES.emailMax,
  },
  password: {
    validation_required: MESSAGES.currentPasswordRequired,
    validation_invalid_password: MESSAGES.currentPasswordWrong,
    validation_length_out_of_range: MESSAGES.passwordMin,
    validation_length_too_short: MESSAGES.passwordMin,
    validation_length_too_long: MESSAGES.passwordMax,
  },
  oldPassword: {
    validation_required: MESSAGES.currentPasswordRequired,
    validation_invalid_old_password: MESSAGES.currentPasswordWrong,
  },
  passwordConfirm: {
    validation_required: MESSAGES.passwordConfirmRequired,
    validation_values_mismatch: MESSAGES.passwordMismatch,
  },
  file: {
    validation_required: MESSAGES.invoiceFile,
    validation_invalid_mime_type: MESSAGES.invoiceType,
    validation_file_size_limit: MESSAGES.invoiceSize,
    validation_invalid_file: MESSAGES.invoiceFile,
  },
};

/** What a PocketBase code means on any field. */
const BY_CODE: Record<string, string> = {
  validation_required: 'Dieses Feld ist erforderlich.',
  validation_is_email: MESSAGES.emailInvalid,
  validation_not_unique: 'Dieser Wert wird bereits verwendet.',
};

/**
 * A field's message as the SPA shows it: the portal's own message unchanged; PocketBase's English
 * said in German by field and code, by code, or as 'Bitte prüfen Sie diese Eingabe.'.
 */
export function fieldAnswer(field: string, error: { code?: unknown; message?: unknown } | null | undefined): string | null {
  const message = error?.message;
  if (typeof message !== 'string' || message === '') return null;
  if (!isPocketBaseEnglish(message)) return message;
  const code = typeof error?.code === 'string' ? error.code : '';
  return BY_FIELD[field]?.[code] ?? BY_CODE[code] ?? ANSWER_MESSAGES.inputInvalid;
}

/** Every field's message of a 400 answer's `data` as the SPA shows it. */
export function fieldAnswers(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!data || typeof data !== 'object') return out;
  for (const [field, error] of Object.entries(data as Record<string, { code?: unknown; message?: unknown }>)) {
    const said = fieldAnswer(field, error);
    if (said) out[field] = said;
  }
  return out;
}

/**
 * An answer's top message as the SPA shows it: the portal's own unchanged; the rate limiter's 429
 * and any other of PocketBase's English as the German `fallback` (or the rulebook's).
 */
export function topAnswer(status: number, message: unknown, fallback: string = ANSWER_MESSAGES.failed): string {
  if (typeof message !== 'string' || message === '') return status === 429 ? ANSWER_MESSAGES.tooManyRequests : fallback;
  if (!isPocketBaseEnglish(message)) return message;
  return status === 429 ? ANSWER_MESSAGES.tooManyRequests : fallback;
}
