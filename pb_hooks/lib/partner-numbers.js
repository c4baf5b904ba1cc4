/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The business partner numbers an administrator uploads (SPEC section 2, 'Geschäftspartnernummern'):
// each row sets the gpnr on a workshop's link to a service centre.

const BNR_HEADER = ['user', 'bnr', 'knr', 'gpnr'];

const { CSV_ROW, LIMITS } = require(`${__hooks}/vendor/rules.js`);
const ID_MAX = LIMITS.idMax;
// The refusals of this import's own rules; the ones both staff imports share are the rulebook's CSV_ROW.
const BNR_REASONS = { noLink: CSV_ROW.partnerNoLink, knr: CSV_ROW.partnerKnr };

/**
 * Business partner numbers through the import pipeline: each row sets gpnr on the
 * workshop's link to the centre with that bnr (short transactions; setting a value twice
 * changes nothing, so an interrupted file can simply run again).
 * @param {CoreApp} app
 * @param {core.Record} record
 */
function importBusinessPartnerNumbers(app, record) {
  const pipeline = require(`${__hooks}/lib/import-pipeline.js`);
  const uploads = require(`${__hooks}/lib/uploads.js`);
  const upload = pipeline.open(app, record);
  if (upload.error || (upload.names || []).join(',') !== BNR_HEADER.join(',')) {
    const message = upload.error || require(`${__hooks}/vendor/rules.js`).IMPORT_MESSAGES.partnerHeader(BNR_HEADER.join(','));
    uploads.failUpload(app, 'business_partner_number_files', record.id, message);
    return;
  }
  const result = pipeline.run(upload, {
    width: BNR_HEADER.length,
    chunk: 500,
    check: (raw) => {
      if (raw.length !== 4) return { reason: CSV_ROW.columns };
      const f = raw.map((x) => x.trim());
      for (const i of [0, 1, 3]) if (!f[i]) return { reason: CSV_ROW.missing(BNR_HEADER[i]) };
      for (let i = 0; i < 4; i++) if (f[i].length > ID_MAX) return { reason: CSV_ROW.tooLong(BNR_HEADER[i]) };
      return { values: f };
    },
    refuses: true,
    /** @param {Array<{ values: string[], line: number }>} batch */
    flush: (batch) => {
      /** @type {Array<{ line: number, reason: string }>} */
      const refused = [];
      require(`${__hooks}/lib/database.js`).writeTransaction(app, (tx) => {
        for (const row of batch) {
          const [user, bnr, knr, gpnr] = row.values;
          const links = tx.findRecordsByFilter('user_lz_connections', 'user = {:user} && noraLz.bnr = {:bnr}', '', 1, 0, { user, bnr });
          let reason = null;
          if (links.length === 0) {
            const known = tx.findRecordsByFilter('users', 'id = {:user}', '', 1, 0, { user }).length > 0;
            reason = known ? BNR_REASONS.noLink : CSV_ROW.user;
          } else if (knr && links[0].getString('customerNumber') !== knr) reason = BNR_REASONS.knr;
          if (reason) {
            refused.push({ line: row.line, reason });
            continue;
          }
          if (links[0].getString('gpnr') !== gpnr) {
            links[0].set('gpnr', gpnr);
            tx.save(links[0]);
          }
        }
      });
      return refused;
    },
  });
  const fresh = app.findRecordById('business_partner_number_files', record.id);
  fresh.set('status', 'done');
  fresh.set('progress', 100);
  fresh.set('successfullyProcessedRows', result.accepted);
  const failedLines = pipeline.mergeFailed(result, []);
  fresh.set('failedProcessedRows', failedLines.length);
  if (failedLines.length > 0) {
    fresh.set('failedRowsCsv', pipeline.failedRowsFile(BNR_HEADER, failedLines, `fehlerhafte_zeilen_${record.id}.csv`));
  }
  app.save(fresh);
}

module.exports = { importBusinessPartnerNumbers, BNR_HEADER, BNR_REASONS };
