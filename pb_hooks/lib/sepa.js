/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// SEPA credit transfer initiation, pain.001.001.09, as the European Payments Council's SCT
// customer-to-PSP guidelines restrict it (EPC132-08, 2023 v1.0; the schema German banks
// accept, a copy of ../shared/xsd in sepa/). The XML is built with fast-xml-parser's XMLBuilder
// (bundled in vendor/xml-builder.js), which escapes every value. Every text goes through the
// rulebook's sepaText (the EPC basic Latin set, rules/sepa.ts), and every file is validated
// against the schema with xmllint before it is offered (validate below, decision 029).

/** @type {HookModules['vendor/rules']['sepaText']} */
const sepaText = (value, max) => require(`${__hooks}/vendor/rules.js`).sepaText(value, max);

/**
 * 50 → '50.00'; amounts are summed in cents.
 * @param {number} cents
 */
function amount(cents) {
  return (cents / 100).toFixed(2);
}

/** @type {HookModules['vendor/rules']['toCents']} */
const cents = (euros) => require(`${__hooks}/vendor/rules.js`).toCents(euros);

/**
 * ISO date-time without fraction or zone, as the schema's examples write CreDtTm.
 * @param {Date} date
 */
function isoDateTime(date) {
  return new Date(date).toISOString().slice(0, 19);
}

/**
 * The pain.001.001.09 document for one payment instruction.
 * @param {{ messageId: string, createdAt: Date, executionDate: string,
 *           debtor: { name: string, iban: string, bic: string },
 *           payments: { endToEndId: string, amount: number, name: string, iban: string, bic: string, remittance: string }[] }} batch
 */
function pain001(batch) {
  const { XMLBuilder } = require(`${__hooks}/vendor/xml-builder.js`);
  const total = batch.payments.reduce((sum, p) => sum + cents(p.amount), 0);
  const count = String(batch.payments.length);
  const transactions = batch.payments.map((p) => {
    // The elements in the schema's order; CdtrAgt only with a BIC.
    return {
      PmtId: { EndToEndId: sepaText(p.endToEndId, 35) },
      Amt: { InstdAmt: { '@_Ccy': 'EUR', '#text': amount(cents(p.amount)) } },
      ...(p.bic ? { CdtrAgt: { FinInstnId: { BICFI: p.bic } } } : {}),
      Cdtr: { Nm: sepaText(p.name, 70) },
      CdtrAcct: { Id: { IBAN: p.iban } },
      RmtInf: { Ustrd: sepaText(p.remittance, 140) },
    };
  });
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: sepaText(batch.messageId, 35),
          CreDtTm: isoDateTime(batch.createdAt),
          NbOfTxs: count,
          CtrlSum: amount(total),
          InitgPty: { Nm: sepaText(batch.debtor.name, 70) },
        },
        PmtInf: {
          PmtInfId: `${sepaText(batch.messageId, 32)}-1`,
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: count,
          CtrlSum: amount(total),
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
          ReqdExctnDt: { Dt: batch.executionDate },
          Dbtr: { Nm: sepaText(batch.debtor.name, 70) },
          DbtrAcct: { Id: { IBAN: batch.debtor.iban } },
          DbtrAgt: { FinInstnId: { BICFI: batch.debtor.bic } },
          ChrgBr: 'SLEV',
          CdtTrfTxInf: transactions,
        },
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });
  return builder.build(document);
}

/** The schema the files are checked against (the official one, copied from ../shared/xsd; a test keeps them equal). */
const SCHEMA = `${__hooks}/lib/sepa/pain.001.001.09.xsd`;

/**
 * The document checked against the pain.001.001.09 schema with xmllint (libxml2-utils), read
 * from stdin. Returns '' when valid, else xmllint's complaints (at most 2,000 characters);
 * throws when xmllint cannot be run at all, so no unchecked file is ever offered.
 * @param {string} xml
 */
function validate(xml) {
  const input = $filesystem.fileFromBytes(xml, 'pain001.xml').reader.open();
  let output;
  try {
    const cmd = $os.cmd('sh', '-c', 'xmllint --noout --schema "$1" - 2>&1; echo "xmllint-exit:$?"', 'sh', SCHEMA);
    cmd.stdin = /** @type {any} */ (input); // an io.Reader at run time; the types keep the file opaque
    output = toString(cmd.output());
  } finally {
    input.close();
  }
  const m = /xmllint-exit:(\d+)\s*$/.exec(output);
  const code = m ? Number(m[1]) : -1;
  const text = output.replace(/xmllint-exit:\d+\s*$/, '').trim();
  if (code === 0) return '';
  // 127: no xmllint; 1-5 and others: xmllint's own failure codes (3 and 4 are schema errors).
  if (code === 127 || code < 0) throw new Error(`xmllint is not available: ${text}`);
  const { xmlLine } = require(`${__hooks}/vendor/rules.js`).PAYOUT_MESSAGES;
  return text.replace(/-:(\d+):/g, (_, line) => xmlLine(line)).slice(0, 2000) || `xmllint exit ${code}`;
}

module.exports = { pain001, validate, SCHEMA };
