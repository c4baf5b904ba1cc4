/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The administrators' answer to a held sales import (the plausibility gate, decision 029;
// lib/sales-gate.js decides what is held): confirm merges it (lib/sales-import.js finishMerge),
// discard drops its staged rows. Four eyes: the uploader confirms only when no other
// administrator exists, and then explicitly. One decision per import, in the staff log.

const { GATE_ERRORS } = require(`${__hooks}/lib/sales-gate.js`);
const staging = () => require(`${__hooks}/lib/import-staging.js`);
/** @type {HookModules['database']['rowOf']} */
const one = (app, sql, params, shape) => require(`${__hooks}/lib/database.js`).rowOf(app, sql, params, shape);

/** @param {string} message */
function refuse(message) {
  return new BadRequestError(message);
}

/**
 * The gate's answer (administrators only): `confirm` merges the held import, `discard`
 * drops its staged rows. The confirming administrator must not be the uploader while another
 * administrator exists; the only administrator confirms their own upload explicitly.
 * @param {CoreApp} app
 * @param {string} fileId
 * @param {core.Record} admin
 * @param {'confirm' | 'discard'} decision
 * @param {boolean} selfConfirm
 */
function decideHeld(app, fileId, admin, decision, selfConfirm) {
  const staffLog = require(`${__hooks}/lib/staff-log.js`);
  const record = app.findRecordById('sales_data_files', fileId);
  if (record.getString('status') !== 'held') throw refuse(GATE_ERRORS.notHeld);
  const uploader = record.getString('adminUploaded');
  let self = false;
  if (decision === 'confirm' && uploader === admin.id) {
    const others = one(app, 'SELECT COUNT(*) AS n FROM administrators WHERE id != {:id}', { id: admin.id }, { n: 0 });
    if (others.n > 0) throw refuse(GATE_ERRORS.fourEyes);
    if (!selfConfirm) throw refuse(GATE_ERRORS.selfConfirm);
    self = true;
  }
  const figures = {
    gateCodes: record.getInt('gateCodes'),
    gateWorkshops: record.getInt('gateWorkshops'),
    gateMaxPerWorkshop: record.getInt('gateMaxPerWorkshop'),
    successfullyProcessedRows: record.getInt('successfullyProcessedRows'),
  };
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    // One decision per import: the status moves only from 'held', whoever is first wins.
    const moved = tx
      .db()
      .newQuery(
        `UPDATE sales_data_files SET status = {:status}, confirmedBy = {:admin}, confirmedAt = strftime('%Y-%m-%d %H:%M:%fZ'),
                errorMessage = {:message}, progress = CASE WHEN {:status} = 'discarded' THEN 100 ELSE progress END
          WHERE id = {:id} AND status = 'held'`,
      )
      .bind({
        id: fileId,
        admin: admin.id,
        status: decision === 'confirm' ? 'merging' : 'discarded',
        message: decision === 'confirm' ? '' : require(`${__hooks}/vendor/rules.js`).IMPORT_MESSAGES.salesDiscarded,
      })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(GATE_ERRORS.notHeld);
    staffLog.write(tx, {
      actor: admin,
      action: decision === 'confirm' ? (self ? 'sales_import.self_confirm' : 'sales_import.confirm') : 'sales_import.discard',
      target: { collection: 'sales_data_files', id: fileId },
      reason: self ? require(`${__hooks}/vendor/rules.js`).STAFF_LOG_REASONS.onlyAdminConfirmed : '',
      before: Object.assign({ status: 'held' }, figures),
      after: { status: decision === 'confirm' ? 'merging' : 'discarded' },
    });
  });
  if (decision === 'discard') {
    staging().drop(app, fileId);
  } else {
    // The merge fills SQLite's caches as an upload's does (decision 068).
    require(`${__hooks}/lib/database.js`).thenReleaseMemory(app, () => require(`${__hooks}/lib/sales-import.js`).finishMerge(app, fileId));
  }
  return app.findRecordById('sales_data_files', fileId);
}

module.exports = { decideHeld };
