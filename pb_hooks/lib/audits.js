/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

const AUDIT_HEADER = ['RechnungsID', 'Werkstatt', 'E-Mail', 'Code', 'Eingereicht am', 'Doppelte Rechnung', 'Hinweise', 'Checked', 'Faulty'];

/** Why a row of a verdict file was not applied: the rulebook's words (AUDIT_ROW). */
const REASONS = require(`${__hooks}/vendor/rules.js`).AUDIT_ROW;

const rules = () => require(`${__hooks}/vendor/rules.js`);
/** @type {HookModules['clock']['berlinDay']} */
const berlinDay = (date) => require(`${__hooks}/lib/clock.js`).berlinDay(date);

/**
 * The audit file: every submission awaiting audit, with empty Checked and Faulty columns.
 * @param {CoreApp} app
 */
function auditFileBody(app) {
  const csv = require(`${__hooks}/lib/csv.js`);
  const rows = arrayOf(new DynamicModel({ id: '', created: '', shopName: '', email: '', code: '', duplicateInvoice: false, signals: '' }));
  app
    .db()
    .newQuery(
      `SELECT s.id AS id, s.created AS created, u.shopName AS shopName, u.email AS email, v.code AS code, s.duplicateInvoice AS duplicateInvoice,
              s.signals AS signals
         FROM submissions s JOIN users u ON u.id = s.user JOIN vouchers v ON v.id = s.voucher
        WHERE s.status = 'pending' ORDER BY s.created, s.id`,
    )
    .all(rows);
  const body = csv.write(
    AUDIT_HEADER,
    rows.map((r) => {
      const when = berlinDay(r.created.replace(' ', 'T'));
      /** @type {Array<{ code?: string, message?: string } | null>} */
      let signals = [];
      try {
        signals = JSON.parse(r.signals || '[]') || [];
      } catch (_) {
        signals = [];
      }
      const notes = signals.map((x) => x && x.message).join(' | ');
      // The same file, or the same invoice number on another submission (a signal): either is a
      // duplicate invoice, and the column says which (issue 35: never 'nein' beside such a hint).
      const sameNumber = signals.some((x) => x && x.code === 'number');
      const said = rules().AUDIT_FILE_DUPLICATE;
      const duplicate =
        r.duplicateInvoice && sameNumber ? said.both : r.duplicateInvoice ? said.file : sameNumber ? said.number : said.none;
      return [r.id, r.shopName, r.email, r.code, `${when.date} ${when.time}`, duplicate, notes, '', ''];
    }),
  );
  return { body, count: rows.length };
}

/**
 * Fills a submission_audit_files record (an auditor's request or the daily run) with a fresh file.
 * @param {CoreApp} app
 * @param {core.Record | null} record
 */
function writeAuditFile(app, record) {
  const target = record || new Record(app.findCollectionByNameOrId('submission_audit_files'));
  const { body, count } = auditFileBody(app);
  // Named with its day, whoever asked for it: the auditor's download keeps the date.
  const name = `pruefdatei_${berlinDay(new Date()).iso}.csv`;
  target.set('filename', name);
  target.set('file', $filesystem.fileFromBytes(body, name));
  target.set('totalRows', count);
  app.save(target);
  return target;
}

/**
 * The daily run (once in its minute, however often the scheduler ticks).
 * @param {CoreApp} app
 */
function writeDailyAuditFile(app) {
  if (!require(`${__hooks}/lib/counters.js`).claimMinute(app, 'audit-file')) return null;
  return writeAuditFile(app, null);
}

