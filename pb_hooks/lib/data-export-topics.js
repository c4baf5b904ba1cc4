/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// What a workshop's data file holds (issue 37; lib/data-export.js writes it): the topics, each a
// file with its columns (key, German heading, kind) and the statement that reads the workshop's
// rows by its id and nothing else. No field staff keep for themselves appears in a statement.

/** @typedef {{ file: string, columns: Array<[string, string, string]>, sql: string }} Topic */

/** Column kinds: how a value is written in the CSV (the JSON keeps it as stored). */
const KIND = { text: 'text', date: 'date', day: 'day', money: 'money', bool: 'bool', number: 'number' };

/**
 * A stored state shown with the rulebook's German label (rules/labels.ts) in the CSV.
 * @type {Record<string, Record<string, string>>}
 */
const LABELLED = {
  codes: { status: 'VOUCHER_STATUS_LABELS' },
  einreichungen: { status: 'SUBMISSION_STATUS_LABELS' },
  pruefungen: { outcome: 'AUDIT_OUTCOME_LABELS' },
  auszahlungen: { status: 'WORKSHOP_PAYOUT_LABELS' },
  mails: { template: 'MAIL_TEMPLATE_LABELS', status: 'MAIL_STATUS_LABELS' },
};

/**
 * The topics: file name, columns [key, German heading, kind] and the statement for the rows.
 * Every statement takes the workshop by {:id} and nothing else.
 * @type {Topic[]}
 */
