/// <reference path="../../pb_data/types.d.ts" />

// Payouts (issue 17, DECISIONS section 6, docs/decisions/014-payouts.md).
//
// A passed submission becomes exactly one payout (unique index on the submission), written
// in the verdict's transaction. Payouts move payable → in_batch → exported → paid, or
// returned (the bank sent the money back), after which the workshop corrects its bank
// details and the payout is payable again. An administrator may hold a payable payout.
// Batches move created → released (by another administrator, or the only one with an
// explicit confirmation) → exported (SEPA pain.001.001.09 and CSV) → paid. Every state
// change is one conditional UPDATE inside a transaction, so of concurrent requests one
// wins and no payout is ever in two batches or paid twice.

const staffLog = () => require(`${__hooks}/lib/staff-log.js`);
const outbox = () => require(`${__hooks}/lib/outbox.js`);
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

// The bank's return reasons with their German labels live in the rulebook (the data area offers them).
const returnReasons = () => rules().RETURN_REASONS;

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

function one(app, sql, params, shape) {
  const row = new DynamicModel(shape);
  app
    .db()
    .newQuery(sql)
    .bind(params || {})
    .one(row);
  return row;
}

/**
 * Called in the transaction of a passing verdict: the submission's payout, unless it has
 * one (the unique index would refuse a second anyway).
 */
function createForSubmission(tx, submission, voucher) {
  const existing = tx.findRecordsByFilter('payouts', 'submission = {:s}', '', 1, 0, { s: submission.id });
  if (existing.length > 0) return existing[0];
  const campaign = tx.findRecordById('campaigns', submission.getString('campaign'));
  const code = voucher.getString('code');
  const payout = new Record(tx.findCollectionByNameOrId('payouts'));
  payout.set('submission', submission.id);
  payout.set('user', submission.getString('user'));
  payout.set('voucher', voucher.id);
  payout.set('campaign', campaign.id);
  payout.set('amount', campaign.getFloat('reward'));
  payout.set('accountHolder', `${submission.getString('ibanFirstName')} ${submission.getString('ibanLastName')}`.trim());
  payout.set('iban', submission.getString('ibanNumber'));
  payout.set('bic', submission.getString('ibanBic'));
  payout.set('endToEndId', code);
  payout.set('remittance', `NORA Cashback ${code}`);
  payout.set('status', 'payable');
  tx.save(payout);
  return payout;
}

function countAdmins(app, exceptId) {
  return one(app, 'SELECT COUNT(*) AS n FROM administrators WHERE id != {:id}', { id: exceptId }, { n: 0 }).n;
}

/** A batch of every payable payout, oldest first, optionally capped. */
function createBatch(app, admin, limit) {
  const cap = limit === undefined || limit === null || limit === '' ? 100000 : Number(limit);
  if (!Number.isInteger(cap) || cap < 1 || cap > 100000) throw refuse(MESSAGES.limit);
  const counters = require(`${__hooks}/lib/counters.js`);
  let batch = null;
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    batch = new Record(tx.findCollectionByNameOrId('payout_batches'));
    batch.set('number', counters.next(tx, 'payout_batch'));
    batch.set('status', 'created');
    batch.set('createdBy', admin.id);
    tx.save(batch);
    // Only payable payouts move, each exactly once: whoever runs this statement first takes them.
    tx.db()
      .newQuery(
        `UPDATE payouts SET status = 'in_batch', batch = {:batch}, updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id IN (SELECT id FROM payouts WHERE status = 'payable' ORDER BY created, id LIMIT {:cap})`,
      )
      .bind({ batch: batch.id, cap })
      .execute();
    const sums = one(
      tx,
      'SELECT COUNT(*) AS n, COALESCE(SUM(CAST(ROUND(amount * 100) AS INTEGER)), 0) AS cents FROM payouts WHERE batch = {:batch}',
      { batch: batch.id },
      { n: 0, cents: 0 },
    );
    if (sums.n === 0) throw refuse(MESSAGES.nothingPayable);
    batch.set('count', sums.n);
    batch.set('total', sums.cents / 100);
    tx.save(batch);
    staffLog().write(tx, {
      actor: admin,
      action: 'payout_batch.create',
      target: { collection: 'payout_batches', id: batch.id },
      after: { number: batch.getInt('number'), count: sums.n, total: sums.cents / 100 },
    });
  });
  return app.findRecordById('payout_batches', batch.id);
}