/** @param {unknown} value */
function normalizeFlag(value) {
  const v = String(value || '')
    .trim()
    .replace(/^'/, '');
  return v === '0' || v === '1' ? v : null;
}

/**
 * Stores one verdict on a submission and its voucher inside `tx`: the status of both, the
 * history row, the payout of a passed submission and the workshop's mail. Shared by the first
 * verdict (applyVerdict) and a correction (lib/verdict-correction.js), which says `corrected`
 * so the mail says it replaces the earlier one.
 *
 * @param {CoreApp} tx
 * @param {core.Record} submission
 * @param {core.Record} voucher
 * @param {{ auditorId: string, auditResultId?: string, checked: string | boolean, faulty: string | boolean, note?: string, source?: string, corrected?: boolean }} verdict
 */
function recordVerdict(tx, submission, voucher, { auditorId, auditResultId, checked, faulty, note, source, corrected }) {
  const passed = checked && !faulty;
  submission.set('status', passed ? 'passed' : 'rejected');
  tx.saveNoValidate(submission);
  voucher.set('status', passed ? 'closed' : 'open');
  tx.save(voucher);
  const audit = new Record(tx.findCollectionByNameOrId('submission_audits'));
  audit.set('submission', submission.id);
  audit.set('auditor', auditorId);
  audit.set('auditResult', auditResultId || '');
  audit.set('checked', checked);
  audit.set('faulty', faulty);
  audit.set('outcome', passed ? 'passed' : 'rejected');
  audit.set('note', note || '');
  audit.set('source', source || 'file');
  tx.save(audit);
  // A passed submission becomes its one payout in the same transaction (DECISIONS section 6).
  if (passed) require(`${__hooks}/lib/payouts/creation.js`).createForSubmission(tx, submission, voucher);
  const user = tx.findRecordById('users', submission.getString('user'));
  require(`${__hooks}/lib/outbox.js`).enqueueForWorkshop(tx, user, {
    template: passed ? 'audit-passed' : 'audit-rejected',
    data: {
      code: voucher.getString('code'),
      missing: !checked,
      faulty: faulty,
      note: note || '',
      // A workshop whose deletion waits is not asked to resubmit (issue 58).
      deletionPending: !passed && user.getString('deletionRequestedAt') !== '',
      // The last day to submit again: the redeem window, or RESUBMIT_DAYS from now (decision 072).
      until: passed ? '' : require(`${__hooks}/lib/redeem-window.js`).redeemUntil(tx, voucher.id).day,
      corrected: !!corrected,
    },
    concerns: { collection: 'submissions', id: submission.id },
  });
}

/**
 * Applies one verdict inside the caller's transaction `tx` (DECISIONS section 4):
 * Checked=1 and Faulty=0 closes the voucher, anything else reopens it; the verdict is kept
 * in submission_audits and the workshop's mail is queued in the same transaction. Of two
 * verdicts for one submission (a file row and the review queue, say) the first to commit
 * wins: the second finds the submission no longer pending. Returns null or a German reason.
 * `auditResultId` marks verdicts from a file, so a resumed file skips what it already applied.
 *
 * @param {CoreApp} tx
 * @param {{ submissionId: string, auditorId: string, auditResultId?: string, checked: string | boolean, faulty: string | boolean, note?: string, source?: string }} verdict
 * @returns {string | null}
 */
function applyVerdict(tx, { submissionId, auditorId, auditResultId, checked, faulty, note, source }) {
  let submission;
  try {
    submission = tx.findRecordById('submissions', submissionId);
  } catch (_) {
    return REASONS.unknown;
  }
  const voucher = tx.findRecordById('vouchers', submission.getString('voucher'));
  if (submission.getString('status') !== 'pending' || voucher.getString('status') !== 'audit') {
    if (auditResultId) {
      const mine = tx.findRecordsByFilter('submission_audits', 'submission = {:s} && auditResult = {:r}', '', 1, 0, {
        s: submissionId,
        r: auditResultId,
      });
      if (mine.length > 0) return null; // applied before an interruption
    }
    return REASONS.notInAudit;
  }
  recordVerdict(tx, submission, voucher, { auditorId, auditResultId, checked, faulty, note, source });
  return null;
}

/**
 * Applies an auditor's verdict file through the import pipeline: rows are checked, then
 * applied in short transactions (each verdict with its history row and mail). A row whose
 * Checked and Faulty are both empty has not been audited yet and is skipped. Counts and the
 * failed-rows CSV come from the server only. Safe to run again after an interruption.
 * @param {CoreApp} app
 * @param {core.Record} record
 * @param {string} auditorId
 */
function processAuditResults(app, record, auditorId) {
  const pipeline = require(`${__hooks}/lib/import-pipeline.js`);
  const uploads = require(`${__hooks}/lib/uploads.js`);
  /** @param {string} message */
  const fail = (message) => uploads.failUpload(app, 'audit_results', record.id, message);
  const upload = pipeline.open(app, record);
  if (upload.error) return fail(upload.error);
  const header = upload.names || [];
  /** @param {string} name */
  const col = (name) => header.indexOf(name);
  const idCol = col('RechnungsID');
  const checkedCol = col('Checked');
  const faultyCol = col('Faulty');
  if (idCol < 0 || checkedCol < 0 || faultyCol < 0) {
    return fail(require(`${__hooks}/vendor/rules.js`).IMPORT_MESSAGES.auditHeader);
  }
  /** @type {Record<string, boolean>} */
  const seen = {};
  // Rows held for confirmation, kept over an interruption (the record has those of the first run).
  const holds = require(`${__hooks}/lib/audit-holds.js`);
  const held = holds.readHeld(app.findRecordById('audit_results', record.id));
  /** @type {Record<string, boolean>} */
  const heldIds = {};
  for (const h of held) heldIds[h.id] = true;
  const result = pipeline.run(upload, {
    width: header.length,
    chunk: 200,
    check: (cells) => {
      const id = String(cells[idCol] || '').trim();
      const rawChecked = String(cells[checkedCol] || '').trim();
      const rawFaulty = String(cells[faultyCol] || '').trim();
      if (!rawChecked && !rawFaulty) return { skip: true };
      if (!id) return { reason: REASONS.missingId };
      if (seen[id]) return { reason: REASONS.duplicateRow };
      const checked = normalizeFlag(rawChecked);
      const faulty = normalizeFlag(rawFaulty);
      if (checked === null || faulty === null) return { reason: REASONS.values };
      seen[id] = true;
      return { values: { id, checked: checked === '1', faulty: faulty === '1' } };
    },
    refuses: true,
    /** @param {Array<{ values: { id: string, checked: boolean, faulty: boolean }, line: number }>} batch */
    flush: (batch) => {
      /** @type {Array<{ line: number, reason: string }>} */
      const refused = [];
      require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
        for (const row of batch) {
          if (heldIds[row.values.id]) continue;
          const waiting = holds.heldEntry(tx, row.values, row.line);
          if (waiting) {
            if (held.length >= holds.MAX_HELD) refused.push({ line: row.line, reason: REASONS.tooManyHeld });
            else {
              held.push(waiting);
              heldIds[waiting.id] = true;
            }
            continue;
          }
          const reason = applyVerdict(tx, {
            submissionId: row.values.id,
            auditorId,
            auditResultId: record.id,
            checked: row.values.checked,
            faulty: row.values.faulty,
          });
          if (reason) refused.push({ line: row.line, reason });
        }
      });
      return refused;
    },
  });
  const fresh = app.findRecordById('audit_results', record.id);
  fresh.set('status', 'done');
  fresh.set('successfullyProcessedRows', result.accepted);
  const failedLines = pipeline.mergeFailed(result, []);
  fresh.set('failedProcessedRows', failedLines.length);
  fresh.set('skippedRows', result.skipped);
  fresh.set('held', held);
  fresh.set('heldRows', held.length);
  // Held rows are neither processed nor failed yet.
  fresh.set('successfullyProcessedRows', Math.max(0, result.accepted - held.length));
  if (failedLines.length > 0) {
    fresh.set('failedRowsCsv', pipeline.failedRowsFile(header, failedLines, `fehlerhafte_zeilen_${record.id}.csv`));
  }
  app.save(fresh);
}

