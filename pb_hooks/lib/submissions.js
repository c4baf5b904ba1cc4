/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

const rules = () => require(`${__hooks}/vendor/rules.js`);

/**
 * Answers 400 with one field error in the rulebook's words (and throws, so the transaction rolls back).
 * @param {core.RequestEvent} e
 * @param {string} field
 * @param {string} code
 * @param {string} message
 * @returns {never}
 */
function refuse(e, field, code, message) {
  return require(`${__hooks}/lib/field-errors.js`).refuse(e, { [field]: [code, message] }, 'Failed to create record.');
}

/**
 * SHA-256 of the uploaded invoice, streamed through the system's sha256sum (goja is far too slow for 5 MB).
 * @param {filesystem.File} file
 */
function sha256OfUpload(file) {
  const reader = file.reader.open();
  // (PocketBase's types lose the Read of the embedded io.Reader; the value has it)
  const input = /** @type {io.Reader} */ (/** @type {unknown} */ (reader));
  try {
    let cmd;
    try {
      cmd = $os.cmd('sha256sum');
      cmd.stdin = input;
      return toString(cmd.output()).split(' ')[0].trim();
    } catch (_) {
      reader.seek(0, 0);
      cmd = $os.cmd('shasum', '-a', '256');
      cmd.stdin = input;
      return toString(cmd.output()).split(' ')[0].trim();
    }
  } finally {
    reader.close();
  }
}

/**
 * The server side of a redemption (DECISIONS section 4), in one transaction: the voucher is
 * the caller's and open, the campaign's redeem window is open, bank details and file are
 * valid, the invoice's SHA-256 is stored and compared, and the voucher moves to audit.
 * Transactions run one at a time on PocketBase's writer, so of many parallel requests for
 * one voucher exactly one sees it open; the partial unique index backs this up.
 * @param {core.RecordRequestEvent} e
 */
function createSubmission(e) {
  const clock = require(`${__hooks}/lib/clock.js`);
  const rulebook = rules();
  const authId = require(`${__hooks}/lib/guards.js`).signedIn(e).id;
  const record = e.record;
  let voucherCode = '';
  const app = e.app;

  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    // The record itself is saved by e.next() inside this transaction, together with the voucher.
    e.app = tx;
    record.set('user', authId);

    // A blocked workshop cannot redeem (read inside the transaction, so a block just made counts),
    // nor one whose e-mail address is not verified yet (DECISIONS section 7).
    const workshop = tx.findRecordById('users', authId);
    if (workshop.getBool('blocked')) {
      const campaign = tx.findFirstRecordByFilter('campaigns', 'active = true');
      refuse(e, 'voucher', 'validation_workshop_blocked', rulebook.MESSAGES.blocked(campaign.getString('contactEmail')));
    }
    if (!workshop.getBool('verified')) refuse(e, 'voucher', 'validation_unverified', rulebook.MESSAGES.unverified);

    let voucher;
    try {
      voucher = tx.findRecordById('vouchers', record.getString('voucher'));
    } catch (_) {
      refuse(e, 'voucher', 'validation_invalid_voucher', rulebook.MESSAGES.code);
    }
    if (voucher.getString('user') !== authId) refuse(e, 'voucher', 'validation_invalid_voucher', rulebook.MESSAGES.code);
    // The workshop's own code in another state is named as such (issue 35); anyone else's stays 'invalid'.
    if (voucher.getString('status') === 'audit') refuse(e, 'voucher', 'validation_voucher_in_review', rulebook.MESSAGES.codeInReview);
    if (voucher.getString('status') !== 'open') refuse(e, 'voucher', 'validation_voucher_redeemed', rulebook.MESSAGES.codeRedeemed);
    const campaign = tx.findRecordById('campaigns', voucher.getString('campaign'));
    voucherCode = voucher.getString('code');
    if (rulebook.codeProblem(voucherCode, campaign.getString('codePrefix'))) {
      refuse(e, 'voucher', 'validation_invalid_voucher', rulebook.MESSAGES.code);
    }
    const now = clock.now();
    const until = require(`${__hooks}/lib/redeem-window.js`).redeemUntil(tx, voucher.id);
    if (now > until.at) refuse(e, 'voucher', 'validation_redeem_window_closed', rulebook.MESSAGES.redeemWindowEnded(until.day));
    if (now < clock.parseDate(campaign.getString('redeemStart'))) {
      refuse(e, 'voucher', 'validation_redeem_window_closed', rulebook.MESSAGES.redeemWindowClosed);
    }
    record.set('campaign', campaign.id);

    // Every field error at once, so the form can mark all of them.
    const errors = require(`${__hooks}/lib/field-errors.js`).bankErrors({
      ibanFirstName: record.getString('ibanFirstName'),
      ibanLastName: record.getString('ibanLastName'),
      ibanNumber: record.getString('ibanNumber'),
      ibanBic: record.getString('ibanBic'),
    });
    for (const field of ['ibanFirstName', 'ibanLastName']) record.set(field, record.getString(field).trim());
    const file = record.get('file');
    const fileProblem = !file || !file.reader ? rulebook.MESSAGES.invoiceFile : require(`${__hooks}/lib/invoice-file.js`).problemOf(file);
    if (fileProblem) errors.file = [!file || !file.reader ? 'validation_required' : 'validation_invalid_file', fileProblem];
    if (Object.keys(errors).length > 0) require(`${__hooks}/lib/field-errors.js`).refuse(e, errors, 'Failed to create record.');
    record.set('ibanNumber', rulebook.compactIban(record.getString('ibanNumber')));
    record.set('ibanBic', rulebook.normalizeBic(record.getString('ibanBic')));

    const hash = sha256OfUpload(file);
    const twins = tx.findRecordsByFilter('submissions', 'fileHash = {:hash}', '', 0, 0, { hash: hash });
    for (const twin of twins) {
      if (!twin.getBool('duplicateInvoice')) {
        twin.set('duplicateInvoice', true);
        tx.saveNoValidate(twin);
      }
    }
    record.set('fileHash', hash);
    record.set('duplicateInvoice', twins.length > 0);
    record.set('status', 'pending');
    // The reader process reads the invoice as soon as this commits (issue 61).
    require(`${__hooks}/lib/invoice-reading.js`).enqueue(record);

    voucher.set('status', 'audit');
    tx.save(voucher);
    e.next();

    // Signals the server knows at arrival (identical file, shared IBAN), for this one and its twins.
    require(`${__hooks}/lib/review-signals.js`).onArrival(tx, tx.findRecordById('submissions', record.id));

    // The confirmation mail commits with the submission (the outbox sends it).
    const user = tx.findRecordById('users', authId);
    require(`${__hooks}/lib/outbox.js`).enqueueForWorkshop(tx, user, {
      template: 'submission-received',
      data: { code: voucherCode },
      concerns: { collection: 'submissions', id: record.id },
    });
  });
  e.app = app;

  // The first submission awaiting audit brings the first audit file with it, so auditors find
  // one at once instead of at the next daily run (later files come daily or on request).
  try {
    if (app.countRecords('submission_audit_files') === 0) require(`${__hooks}/lib/audits.js`).writeAuditFile(app, null);
  } catch (err) {
    app.logger().error('first audit file not written', 'error', String(err));
  }
}

module.exports = { createSubmission };