/** Four-eyes release: another administrator than the creator, or the only one explicitly. */
function releaseBatch(app, admin, batchId, selfConfirm) {
  const batch = findOr404(app, 'payout_batches', batchId);
  if (batch.getString('status') !== 'created') throw refuse(MESSAGES.notCreated);
  let self = false;
  if (batch.getString('createdBy') === admin.id) {
    if (countAdmins(app, admin.id) > 0) throw refuse(MESSAGES.fourEyes);
    if (!selfConfirm) throw refuse(MESSAGES.selfRelease);
    self = true;
  }
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(
        `UPDATE payout_batches SET status = 'released', releasedBy = {:admin}, releasedAt = {:now}, selfReleased = {:self},
                updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id = {:id} AND status = 'created'`,
      )
      .bind({ id: batchId, admin: admin.id, now: now(), self })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(MESSAGES.notCreated);
    staffLog().write(tx, {
      actor: admin,
      action: self ? 'payout_batch.self_release' : 'payout_batch.release',
      target: { collection: 'payout_batches', id: batchId },
      reason: self ? 'Einziger Administrator: ausdrücklich selbst freigegeben' : '',
      before: { status: 'created', count: batch.getInt('count'), total: batch.getFloat('total') },
      after: { status: 'released' },
    });
  });
  return app.findRecordById('payout_batches', batchId);
}

/** The paying account: env first, then the portal settings. */
function debtor(app) {
  let record = null;
  try {
    record = app.findFirstRecordByFilter('portal_settings', "key = 'default'");
  } catch (_) {
    record = null;
  }
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
      p.getFloat('amount').toFixed(2).replace('.', ','),
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

/** The bank executed the batch: its exported payouts are paid on `paidOn`; each workshop is mailed. */
function markPaid(app, admin, batchId, paidOn) {
  const batch = findOr404(app, 'payout_batches', batchId);
  if (batch.getString('status') !== 'exported') throw refuse(MESSAGES.notExported);
  const exportedDay = require(`${__hooks}/lib/audits.js`).berlinDay(batch.getString('exportedAt').replace(' ', 'T')).iso;
  if (!isoDay(paidOn) || paidOn < exportedDay || paidOn > require(`${__hooks}/lib/clock.js`).berlinToday()) throw refuse(MESSAGES.paidOn);
  const amounts = require(`${__hooks}/lib/amounts.js`);
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(
        `UPDATE payout_batches SET status = 'paid', paidOn = {:paidOn}, paidBy = {:admin}, updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id = {:id} AND status = 'exported'`,
      )
      .bind({ id: batchId, paidOn, admin: admin.id })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(MESSAGES.notExported);
    const paid = tx.findRecordsByFilter('payouts', "batch = {:b} && status = 'exported'", '', 0, 0, { b: batchId });
    for (const payout of paid) {
      payout.set('status', 'paid');
      payout.set('paidOn', paidOn);
      tx.save(payout);
      mailAboutPayout(tx, payout, 'payout-sent', { amount: amounts.formatEuro(payout.getFloat('amount')), paidOn: germanDate(paidOn) });
    }
    staffLog().write(tx, {
      actor: admin,
      action: 'payout_batch.paid',
      target: { collection: 'payout_batches', id: batchId },
      after: { status: 'paid', paidOn, payouts: paid.length },
    });
  });
  return app.findRecordById('payout_batches', batchId);
}

/**
 * The mail that asks the workshop for new bank details for one payout, queued in the caller's
 * transaction: after a bank return (`portal` false) or because the portal itself needs them.
 */
function askForBankDetails(tx, payout, reason, portal) {
  mailAboutPayout(tx, payout, 'bank-details-needed', { reason, portal });
}

/** A mail to the payout's workshop about it (name, code, masked IBAN, plus `extra`), queued in `tx`. */
function mailAboutPayout(tx, payout, template, extra) {
  const user = tx.findRecordById('users', payout.getString('user'));
  outbox().enqueueForWorkshop(tx, user, {
    template,
    data: Object.assign({ code: payout.getString('endToEndId'), iban: maskIban(payout.getString('iban')) }, extra),
    concerns: { collection: 'payouts', id: payout.id },
  });
}

