/// <reference path="../../pb_data/types.d.ts" />

// SEPA credit transfer initiation, pain.001.001.09, as the European Payments Council's SCT
// customer-to-PSP guidelines restrict it (EPC132-08, 2023 v1.0; the schema German banks
// accept, ../shared/xsd). The XML is built with fast-xml-parser's XMLBuilder (bundled in
// vendor/xml-builder.js), which escapes every value; tests validate every file the server
// writes against the schema with xmllint.

/**
 * Text in the SEPA character set (EPC: a-z A-Z 0-9 / - ? : ( ) . , ' + space): German
 * letters are spelled out (ä → ae, ß → ss), other accents dropped, anything else a space.
 */
function latin(value) {
  const spelled = String(value || '')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return spelled
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 50 → '50.00'; amounts are summed in cents. */
function amount(cents) {
  return (cents / 100).toFixed(2);
}

function cents(euros) {
  return Math.round(Number(euros) * 100);
}

/** ISO date-time without fraction or zone, as the schema's examples write CreDtTm. */
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
  const { XMLBuilder } = require(`${__hooks}/lib/vendor/xml-builder.js`);
  const total = batch.payments.reduce((sum, p) => sum + cents(p.amount), 0);
  const count = String(batch.payments.length);
  const transactions = batch.payments.map((p) => {
    const tx = {
      PmtId: { EndToEndId: latin(p.endToEndId).slice(0, 35) },
      Amt: { InstdAmt: { '@_Ccy': 'EUR', '#text': amount(cents(p.amount)) } },
    };
    if (p.bic) tx.CdtrAgt = { FinInstnId: { BICFI: p.bic } };
    tx.Cdtr = { Nm: latin(p.name).slice(0, 70) };
    tx.CdtrAcct = { Id: { IBAN: p.iban } };
    tx.RmtInf = { Ustrd: latin(p.remittance).slice(0, 140) };
    return tx;
  });
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: latin(batch.messageId).slice(0, 35),
          CreDtTm: isoDateTime(batch.createdAt),
          NbOfTxs: count,
          CtrlSum: amount(total),
          InitgPty: { Nm: latin(batch.debtor.name).slice(0, 70) },
        },
        PmtInf: {
          PmtInfId: `${latin(batch.messageId).slice(0, 32)}-1`,
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: count,
          CtrlSum: amount(total),
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
          ReqdExctnDt: { Dt: batch.executionDate },
          Dbtr: { Nm: latin(batch.debtor.name).slice(0, 70) },
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

module.exports = { pain001, latin };
