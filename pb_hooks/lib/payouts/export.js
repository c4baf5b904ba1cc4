/// <reference path="../../../node_modules/.cache/pocketbase-types/types.d.ts" />

// A released batch as a SEPA file (pain.001.001.09, checked against the schema before it is
// offered) and a CSV; the paying account from the environment or the portal settings.

const { MESSAGES, refuse, now, isoDay, findOr404, staffLog, rules } = require(`${__hooks}/lib/payouts/common.js`);

/**
 * The paying account: env first, then the portal settings.
 * @param {CoreApp} app
 */
function debtor(app) {
  let record = null;
  try {
    record = app.findFirstRecordByFilter('portal_settings', "key = 'default'");
  } catch (_) {
    record = null;
  }
  /**
   * @param {string} env
   * @param {string} field
   */
  const pick = (env, field) => $os.getenv(env) || (record ? record.getString(field) : '');
  const result = {
    name: pick('PORTAL_DEBTOR_NAME', 'debtorName'),
    iban: rules().compactIban(pick('PORTAL_DEBTOR_IBAN', 'debtorIban')),
    bic: rules().normalizeBic(pick('PORTAL_DEBTOR_BIC', 'debtorBic')),
  };
  if (!result.name || rules().ibanProblem(result.iban) || rules().bicProblem(result.bic)) throw refuse(MESSAGES.debtor);
  return result;
}

/**
 * Writes the batch's SEPA file and CSV (from the payouts as released) and marks it exported.
 * The file is checked against the pain.001.001.09 schema first: a file that fails is never
 * offered and the batch keeps its state. An exported batch can be exported again (the bank
 * refused the file, it was lost): same message id and payments, a new execution date if one is
 * given (decision 029), logged as a re-export.
 * @param {CoreApp} app
 * @param {core.Record} admin
 * @param {string} batchId
 * @param {string} executionDate
 */
function exportBatch(app, admin, batchId, executionDate) {
  const batch = findOr404(app, 'payout_batches', batchId);
  const from = batch.getString('status');
  if (from !== 'released' && from !== 'exported') throw refuse(MESSAGES.notReleased);
  if (!isoDay(executionDate) || executionDate < require(`${__hooks}/lib/clock.js`).berlinToday()) throw refuse(MESSAGES.executionDate);
  const sepa = require(`${__hooks}/lib/sepa.js`);
  const rulebook = rules();
  const account = debtor(app);
  const payouts = app.findRecordsByFilter('payouts', 'batch = {:b}', 'created,id', 0, 0, { b: batchId });
  // Names stored before the SEPA check existed, or changed past it: named, so they can be sent back.
  const unfit = payouts.filter((p) => rulebook.sepaNameProblem(p.getString('accountHolder')));
  if (unfit.length > 0) throw refuse(MESSAGES.unfitNames(unfit.map((p) => p.getString('endToEndId'))));
  const messageId =
    from === 'exported'
      ? batch.getString('messageId')
      : `NORA-AUSZ-${String(batch.getInt('number')).padStart(6, '0')}-${Date.now().toString(36).toUpperCase()}`.slice(0, 35);
  const xml = sepa.pain001({
    messageId,
    createdAt: new Date(),
    executionDate,
    debtor: account,
    payments: payouts.map((p) => ({
      endToEndId: p.getString('endToEndId'),
      amount: p.getFloat('amount'),
      name: p.getString('accountHolder'),
      iban: p.getString('iban'),
      bic: p.getString('bic'),
      remittance: p.getString('remittance'),
    })),
  });
  let invalid;
  try {
    invalid = sepa.validate(xml);
  } catch (err) {
    app.logger().error('payout export: the SEPA file could not be checked', 'batch', batchId, 'error', String(err));
    throw refuse(MESSAGES.schemaUnavailable);
  }
  if (invalid) {
    app.logger().error('payout export: SEPA file failed the schema', 'batch', batchId, 'problems', invalid);
    throw refuse(MESSAGES.schemaInvalid(invalid));
  }
  const csv = require(`${__hooks}/lib/csv.js`).write(
    ['Empfaenger', 'IBAN', 'BIC', 'Betrag', 'Waehrung', 'Verwendungszweck', 'EndToEndId', 'Ausfuehrungsdatum'],
    payouts.map((p) => [
      rulebook.sepaText(p.getString('accountHolder'), 70),
      p.getString('iban'),
      p.getString('bic'),
      require(`${__hooks}/lib/amounts.js`).csvAmount(p.getFloat('amount')),
      'EUR',
      rulebook.sepaText(p.getString('remittance'), 140),
      p.getString('endToEndId'),
      executionDate,
    ]),
  );
  const number = String(batch.getInt('number')).padStart(4, '0');
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const fresh = tx.findRecordById('payout_batches', batchId);
    if (fresh.getString('status') !== from) throw refuse(MESSAGES.notReleased);
    const before = { status: from, executionDate: fresh.getString('executionDate'), exportedAt: fresh.getString('exportedAt') };
    fresh.set('status', 'exported');
    fresh.set('executionDate', executionDate);
    fresh.set('exportedBy', admin.id);
    fresh.set('exportedAt', now());
    fresh.set('messageId', messageId);
    fresh.set('exportCount', fresh.getInt('exportCount') + 1);
    fresh.set('pain001', $filesystem.fileFromBytes(xml, `auszahlung_${number}_pain001.xml`));
    fresh.set('csv', $filesystem.fileFromBytes(csv, `auszahlung_${number}.csv`));
    tx.save(fresh);
    tx.db()
      .newQuery(
        `UPDATE payouts SET status = 'exported', updated = strftime('%Y-%m-%d %H:%M:%fZ') WHERE batch = {:b} AND status = 'in_batch'`,
      )
      .bind({ b: batchId })
      .execute();
    staffLog().write(tx, {
      actor: admin,
      action: from === 'exported' ? 'payout_batch.reexport' : 'payout_batch.export',
      target: { collection: 'payout_batches', id: batchId },
      before: from === 'exported' ? before : undefined,
      after: { status: 'exported', executionDate, messageId, count: payouts.length },
    });
  });
  return app.findRecordById('payout_batches', batchId);
}

module.exports = { debtor, exportBatch };
