/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Audit-file rows held for confirmation (issue 58, decision 055): a row that would decide a pending
// submission with review signals is not applied with its file (lib/audits.js) but kept on the
// upload (`audit_results.held`, `heldRows`) until an auditor applies or drops it (lib/audits.js
// answerHeld).

/** How many rows with signals one upload may hold for confirmation; the rest are failed rows. */
const MAX_HELD = 2000;

/**
 * A file row that would decide a pending submission with review signals is held, not applied
 * (issue 58): what the auditor confirms it by, or null when the row applies at once.
 *
 * @param {CoreApp} tx
 * @param {{ id: string, checked: boolean, faulty: boolean }} values
 * @param {number} line
 */
function heldEntry(tx, values, line) {
  const rows = require(`${__hooks}/lib/database.js`).rowsOf(
    tx,
    `SELECT s.signals AS signals, v.code AS code, u.shopName AS shopName
       FROM submissions s JOIN vouchers v ON v.id = s.voucher JOIN users u ON u.id = s.user
      WHERE s.id = {:id} AND s.status = 'pending' AND v.status = 'audit'`,
    { id: values.id },
    { signals: '', code: '', shopName: '' },
  );
  if (rows.length === 0) return null;
  let signals = [];
  try {
    signals = JSON.parse(rows[0].signals || '[]') || [];
  } catch (_) {
    signals = [];
  }
  if (!Array.isArray(signals) || signals.length === 0) return null;
  return {
    id: values.id,
    line,
    checked: values.checked,
    faulty: values.faulty,
    code: rows[0].code,
    shopName: rows[0].shopName,
    signals: signals.map((x) => String((x && x.message) || '')).filter(Boolean),
  };
}

/**
 * A row of an upload held for confirmation (heldEntry's answer).
 * @typedef {{ id: string, line: number, checked: boolean, faulty: boolean, code: string, shopName: string, signals: string[] }} HeldRow
 */

/**
 * The rows an upload holds for confirmation ([] when none).
 * @param {core.Record} record
 * @returns {HeldRow[]}
 */
function readHeld(record) {
  try {
    const held = JSON.parse(record.getString('held') || '[]');
    return Array.isArray(held) ? held : [];
  } catch (_) {
    return [];
  }
}

module.exports = { MAX_HELD, heldEntry, readHeld };
