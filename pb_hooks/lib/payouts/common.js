/// <reference path="../../../node_modules/.cache/pocketbase-types/types.d.ts" />

// What the payout modules share (issue 17, DECISIONS section 6, docs/decisions/014-payouts.md):
// their German refusals, the 'now' of a payout record, and the mail to a payout's workshop.
//
// Payouts move payable → in_batch → exported → paid, or returned (the bank sent the money
// back), after which the workshop corrects its bank details and the payout is payable again.
// An administrator may hold a payable payout. Batches move created → released (by another
// administrator, or the only one with an explicit confirmation) → exported (SEPA
// pain.001.001.09 and CSV) → paid. Every state change is one conditional UPDATE inside a
// transaction, so of concurrent requests one wins and no payout is ever in two batches or
// paid twice. The modules, one job each:
//   creation.js  a passed submission becomes exactly one payout
//   batches.js   batches: create, four-eyes release, paid
//   export.js    the SEPA file and CSV of a batch
//   returns.js   holds, bank returns and the workshop's new bank details
//   promise.js   the 8-week promise

const staffLog = () => require(`${__hooks}/lib/staff-log.js`);
const rules = () => require(`${__hooks}/lib/vendor/rules.js`);

const MESSAGES = {
  nothingPayable: 'Es gibt keine auszahlbaren Einreichungen.',
  limit: 'Die Höchstzahl muss eine ganze Zahl von 1 bis 100.000 sein.',
  notCreated: 'Dieser Auszahlungslauf ist nicht mehr zur Freigabe offen.',
  fourEyes: 'Diesen Auszahlungslauf muss ein anderer Administrator freigeben als der, der ihn erstellt hat (Vier-Augen-Prinzip).',
  selfRelease: 'Sie sind der einzige Administrator. Bitte bestätigen Sie ausdrücklich, dass Sie diesen Auszahlungslauf selbst freigeben.',
  notReleased: 'Nur ein freigegebener oder bereits exportierter Auszahlungslauf kann exportiert werden.',
  unfitNames: (codes) =>
    `Der Name des Kontoinhabers lässt sich nicht in SEPA-Zeichen schreiben bei: ${codes.slice(0, 10).join(', ')}${codes.length > 10 ? ` und ${codes.length - 10} weiteren` : ''}. Bitte fordern Sie für diese Auszahlungen neue Bankdaten an; die Datei wurde nicht erstellt.`,
  schemaInvalid: (problems) =>
    `Die SEPA-Datei entspricht nicht dem Schema pain.001.001.09 und wurde nicht erstellt. Der Auszahlungslauf bleibt unverändert. Prüfung: ${problems}`,
  schemaUnavailable:
    'Die SEPA-Datei kann nicht gegen das Schema geprüft werden (xmllint fehlt auf dem Server). Ohne Prüfung wird keine Datei erstellt.',
  notExported: 'Nur ein exportierter Auszahlungslauf kann als ausgeführt bestätigt werden.',
  executionDate: 'Bitte geben Sie ein Ausführungsdatum von heute an (JJJJ-MM-TT) an.',
  paidOn: 'Bitte geben Sie das Ausführungsdatum der Bank an (JJJJ-MM-TT), nicht vor dem Export und nicht in der Zukunft.',
  debtor:
    'Das Auszahlungskonto (Name, IBAN, BIC) ist nicht eingerichtet. Bitte in den Einstellungen oder über PORTAL_DEBTOR_NAME, PORTAL_DEBTOR_IBAN und PORTAL_DEBTOR_BIC hinterlegen.',
  notReturnable: 'Nur ein exportierter oder ausgezahlter Betrag kann als zurückgekommen erfasst werden.',
  reason: 'Bitte wählen Sie den Rückgabegrund der Bank.',
  notHoldable: 'Nur eine auszahlbare Auszahlung kann angehalten werden.',
  notHeld: 'Diese Auszahlung ist nicht angehalten.',
  notRequestable: 'Neue Bankdaten lassen sich nur für eine Auszahlung anfordern, die noch nicht exportiert ist.',
  holdReason: require(`${__hooks}/lib/vendor/rules.js`).MESSAGES.reasonRequired,
  notReturned: 'Für diese Auszahlung werden keine neuen Bankdaten benötigt.',
  notFound: 'Diesen Datensatz gibt es nicht.',
};

/** @param {string} message */
function refuse(message) {
  return new BadRequestError(message);
}

/** Now in real time, as PocketBase stores dates: payouts are records of what really happened (decision 035). */
function now() {
  return require(`${__hooks}/lib/clock.js`).realStamp();
}

function isoDay(value) {
  return /^\d{4}-\d{2}-\d{2}$/.test(String(value || '')) && new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value;
}

const one = (app, sql, params, shape) => require(`${__hooks}/lib/database.js`).rowOf(app, sql, params, shape);

function findOr404(app, collection, id) {
  try {
    return app.findRecordById(collection, id);
  } catch (_) {
    throw new NotFoundError(MESSAGES.notFound);
  }
}

function countAdmins(app, exceptId) {
  return one(app, 'SELECT COUNT(*) AS n FROM administrators WHERE id != {:id}', { id: exceptId }, { n: 0 }).n;
}

/** A mail to the payout's workshop about it (name, code, masked IBAN, plus `extra`), queued in `tx`. */
function mailAboutPayout(tx, payout, template, extra) {
  const user = tx.findRecordById('users', payout.getString('user'));
  require(`${__hooks}/lib/outbox.js`).enqueueForWorkshop(tx, user, {
    template,
    data: Object.assign({ code: payout.getString('endToEndId'), iban: rules().maskIban(payout.getString('iban')) }, extra),
    concerns: { collection: 'payouts', id: payout.id },
  });
}

/**
 * The mail that asks the workshop for new bank details for one payout, queued in the caller's
 * transaction: after a bank return (`portal` false) or because the portal itself needs them.
 */
function askForBankDetails(tx, payout, reason, portal) {
  mailAboutPayout(tx, payout, 'bank-details-needed', { reason, portal });
}

module.exports = { MESSAGES, refuse, now, isoDay, one, findOr404, countAdmins, mailAboutPayout, askForBankDetails, staffLog, rules };