const TOPICS = [
  {
    file: 'konto',
    columns: [
      ['email', 'E-Mail', KIND.text],
      ['firstName', 'Vorname', KIND.text],
      ['lastName', 'Nachname', KIND.text],
      ['shopName', 'Werkstattname', KIND.text],
      ['address', 'Straße', KIND.text],
      ['streetNumber', 'Hausnummer', KIND.text],
      ['zipCode', 'PLZ', KIND.text],
      ['city', 'Ort', KIND.text],
      ['phone', 'Telefon', KIND.text],
      ['termsAccepted', 'Teilnahmebedingungen akzeptiert', KIND.bool],
      ['verified', 'E-Mail-Adresse bestätigt', KIND.bool],
      ['created', 'Registriert am', KIND.date],
      ['updated', 'Zuletzt geändert am', KIND.date],
    ],
    sql: `SELECT email, firstName, lastName, shopName, address, streetNumber, zipCode, city, phone,
                 termsAccepted, verified, created, updated
            FROM users WHERE id = {:id}`,
  },
  {
    file: 'leistungszentren',
    columns: [
      ['partnerName', 'Leistungszentrum', KIND.text],
      ['zipCode', 'PLZ', KIND.text],
      ['city', 'Ort', KIND.text],
      ['customerNumber', 'Kundennummer', KIND.text],
      ['gpnr', 'Geschäftspartnernummer', KIND.text],
      ['created', 'Verknüpft am', KIND.date],
    ],
    sql: `SELECT COALESCE(n.partnerName, '') AS partnerName, COALESCE(n.zipCode, '') AS zipCode, COALESCE(n.city, '') AS city,
                 c.customerNumber AS customerNumber, c.gpnr AS gpnr, c.created AS created
            FROM user_lz_connections c LEFT JOIN nora_lz n ON n.id = c.noraLz
           WHERE c.user = {:id} ORDER BY c.created, c.id`,
  },
  {
    file: 'umsaetze',
    columns: [
      ['campaign', 'Aktion', KIND.text],
      ['customerNumber', 'Kundennummer', KIND.text],
      ['gpnr', 'Geschäftspartnernummer', KIND.text],
      ['deliveryDate', 'Lieferdatum', KIND.text],
      ['sales', 'Umsatz (EUR)', KIND.money],
      ['created', 'Erfasst am', KIND.date],
    ],
    sql: `SELECT COALESCE(k.name || ' ' || k.year, '') AS campaign, s.knr AS customerNumber, s.gpnr AS gpnr,
                 s.deliverydate AS deliveryDate, s.sales AS sales, s.created AS created
            FROM sales_data s LEFT JOIN campaigns k ON k.id = s.campaign
           WHERE s.user = {:id} ORDER BY s.deliverydate, s.created, s.id`,
  },
  {
    file: 'summen',
    columns: [
      ['campaign', 'Aktion', KIND.text],
      ['totalSales', 'Umsatz gesamt (EUR)', KIND.money],
      ['toNextCashback', 'Bis zum nächsten Cashback (EUR)', KIND.money],
    ],
    sql: `SELECT COALESCE(k.name || ' ' || k.year, '') AS campaign, t.totalSales AS totalSales, t.toNextCashback AS toNextCashback
            FROM sales_totals t LEFT JOIN campaigns k ON k.id = t.campaign
           WHERE t.user = {:id} ORDER BY k.year, t.id`,
  },
  {
    file: 'codes',
    columns: [
      ['code', 'Cashback-Code', KIND.text],
      ['campaign', 'Aktion', KIND.text],
      ['status', 'Status', KIND.text],
      ['created', 'Erhalten am', KIND.date],
    ],
    sql: `SELECT v.code AS code, COALESCE(k.name || ' ' || k.year, '') AS campaign, v.status AS status, v.created AS created
            FROM vouchers v LEFT JOIN campaigns k ON k.id = v.campaign
           WHERE v.user = {:id} ORDER BY v.created, v.id`,
  },
  {
    file: 'einreichungen',
    columns: [
      ['id', 'Einreichung', KIND.text],
      ['created', 'Eingereicht am', KIND.date],
      ['code', 'Cashback-Code', KIND.text],
      ['status', 'Status', KIND.text],
      ['ibanFirstName', 'Vorname Kontoinhaber', KIND.text],
      ['ibanLastName', 'Nachname Kontoinhaber', KIND.text],
      ['iban', 'IBAN', KIND.text],
      ['bic', 'BIC', KIND.text],
      ['invoice', 'Rechnung (Datei im Archiv)', KIND.text],
    ],
    sql: `SELECT s.id AS id, s.created AS created, COALESCE(v.code, '') AS code, s.status AS status,
                 s.ibanFirstName AS ibanFirstName, s.ibanLastName AS ibanLastName, s.ibanNumber AS iban, s.ibanBic AS bic,
                 s.file AS invoice
            FROM submissions s LEFT JOIN vouchers v ON v.id = s.voucher
           WHERE s.user = {:id} ORDER BY s.created, s.id`,
  },
  {
    file: 'pruefungen',
    columns: [
      ['submission', 'Einreichung', KIND.text],
      ['created', 'Geprüft am', KIND.date],
      ['outcome', 'Ergebnis', KIND.text],
      ['note', 'Hinweis an Sie', KIND.text],
    ],
    sql: `SELECT a.submission AS submission, a.created AS created, a.outcome AS outcome, a.note AS note
            FROM submission_audits a JOIN submissions s ON s.id = a.submission
           WHERE s.user = {:id} ORDER BY a.created, a.id`,
  },
  {
    file: 'auszahlungen',
    columns: [
      ['created', 'Angelegt am', KIND.date],
      ['code', 'Cashback-Code', KIND.text],
      ['amount', 'Betrag (EUR)', KIND.money],
      ['accountHolder', 'Kontoinhaber', KIND.text],
      ['iban', 'IBAN', KIND.text],
      ['bic', 'BIC', KIND.text],
      ['remittance', 'Verwendungszweck', KIND.text],
      ['endToEndId', 'Referenz', KIND.text],
      ['status', 'Status', KIND.text],
      ['paidOn', 'Ausgezahlt am', KIND.day],
      ['returnReason', 'Rückbuchungsgrund', KIND.text],
      ['returnedAt', 'Zurückgebucht am', KIND.date],
    ],
    sql: `SELECT p.created AS created, COALESCE(v.code, '') AS code, p.amount AS amount, p.accountHolder AS accountHolder,
                 p.iban AS iban, p.bic AS bic, p.remittance AS remittance, p.endToEndId AS endToEndId, p.status AS status,
                 p.paidOn AS paidOn, p.returnReason AS returnReason, p.returnedAt AS returnedAt
            FROM payouts p LEFT JOIN vouchers v ON v.id = p.voucher
           WHERE p.user = {:id} ORDER BY p.created, p.id`,
  },
  {
    file: 'mails',
    columns: [
      ['created', 'Erstellt am', KIND.date],
      ['recipient', 'An', KIND.text],
      ['template', 'Art', KIND.text],
      ['subject', 'Betreff', KIND.text],
      ['status', 'Status', KIND.text],
      ['sentAt', 'Gesendet am', KIND.date],
    ],
    sql: `SELECT created, recipient, template, subject, status, sentAt
            FROM mail_outbox WHERE user = {:id} ORDER BY created, id`,
  },
];

module.exports = { KIND, LABELLED, TOPICS };
