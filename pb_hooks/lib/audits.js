/// <reference path="../../pb_data/types.d.ts" />

const AUDIT_HEADER = ['RechnungsID', 'Werkstatt', 'E-Mail', 'Code', 'Eingereicht am', 'Doppelte Rechnung', 'Checked', 'Faulty'];

const REASONS = {
  unknown: 'Unbekannte RechnungsID',
  values: 'Checked und Faulty müssen jeweils 0 oder 1 sein',
  notInAudit: 'Die Einreichung ist nicht mehr in Prüfung',
  missingId: 'RechnungsID fehlt',
  duplicateRow: 'RechnungsID kommt in der Datei mehrfach vor',
};

function berlinDay(date) {
  // dd.mm.yyyy in Berlin time, enough for file names and cells (CET/CEST by the EU rule).
  const d = new Date(date);
  const year = d.getUTCFullYear();
  const lastSunday = (month) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return last.getUTCDate() - last.getUTCDay();
  };
  const dstStart = Date.UTC(year, 2, lastSunday(2), 1);
  const dstEnd = Date.UTC(year, 9, lastSunday(9), 1);
  const offset = d.getTime() >= dstStart && d.getTime() < dstEnd ? 2 : 1;
  const local = new Date(d.getTime() + offset * 3600000);
  const pad = (n) => String(n).padStart(2, '0');
  return {
    date: `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}`,
    iso: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** The audit file: every submission awaiting audit, with empty Checked and Faulty columns. */
function auditFileBody(app) {
  const csv = require(`${__hooks}/lib/csv.js`);
  const rows = arrayOf(new DynamicModel({ id: '', created: '', shopName: '', email: '', code: '', duplicateInvoice: false }));
  app
    .db()
    .newQuery(
      `SELECT s.id AS id, s.created AS created, u.shopName AS shopName, u.email AS email, v.code AS code, s.duplicateInvoice AS duplicateInvoice
         FROM submissions s JOIN users u ON u.id = s.user JOIN vouchers v ON v.id = s.voucher
        WHERE s.status = 'pending' ORDER BY s.created, s.id`,
    )
    .all(rows);
  const body = csv.write(
    AUDIT_HEADER,
    rows.map((r) => {
      const when = berlinDay(r.created.replace(' ', 'T'));
      return [r.id, r.shopName, r.email, r.code, `${when.date} ${when.time}`, r.duplicateInvoice ? 'ja' : 'nein', '', ''];
    }),
  );
  return { body, count: rows.length };
}

/** Fills a submission_audit_files record (an auditor's request or the daily run) with a fresh file. */
function writeAuditFile(app, record) {
  const target = record || new Record(app.findCollectionByNameOrId('submission_audit_files'));
  const { body, count } = auditFileBody(app);
  const name = `pruefdatei_${berlinDay(new Date()).iso}.csv`;
  if (!record) target.set('filename', name);
  target.set('file', $filesystem.fileFromBytes(body, name));
  target.set('totalRows', count);
  app.save(target);
  return target;
}

function normalizeFlag(value) {
  const v = String(value || '')
    .trim()
    .replace(/^'/, '');
  return v === '0' || v === '1' ? v : null;
}

/**
 * Applies an auditor's verdict file (DECISIONS section 4): Checked=1 and Faulty=0 closes
 * the voucher, Checked=0 or Faulty=1 reopens it; each verdict is kept in submission_audits
 * with auditor and time, and the workshop is mailed. Anything else is a failed row with a
 * German reason. Counts and the failed-rows CSV come from the server only.
 */
function processAuditResults(app, record, auditorId) {
  const csv = require(`${__hooks}/lib/csv.js`);
  const uploads = require(`${__hooks}/lib/uploads.js`);
  const text = uploads.readUploadText(app, record);
  const fail = (message) => uploads.failUpload(app, 'audit_results', record.id, message);
  if (text.indexOf('\uFFFD') >= 0) return fail(uploads.NOT_UTF8);
  const lines = text.split(/\r?\n/);
  const { sep, names: header } = uploads.readHeader(text);
  const col = (name) => header.indexOf(name);
  if (col('RechnungsID') < 0 || col('Checked') < 0 || col('Faulty') < 0) {
    return fail('Falsche Kopfzeile. Die Datei braucht die Spalten RechnungsID, Checked und Faulty (wie in der Prüfdatei).');
  }

  const fresh = app.findRecordById('audit_results', record.id);
  const auditsCollection = app.findCollectionByNameOrId('submission_audits');
  const failed = [];
  const mails = [];
  const seen = {};
  let ok = 0;
  app.runInTransaction((tx) => {
    for (let i = 1; i < lines.length; i++) {
      if (!lines[i].trim()) continue;
      const cells = csv.parseLine(lines[i], sep);
      const id = String(cells[col('RechnungsID')] || '').trim();
      // A row whose Checked and Faulty are both still empty has not been audited yet: skipped, not failed.
      if (!String(cells[col('Checked')] || '').trim() && !String(cells[col('Faulty')] || '').trim()) continue;
      const checked = normalizeFlag(cells[col('Checked')]);
      const faulty = normalizeFlag(cells[col('Faulty')]);
      let reason = null;
      let submission = null;
      if (!id) reason = REASONS.missingId;
      else if (seen[id]) reason = REASONS.duplicateRow;
      else if (checked === null || faulty === null) reason = REASONS.values;
      if (!reason) {
        try {
          submission = tx.findRecordById('submissions', id);
        } catch (_) {
          reason = REASONS.unknown;
        }
      }
      let voucher = null;
      if (!reason) {
        voucher = tx.findRecordById('vouchers', submission.getString('voucher'));
        if (submission.getString('status') !== 'pending' || voucher.getString('status') !== 'audit') reason = REASONS.notInAudit;
      }
      if (reason) {
        failed.push(cells.concat([reason]));
        continue;
      }
      seen[id] = true;
      const passed = checked === '1' && faulty === '0';
      submission.set('status', passed ? 'passed' : 'rejected');
      tx.saveNoValidate(submission);
      voucher.set('status', passed ? 'closed' : 'open');
      tx.save(voucher);
      const audit = new Record(auditsCollection);
      audit.set('submission', submission.id);
      audit.set('auditor', auditorId);
      audit.set('auditResult', record.id);
      audit.set('checked', checked === '1');
      audit.set('faulty', faulty === '1');
      audit.set('outcome', passed ? 'passed' : 'rejected');
      tx.save(audit);
      mails.push({
        userId: submission.getString('user'),
        code: voucher.getString('code'),
        passed,
        missing: checked === '0',
        faulty: faulty === '1',
      });
      ok++;
    }
    fresh.set('status', 'done');
    fresh.set('successfullyProcessedRows', ok);
    fresh.set('failedProcessedRows', failed.length);
    if (failed.length > 0) {
      fresh.set(
        'failedRowsCsv',
        $filesystem.fileFromBytes(csv.write(header.concat(['fehler']), failed), `fehlerhafte_zeilen_${record.id}.csv`),
      );
    }
    tx.save(fresh);
  });
  for (const m of mails) sendOutcome(app, m);
}

function sendOutcome(app, { userId, code, passed, missing, faulty }) {
  const mail = require(`${__hooks}/lib/mail.js`);
  try {
    const user = app.findRecordById('users', userId);
    const name = `${user.getString('firstName')} ${user.getString('lastName')}`;
    const safeCode = mail.escapeHtml(code);
    if (passed) {
      mail.sendMail(
        app,
        user.email(),
        `Ihr Cashback zum Code ${code} ist unterwegs`,
        mail.render(name, [
          `gute Nachrichten: Ihre Rechnung zum Cashback-Code <strong>${safeCode}</strong> wurde geprüft und anerkannt.`,
          'Unser Zahlungsdienstleister überweist das Cashback in den nächsten Wochen (spätestens innerhalb von 8 Wochen) auf das angegebene Konto. Im Portal sehen Sie den Code jetzt als „Eingelöst“.',
        ]),
      );
      return;
    }
    const problems = [];
    if (missing) problems.push('Wir konnten zu Ihrer Einreichung keine Rechnung finden.');
    if (faulty) problems.push('Die hochgeladene Rechnung war unvollständig oder nicht lesbar.');
    mail.sendMail(
      app,
      user.email(),
      `Ihre Einreichung zum Code ${code} muss wiederholt werden`,
      mail.render(name, [
        `wir haben Ihre Einreichung zum Cashback-Code <strong>${safeCode}</strong> geprüft. ${problems.join(' ')}`,
        'Ihr Code ist wieder offen: Bitte melden Sie sich im Portal an, öffnen Sie „Cashback einlösen“ und reichen Sie die vollständige, gut lesbare Rechnung (PNG, JPEG oder PDF) erneut ein.',
      ]),
    );
  } catch (err) {
    app.logger().error('audit outcome mail failed', 'user', userId, 'error', String(err));
  }
}

module.exports = { writeAuditFile, processAuditResults, AUDIT_HEADER, REASONS };
