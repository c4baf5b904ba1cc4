/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// Amounts in sales files (DECISIONS section 5): a plain number with at most two decimals,
// `.` or `,` as decimal mark, `.` as thousands mark only together with a decimal comma
// (1.234,50). `1.234` is ambiguous and refused. Results are whole cents, so no float ever
// decides a threshold.

// The reasons are the rulebook's (CSV_ROW in src/rules/csv-rows.ts).
const { CSV_ROW } = require(`${__hooks}/vendor/rules.js`);
const REASONS = {
  invalid: CSV_ROW.amountInvalid,
  ambiguous: CSV_ROW.amountAmbiguous,
  band: (/** @type {number} */ max) => CSV_ROW.amountBand(formatEuro(max)),
};

const PLAIN = /^-?\d{1,12}(?:[.,]\d{1,2})?$/;
const GROUPED = /^-?\d{1,3}(?:\.\d{3})+,\d{1,2}$/;
const AMBIGUOUS = /^-?\d+\.\d{3}$/;

/**
 * '1.234,50' → { cents: 123450 }; anything else → { reason }. `maxEuro` bounds the absolute
 * value. Once the text has the checked shape, the runtime's number parser reads it: at most
 * 14 significant digits, so the double is off by far less than half a cent and rounding
 * gives the exact cents (a sales file's million amounts pass here; tests/amounts.test.ts
 * compares it with exact decimal arithmetic on generated amounts).
 * @param {string} raw
 * @param {number} maxEuro
 * @returns {{ reason?: string, cents?: number }}
 */
function parseCents(raw, maxEuro) {
  const text = String(raw === null || raw === undefined ? '' : raw).trim();
  if (text.length > 24) return { reason: REASONS.invalid };
  let normal;
  if (PLAIN.test(text)) normal = text.replace(',', '.');
  else if (GROUPED.test(text)) normal = text.replace(/\./g, '').replace(',', '.');
  else return { reason: AMBIGUOUS.test(text) ? REASONS.ambiguous : REASONS.invalid };
  const cents = Math.round(Number(normal) * 100);
  if (Math.abs(cents) > Math.round(maxEuro * 100)) return { reason: REASONS.band(maxEuro) };
  return { cents };
}

/**
 * 1234.5 → '1.234,50 €'
 * @param {number} value
 */
function formatEuro(value) {
  const fixed = Math.abs(Number(value)).toFixed(2).split('.');
  const sign = Number(value) < 0 ? '-' : '';
  return `${sign}${fixed[0].replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fixed[1]} €`;
}

/**
 * 1234.5 → '1234,50': an amount in a CSV cell for German spreadsheets (no thousands mark).
 * @param {number} value
 */
function csvAmount(value) {
  return Number(value || 0)
    .toFixed(2)
    .replace('.', ',');
}

module.exports = { parseCents, formatEuro, csvAmount, REASONS };