/**
 * An auditor's answer to one held row of an upload (issue 58): `apply` gives the row's verdict
 * (as the file would have, with its history row, mail and staff-log entry, in one transaction);
 * otherwise the row is dropped and the submission stays in the queue. Either way the row leaves
 * the list. Returns { held: the upload's remaining held rows, refused: why the verdict did not
 * apply (the submission was decided in the queue meanwhile) or null }.
 *
 * @param {CoreApp} app
 * @param {string} auditorId
 * @param {string} resultId
 * @param {string} submissionId
 * @param {boolean} apply
 */
function answerHeld(app, auditorId, resultId, submissionId, apply) {
  /** @type {import('./audit-holds.js').HeldRow[]} */
  let remaining = [];
  /** @type {string | null} */
  let refused = null;
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    let record;
    try {
      record = tx.findRecordById('audit_results', resultId);
    } catch (_) {
      throw new NotFoundError(rules().MESSAGES.heldRowGone);
    }
    const held = require(`${__hooks}/lib/audit-holds.js`).readHeld(record);
    const row = held.find((h) => h && h.id === submissionId);
    if (!row) throw new NotFoundError(rules().MESSAGES.heldRowGone);
    remaining = held.filter((h) => h !== row);
    record.set('held', remaining);
    record.set('heldRows', remaining.length);
    let reason = null;
    if (apply) {
      reason = applyVerdict(tx, {
        submissionId,
        auditorId,
        auditResultId: resultId,
        checked: !!row.checked,
        faulty: !!row.faulty,
      });
      if (reason) record.set('failedProcessedRows', record.getInt('failedProcessedRows') + 1);
      else record.set('successfullyProcessedRows', record.getInt('successfullyProcessedRows') + 1);
    }
    tx.save(record);
    require(`${__hooks}/lib/staff-log.js`).write(tx, {
      actor: tx.findRecordById('auditors', auditorId),
      action: apply ? 'audit_results.held_applied' : 'audit_results.held_dropped',
      target: { collection: 'submissions', id: submissionId },
      reason: rules().STAFF_LOG_REASONS.heldRow(record.getString('filename'), row.line),
      after: { checked: !!row.checked, faulty: !!row.faulty, applied: apply && !reason },
    });
    refused = reason;
  });
  return { held: remaining, refused };
}

module.exports = {
  recordVerdict,
  writeAuditFile,
  writeDailyAuditFile,
  processAuditResults,
  applyVerdict,
  answerHeld,
  AUDIT_HEADER,
  REASONS,
};
