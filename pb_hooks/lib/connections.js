/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

/**
 * Rewrites users.noraLZConnections from the stored connection records. Read and write
 * share one transaction: transactions run one at a time on PocketBase's writer, so two
 * links created at the same moment cannot overwrite each other's list (lost update).
 * @param {CoreApp} app
 * @param {string} userId
 */
function syncUserConnections(app, userId) {
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    let user;
    try {
      user = tx.findRecordById('users', userId);
    } catch (_) {
      return; // the user itself is being deleted (cascade)
    }
    const links = tx.findRecordsByFilter('user_lz_connections', 'user = {:user}', 'created', 0, 0, { user: userId });
    user.set(
      'noraLZConnections',
      links.map((r) => r.id),
    );
    tx.saveNoValidate(user);
  });
}

/**
 * Answers 400 with the rulebook's German message when the customer number breaks its rule.
 * @param {core.RecordRequestEvent} e
 */
function assertCustomerNumber(e) {
  const rules = require(`${__hooks}/vendor/rules.js`);
  const problem = rules.customerNumberProblem(e.record.getString('customerNumber'));
  if (problem) require(`${__hooks}/lib/field-errors.js`).refuse(e, { customerNumber: ['validation_invalid_customer_number', problem] });
}

module.exports = { syncUserConnections, assertCustomerNumber };
