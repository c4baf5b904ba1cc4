/// <reference path="../../pb_data/types.d.ts" />

const MESSAGES = {
  invalidCode: 'Ungültiger Cashback-Code',
  windowClosed: 'Cashback-Codes können derzeit nicht eingelöst werden. Der Einlösezeitraum ist nicht geöffnet.',
  iban: 'Bitte gib eine gültige IBAN ein',
  bic: 'Bitte gib eine gültige BIC ein',
  firstName: 'Vorname muss mindestens 2 Zeichen lang sein',
  lastName: 'Nachname muss mindestens 2 Zeichen lang sein',
  file: 'Bitte lade eine gültige Datei hoch',
};

function refuse(field, code, message) {
  const errors = {};
  errors[field] = new ValidationError(code, message);
  return new BadRequestError('Failed to create record.', errors);
}

/** SHA-256 of the uploaded invoice, streamed through the system's sha256sum (goja is far too slow for 5 MB). */
function sha256OfUpload(file) {
  const reader = file.reader.open();
  try {
    let cmd;
    try {
      cmd = $os.cmd('sha256sum');
      cmd.stdin = reader;
      return toString(cmd.output()).split(' ')[0].trim();
    } catch (_) {
      reader.seek(0, 0);
      cmd = $os.cmd('shasum', '-a', '256');
      cmd.stdin = reader;
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
 */
function createSubmission(e) {
  const clock = require(`${__hooks}/lib/clock.js`);
  const iban = require(`${__hooks}/lib/iban.js`);
  const authId = e.auth.id;
  const record = e.record;
  let voucherCode = '';
  const app = e.app;

  app.runInTransaction((tx) => {
    // The record itself is saved by e.next() inside this transaction, together with the voucher.
    e.app = tx;
    record.set('user', authId);

    let voucher;
    try {
      voucher = tx.findRecordById('vouchers', record.getString('voucher'));
    } catch (_) {
      throw refuse('voucher', 'validation_invalid_voucher', MESSAGES.invalidCode);
    }
    if (voucher.getString('user') !== authId || voucher.getString('status') !== 'open') {
      throw refuse('voucher', 'validation_invalid_voucher', MESSAGES.invalidCode);
    }
    const campaign = tx.findRecordById('campaigns', voucher.getString('campaign'));
    voucherCode = voucher.getString('code');
    if (voucherCode.indexOf(`${campaign.getString('codePrefix')}-`) !== 0 || voucherCode.length > 50) {
      throw refuse('voucher', 'validation_invalid_voucher', MESSAGES.invalidCode);
    }
    const now = clock.now();
    if (now < clock.parseDate(campaign.getString('redeemStart')) || now > clock.parseDate(campaign.getString('redeemEnd'))) {
      throw refuse('voucher', 'validation_redeem_window_closed', MESSAGES.windowClosed);
    }
    record.set('campaign', campaign.id);

    for (const field of ['ibanFirstName', 'ibanLastName']) {
      const value = record.getString(field).trim();
      if (value.length < 2)
        throw refuse(field, 'validation_length_out_of_range', field === 'ibanFirstName' ? MESSAGES.firstName : MESSAGES.lastName);
      record.set(field, value);
    }
    const ibanNumber = iban.normalizeIban(record.getString('ibanNumber'));
    if (!iban.isValidIban(ibanNumber)) throw refuse('ibanNumber', 'validation_invalid_iban', MESSAGES.iban);
    record.set('ibanNumber', ibanNumber);
    const bic = record.getString('ibanBic').trim().toUpperCase();
    if (!iban.isValidBic(bic)) throw refuse('ibanBic', 'validation_invalid_bic', MESSAGES.bic);
    record.set('ibanBic', bic);

    const file = record.get('file');
    if (!file || !file.reader) throw refuse('file', 'validation_required', MESSAGES.file);
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

    voucher.set('status', 'audit');
    tx.save(voucher);
    e.next();
  });
  e.app = app;

  sendConfirmation(app, authId, voucherCode);
}

function sendConfirmation(app, userId, code) {
  const mail = require(`${__hooks}/lib/mail.js`);
  try {
    const user = app.findRecordById('users', userId);
    const html = mail.render(`${user.getString('firstName')} ${user.getString('lastName')}`, [
      `vielen Dank! Ihre Einreichung zum Cashback-Code <strong>${mail.escapeHtml(code)}</strong> ist bei uns eingegangen.`,
      'Wir prüfen jetzt Ihre Rechnung. Nach erfolgreicher Prüfung überweist unser Zahlungsdienstleister das Cashback innerhalb von bis zu 8 Wochen auf das angegebene Konto. Den Stand sehen Sie jederzeit in Ihrem Profil.',
    ]);
    mail.sendMail(app, user.email(), `Ihre Einreichung zum Cashback-Code ${code} ist eingegangen`, html);
  } catch (err) {
    app.logger().error('submission confirmation failed', 'user', userId, 'error', String(err));
  }
}

module.exports = { createSubmission, MESSAGES };