/** The bank sent one payout back: the workshop is asked for new bank details for exactly that submission. */
function markReturned(app, admin, payoutId, reasonCode, note) {
  const payout = findOr404(app, 'payouts', payoutId);
  if (!returnReasons()[reasonCode]) throw refuse(MESSAGES.reason);
  const cleanNote = String(note || '')
    .trim()
    .slice(0, 500);
  if (rules().controlProblem(cleanNote)) throw refuse(rules().MESSAGES.control);
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(
        `UPDATE payouts SET status = 'returned', returnReason = {:reason}, returnNote = {:note}, returnedAt = {:now},
                updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id = {:id} AND status IN ('exported', 'paid')`,
      )
      .bind({ id: payoutId, reason: reasonCode, note: cleanNote, now: now() })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(MESSAGES.notReturnable);
    askForBankDetails(tx, payout, returnReasons()[reasonCode], false);
    staffLog().write(tx, {
      actor: admin,
      action: 'payout.return',
      target: { collection: 'payouts', id: payoutId },
      reason: cleanNote,
      before: { status: payout.getString('status'), paidOn: payout.getString('paidOn') },
      after: { status: 'returned', returnReason: reasonCode },
    });
  });
  return app.findRecordById('payouts', payoutId);
}

/**
 * The portal asks the workshop for new bank details for one payout that is not exported yet
 * (payable, held, or in a batch not yet exported): its account holder cannot be written in SEPA
 * characters (decision 029). The payout leaves its batch (count and total follow), is 'returned'
 * with the portal's reason NAME, and the workshop is mailed; its new details make it payable.
 */
function requestBankDetails(app, admin, payoutId, reason) {
  const payout = findOr404(app, 'payouts', payoutId);
  const why = String(reason || '').trim();
  if (!why) throw refuse(MESSAGES.holdReason);
  if (rules().controlProblem(why)) throw refuse(rules().MESSAGES.control);
  const batchId = payout.getString('batch');
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(
        `UPDATE payouts SET status = 'returned', returnReason = 'NAME', returnNote = {:why}, returnedAt = {:now}, batch = '',
                updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id = {:id} AND (status IN ('payable', 'held')
                OR (status = 'in_batch' AND batch IN (SELECT id FROM payout_batches WHERE status IN ('created', 'released'))))`,
      )
      .bind({ id: payoutId, why: why.slice(0, 500), now: now() })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(MESSAGES.notRequestable);
    if (batchId) {
      tx.db()
        .newQuery(
          `UPDATE payout_batches SET count = (SELECT COUNT(*) FROM payouts WHERE batch = {:b}),
                  total = (SELECT COALESCE(SUM(CAST(ROUND(amount * 100) AS INTEGER)), 0) / 100.0 FROM payouts WHERE batch = {:b}),
                  updated = strftime('%Y-%m-%d %H:%M:%fZ')
            WHERE id = {:b}`,
        )
        .bind({ b: batchId })
        .execute();
    }
    askForBankDetails(tx, payout, rules().returnReasonLabel('NAME'), true);
    staffLog().write(tx, {
      actor: admin,
      action: 'payout.request_bank_details',
      target: { collection: 'payouts', id: payoutId },
      reason: why.slice(0, 1000),
      before: { status: payout.getString('status'), batch: batchId },
      after: { status: 'returned', returnReason: 'NAME' },
    });
  });
  return app.findRecordById('payouts', payoutId);
}

/** A payable payout held (or released from the hold) by an administrator, with a reason. */
function setHold(app, admin, payoutId, hold, reason) {
  const payout = findOr404(app, 'payouts', payoutId);
  const why = String(reason || '').trim();
  if (!why) throw refuse(MESSAGES.holdReason);
  if (rules().controlProblem(why)) throw refuse(rules().MESSAGES.control);
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(
        `UPDATE payouts SET status = {:to}, holdReason = {:why}, updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id = {:id} AND status = {:from}`,
      )
      .bind({ id: payoutId, from: hold ? 'payable' : 'held', to: hold ? 'held' : 'payable', why: hold ? why.slice(0, 500) : '' })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(hold ? MESSAGES.notHoldable : MESSAGES.notHeld);
    staffLog().write(tx, {
      actor: admin,
      action: hold ? 'payout.hold' : 'payout.unhold',
      target: { collection: 'payouts', id: payoutId },
      reason: why.slice(0, 1000),
      before: { status: payout.getString('status') },
      after: { status: hold ? 'held' : 'payable' },
    });
  });
  return app.findRecordById('payouts', payoutId);
}

