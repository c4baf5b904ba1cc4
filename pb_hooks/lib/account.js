/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// A workshop's account self-service (issue 35): a new password (the current one required;
// PocketBase then renews the token key, which ends every session) and a new e-mail address
// (confirmed through a link to the new address; the old address is told). Each notice mail
// is queued in the outbox in the transaction of the change it reports.

function rules() {
  return require(`${__hooks}/vendor/rules.js`);
}

/** @param {CoreApp} app */
function contactEmail(app) {
  try {
    return app.findFirstRecordByFilter('campaigns', 'active = true').getString('contactEmail');
  } catch (_) {
    return '';
  }
}

/** @param {unknown} value */
function text(value) {
  return typeof value === 'string' ? value : '';
}

/**
 * Whether an update of a workshop carries a new password.
 * @param {core.RequestEvent} e
 */
function changesPassword(e) {
  const body = e.requestInfo().body || {};
  return body.password !== undefined || body.passwordConfirm !== undefined || body.oldPassword !== undefined;
}

/**
 * The rulebook's password checks in German (PocketBase's own are English), then the save and
 * the notice mail in one transaction. Superusers (tooling) are not asked for the old password.
 * @param {core.RecordRequestEvent} e
 * @param {() => void} next the update's own handler
 */
function changePassword(e, next) {
  const rulebook = rules();
  const body = e.requestInfo().body || {};
  /** @type {import('./field-errors.js').FieldErrors} */
  const errors = {};
  const old = text(body.oldPassword);
  const password = text(body.password);
  if (!e.hasSuperuserAuth()) {
    if (!old) errors.oldPassword = ['validation_required', rulebook.MESSAGES.currentPasswordRequired];
    else if (!e.record.original().validatePassword(old))
      errors.oldPassword = ['validation_invalid_old_password', rulebook.MESSAGES.currentPasswordWrong];
  }
  const problem = rulebook.passwordProblem(password);
  if (problem) errors.password = ['validation_length_out_of_range', problem];
  else if (text(body.passwordConfirm) !== password)
    errors.passwordConfirm = ['validation_values_mismatch', rulebook.MESSAGES.passwordMismatch];
  else if (old && old === password) errors.password = ['validation_password_unchanged', rulebook.MESSAGES.passwordUnchanged];
  if (Object.keys(errors).length > 0) require(`${__hooks}/lib/field-errors.js`).refuse(e, errors);

  const app = e.app;
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    e.app = tx;
    next();
    const user = tx.findRecordById('users', e.record.id);
    require(`${__hooks}/lib/outbox.js`).enqueueForWorkshop(tx, user, {
      template: 'password-changed',
      data: { contactEmail: contactEmail(tx) },
      concerns: { collection: 'users', id: user.id },
    });
  });
}

/**
 * The new address as every address is stored (trimmed, lower case), checked by the rulebook.
 * @param {core.RecordRequestEmailChangeRequestEvent} e
 */
function requestEmailChange(e) {
  const rulebook = rules();
  const email = require(`${__hooks}/lib/users.js`).normalizeEmail(e.newEmail);
  /** @type {import('./field-errors.js').FieldErrors} */
  const errors = {};
  const problem = email.length > rulebook.LIMITS.emailMax ? rulebook.MESSAGES.emailMax : rulebook.emailProblem(email);
  if (problem) errors.newEmail = ['validation_is_email', problem];
  else if (email === e.record.email()) errors.newEmail = ['validation_email_unchanged', rulebook.MESSAGES.emailUnchanged];
  else {
    try {
      e.app.findAuthRecordByEmail('users', email);
      errors.newEmail = ['validation_invalid_new_email', rulebook.MESSAGES.emailInUse];
    } catch (_) {
      // free
    }
  }
  if (Object.keys(errors).length > 0) require(`${__hooks}/lib/field-errors.js`).refuse(e, errors);
  e.newEmail = email;
  e.next();
}

/**
 * The confirmed change and the notice to the old address commit together.
 * @param {core.RecordConfirmEmailChangeRequestEvent} e
 */
function confirmEmailChange(e) {
  const oldEmail = e.record.email();
  const app = e.app;
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    e.app = tx;
    e.next();
    require(`${__hooks}/lib/outbox.js`).enqueueForWorkshop(tx, e.record, {
      to: oldEmail,
      template: 'email-changed',
      data: { oldEmail, newEmail: e.newEmail, contactEmail: contactEmail(tx) },
      concerns: { collection: 'users', id: e.record.id },
    });
  });
}

/**
 * For a signed-in workshop's action that asks for its password again (the data export, the
 * deletion): the body of the 400 answer with the German message when `password` is missing or
 * wrong, else null.
 * @param {core.Record} user
 * @param {string} password
 */
function passwordRefusal(user, password) {
  const rulebook = rules();
  if (password && user.validatePassword(password)) return null;
  const message = password ? rulebook.MESSAGES.currentPasswordWrong : rulebook.MESSAGES.currentPasswordRequired;
  const code = password ? 'validation_invalid_password' : 'validation_required';
  return { status: 400, message, data: { password: { code, message } } };
}

module.exports = { changesPassword, changePassword, requestEmailChange, confirmEmailChange, contactEmail, passwordRefusal };
