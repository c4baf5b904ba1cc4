/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Field errors that reach the client exactly as the rulebook words them. PocketBase
// "sentenizes" the messages of thrown validation errors (a capital letter, a full stop at
// the end), which would change SPEC's strings; so the answer is written here, in
// PocketBase's own shape, and the hook chain ends with an error that the server's error
// handler leaves alone (the response is already sent). Transactions around the hook roll
// back, and handlers that wrapped e.next() stop, as with any thrown error.

/**
 * Errors by field: [PocketBase's error code, the rulebook's German message].
 * @typedef {Record<string, [string, string]>} FieldErrors
 */

/**
 * Answers 400 with `errors` ({ field: [code, message] }) and throws to end the chain.
 * @param {core.RequestEvent} e
 * @param {FieldErrors} errors
 * @param {string} [message]
 * @returns {never}
 */
function refuse(e, errors, message) {
  /** @type {Record<string, { code: string, message: string }>} */
  const data = {};
  for (const field of Object.keys(errors)) data[field] = { code: errors[field][0], message: errors[field][1] };
  e.json(400, { status: 400, message: message || 'Failed to save record.', data });
  throw new Error('answered with field errors');
}

// The error codes of the bank-detail fields, as PocketBase's own validators would name them.
/** @type {Record<string, string>} */
const BANK_CODES = {
  ibanFirstName: 'validation_invalid_text',
  ibanLastName: 'validation_invalid_text',
  ibanNumber: 'validation_invalid_iban',
  ibanBic: 'validation_invalid_bic',
};

/**
 * The rulebook's bank-detail problems of `values` as field errors ({ field: [code, message] }).
 * @param {Parameters<HookModules['vendor/rules']['bankDetailsProblems']>[0]} values
 */
function bankErrors(values) {
  const problems = require(`${__hooks}/vendor/rules.js`).bankDetailsProblems(values);
  /** @type {FieldErrors} */
  const errors = {};
  for (const [field, problem] of Object.entries(problems)) errors[field] = [BANK_CODES[field], String(problem)];
  return errors;
}

module.exports = { refuse, bankErrors };
