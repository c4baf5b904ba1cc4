/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The workshop account's field rules from the rulebook (src/rules, bundled in vendor/rules.js),
// with their final German messages in PocketBase's field-error shape, so the SPA shows them as
// they are.
const TEXT_FIELDS = /** @type {const} */ (['firstName', 'lastName', 'shopName', 'address', 'streetNumber', 'city']);
/** @typedef {HookModules['vendor/rules']} Rulebook */
/** @typedef {import('./field-errors.js').FieldErrors} FieldErrors */

/**
 * Answers 400 with field errors. Runs for every client on create and update, before
 * PocketBase's own validation.
 * @param {core.RecordRequestEvent} e
 * @param {boolean} [creating]
 */
function assertUserLimits(e, creating) {
  const record = e.record;
  const rules = require(`${__hooks}/vendor/rules.js`);
  /** @type {FieldErrors} */
  const errors = {};
  if (record.email().length > rules.LIMITS.emailMax) {
    errors.email = ['validation_length_out_of_range', rules.MESSAGES.emailMax];
  }
  if (creating) accountErrors(e, rules, errors);
  for (const field of TEXT_FIELDS) {
    const problem = rules.textProblem(record.getString(field), rules.TEXT_RULES[field]);
    if (problem) errors[field] = ['validation_invalid_text', problem];
  }
  const phone = rules.phoneProblem(record.getString('phone'));
  if (phone) errors.phone = ['validation_invalid_phone', phone];
  const zip = rules.zipProblem(record.getString('zipCode'));
  if (zip) errors.zipCode = ['validation_invalid_zip', zip];
  if (Object.keys(errors).length > 0) {
    require(`${__hooks}/lib/field-errors.js`).refuse(e, errors);
  }
}

/**
 * What PocketBase would refuse in English on a new account (address, password, terms), in
 * the rulebook's German instead. The unique index still decides a race between two
 * registrations with the same address.
 * @param {core.RecordRequestEvent} e
 * @param {Rulebook} rules
 * @param {FieldErrors} errors
 */
function accountErrors(e, rules, errors) {
  const body = e.requestInfo().body || {};
  const email = e.record.email();
  if (!errors.email) {
    const invalid = rules.emailProblem(email);
    if (invalid) errors.email = ['validation_is_email', invalid];
    else if (emailTaken(e.app, email)) errors.email = ['validation_not_unique', rules.MESSAGES.emailInUse];
  }
  const password = chosenPassword(rules, body);
  const problem = rules.passwordProblem(password);
  if (problem) errors.password = ['validation_length_out_of_range', problem];
  else if (body.passwordConfirm !== password) errors.passwordConfirm = ['validation_values_mismatch', rules.MESSAGES.passwordMismatch];
  // Both keys, saying two things: which one would the workshop log in with?
  else if (rules.SIGN_UP_PASSWORD in body && 'password' in body && body.password !== password) {
    errors.password = ['validation_values_mismatch', rules.MESSAGES.passwordMismatch];
  }
  if (body.termsAccepted !== true && body.termsAccepted !== 'true')
    errors.termsAccepted = ['validation_required', rules.MESSAGES.termsRequired];
}

/**
 * The new account's password: under the sign-up key (decision 052) or PocketBase's own
 * `password`. Anything but a string counts as none.
 * @param {Rulebook} rules
 * @param {Record<string, any>} body
 */
function chosenPassword(rules, body) {
  const value = rules.SIGN_UP_PASSWORD in body ? body[rules.SIGN_UP_PASSWORD] : body.password;
  return typeof value === 'string' ? value : '';
}

/**
 * Sets a new account's password sent under the sign-up key: the only hash of the request,
 * where `password` is hashed twice by PocketBase's create handler. Runs after assertUserLimits
 * has checked it.
 * @param {core.RecordRequestEvent} e
 */
function setSignUpPassword(e) {
  const rules = require(`${__hooks}/vendor/rules.js`);
  const body = e.requestInfo().body || {};
  if (rules.SIGN_UP_PASSWORD in body) e.record.setPassword(chosenPassword(rules, body));
}

/**
 * @param {CoreApp} app
 * @param {string} email
 */
function emailTaken(app, email) {
  try {
    app.findAuthRecordByEmail('users', email);
    return true;
  } catch (_) {
    return false;
  }
}

/** @param {string} email */
function normalizeEmail(email) {
  return String(email || '')
    .trim()
    .toLowerCase();
}

module.exports = { assertUserLimits, normalizeEmail, setSignUpPassword };