/**
 * The workshop's new bank details for one returned payout, checked as the cashback form
 * checks them; the payout is payable again (it goes into the next batch).
 */
function updateBankDetails(e, payoutId) {
  const app = e.app;
  const body = e.requestInfo().body || {};
  const rulebook = rules();
  let payout;
  try {
    payout = app.findRecordById('payouts', payoutId);
  } catch (_) {
    payout = null;
  }
  if (!payout || payout.getString('user') !== e.auth.id) throw new NotFoundError(MESSAGES.notFound);
  const errors = require(`${__hooks}/lib/field-errors.js`).bankErrors(body);
  if (Object.keys(errors).length > 0) require(`${__hooks}/lib/field-errors.js`).refuse(e, errors);
  require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
    const moved = tx
      .db()
      .newQuery(
        `UPDATE payouts SET status = 'payable', batch = '', accountHolder = {:holder}, iban = {:iban}, bic = {:bic},
                bankDetailsChangedAt = {:now}, updated = strftime('%Y-%m-%d %H:%M:%fZ')
          WHERE id = {:id} AND status = 'returned' AND user = {:user}`,
      )
      .bind({
        id: payoutId,
        user: e.auth.id,
        holder: `${String(body.ibanFirstName).trim()} ${String(body.ibanLastName).trim()}`,
        iban: rulebook.compactIban(body.ibanNumber),
        bic: rulebook.normalizeBic(body.ibanBic),
        now: now(),
      })
      .execute();
    if (moved.rowsAffected() !== 1) throw refuse(MESSAGES.notReturned);
  });
  return app.findRecordById('payouts', payoutId);
}

/**
 * The 8-week promise (SPEC section 1): every submission not yet paid, oldest first, with
 * its age in days since it was submitted and where its money stands.
 */
function promise(app) {
  const rows = arrayOf(
    new DynamicModel({ submission: '', submitted: '', status: '', code: '', shopName: '', email: '', payoutStatus: '', days: 0 }),
  );
  app
    .db()
    .newQuery(
      `SELECT s.id AS submission, s.created AS submitted, s.status AS status, v.code AS code, u.shopName AS shopName, u.email AS email,
              COALESCE(p.status, '') AS payoutStatus,
              CAST(julianday({:now}) - julianday(s.created) AS INTEGER) AS days
         FROM submissions s
         JOIN vouchers v ON v.id = s.voucher
         JOIN users u ON u.id = s.user
         LEFT JOIN payouts p ON p.submission = s.id
        WHERE s.status IN ('pending', 'passed') AND COALESCE(p.status, '') != 'paid'
        ORDER BY s.created, s.id
        LIMIT 500`,
    )
    .bind({ now: now() })
    .all(rows);
  return rows.map((r) => ({
    submission: r.submission,
    submitted: r.submitted,
    status: r.status,
    code: r.code,
    shopName: r.shopName,
    email: r.email,
    payoutStatus: r.payoutStatus,
    days: r.days,
    level: r.days > 56 ? 'red' : r.days > 42 ? 'amber' : 'ok',
  }));
}

function findOr404(app, collection, id) {
  try {
    return app.findRecordById(collection, id);
  } catch (_) {
    throw new NotFoundError(MESSAGES.notFound);
  }
}

function maskIban(iban) {
  return rules().maskIban(iban);
}

function germanDate(iso) {
  const [y, m, d] = String(iso).split('-');
  return `${d}.${m}.${y}`;
}

module.exports = {
  createForSubmission,
  createBatch,
  releaseBatch,
  exportBatch,
  markPaid,
  markReturned,
  setHold,
  requestBankDetails,
  updateBankDetails,
  promise,
  debtor,
  countAdmins,
  MESSAGES,
};
