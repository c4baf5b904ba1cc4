/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

const MESSAGES = { id: require(`${__hooks}/vendor/rules-light.js`).REQUEST_MESSAGES.serverId };

/** @type {Record<string, boolean>} */
const TEXT_TYPES = { text: true, email: true, url: true, editor: true };

/**
 * Answers 400 in PocketBase's field-error shape when the request sets an id or control characters.
 * @param {core.RecordRequestEvent} e
 * @param {boolean} isCreate
 */
function assertClientInput(e, isCreate) {
  const rules = require(`${__hooks}/vendor/rules.js`);
  const body = e.requestInfo().body || {};
  /** @type {import('./field-errors.js').FieldErrors} */
  const errors = {};
  if (isCreate && body.id !== undefined && body.id !== null && String(body.id) !== '') {
    errors.id = ['validation_server_id', MESSAGES.id];
  }
  // The raw request body, not the record: hook files load in no fixed order, so another
  // handler (one that trims, say) may have run first.
  for (const field of e.record.collection().fields) {
    const name = field.name;
    if (!TEXT_TYPES[field.type()] || body[name] === undefined || body[name] === null) continue;
    const problem = rules.controlProblem(String(body[name]));
    if (problem) errors[name] = ['validation_control_characters', problem];
  }
  if (Object.keys(errors).length > 0) {
    require(`${__hooks}/lib/field-errors.js`).refuse(e, errors, isCreate ? 'Failed to create record.' : 'Failed to update record.');
  }
}

/**
 * The signed-in record of a request behind `$apis.requireAuth` (which answers 401 before the
 * handler without one); a handler reached without it answers 401 too, never with another's id.
 * @param {core.RequestEvent} e
 * @returns {core.Record}
 */
function signedIn(e) {
  if (!e.auth) throw new UnauthorizedError();
  return e.auth;
}

module.exports = { assertClientInput, signedIn, MESSAGES };
