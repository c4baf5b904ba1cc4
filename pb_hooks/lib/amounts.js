/// <reference path="../../pb_data/types.d.ts" />

// Amounts in sales files (DECISIONS section 5): a plain number with at most two decimals,
// `.` or `,` as decimal mark, `.` as thousands mark only together with a decimal comma
// (1.234,50). `1.234` is ambiguous and refused. Results are whole cents, so no float ever
// decides a threshold.

const REASONS = {
  invalid: 'Ungültiger Umsatz: erwartet wird ein Betrag mit höchstens zwei Nachkommastellen, z. B. 1234,50 oder 1.234,50',
  ambiguous:
    'Mehrdeutiger Umsatz: ein Punkt mit drei Ziffern danach kann Tausender- oder Dezimalpunkt sein. Bitte als 1234,00 oder 1.234,00 angeben',
  band: (max) => `Umsatz außerhalb des erlaubten Bereichs (höchstens ±${formatEuro(max)} je Zeile)`,
};

const PLAIN = /^-?\d{1,12}(?:[.,]\d{1,2})?$/;
const GROUPED = /^-?\d{1,3}(?:\.\d{3})+,\d{1,2}$/;
const AMBIGUOUS = /^-?\d+\.\d{3}$/;

/** '1.234,50' → { cents: 123450 }; anything else → { reason }. `maxEuro` bounds the absolute value. */
function parseCents(raw, maxEuro) {
  const text = String(raw === null || raw === undefined ? '' : raw).trim();
  let normal;
  if (text.length > 24) return { reason: REASONS.invalid };
  if (GROUPED.test(text)) normal = text.replace(/\./g, '').replace(',', '.');
  else if (PLAIN.test(text)) normal = text.replace(',', '.');
  else if (AMBIGUOUS.test(text)) return { reason: REASONS.ambiguous };
  else return { reason: REASONS.invalid };
  const negative = normal.charAt(0) === '-';
  const parts = (negative ? normal.slice(1) : normal).split('.');
  const cents = parseInt(parts[0], 10) * 100 + parseInt(`${parts[1] || ''}00`.slice(0, 2), 10);
  if (cents > Math.round(maxEuro * 100)) return { reason: REASONS.band(maxEuro) };
  return { cents: negative ? -cents : cents };
}

/** 1234.5 → '1.234,50 €' */
function formatEuro(value) {
  const fixed = Math.abs(Number(value)).toFixed(2).split('.');
  const sign = Number(value) < 0 ? '-' : '';
  return `${sign}${fixed[0].replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${fixed[1]} €`;
}

module.exports = { parseCents, formatEuro, REASONS };
