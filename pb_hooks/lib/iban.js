/// <reference path="../../pb_data/types.d.ts" />

// IBAN lengths by country (ISO 13616 registry, SEPA countries and neighbours).
const LENGTHS = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

function normalizeIban(value) {
  return String(value || '')
    .replace(/\s+/g, '')
    .toUpperCase();
}

/** Country length, structure and the mod-97 check digits. */
function isValidIban(value) {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return false;
  const length = LENGTHS[iban.slice(0, 2)];
  if (!length || iban.length !== length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const c = rearranged.charCodeAt(i);
    const digits = c >= 65 ? String(c - 55) : rearranged[i];
    for (let j = 0; j < digits.length; j++) remainder = (remainder * 10 + (digits.charCodeAt(j) - 48)) % 97;
  }
  return remainder === 1;
}

function isValidBic(value) {
  return BIC.test(
    String(value || '')
      .trim()
      .toUpperCase(),
  );
}

module.exports = { isValidIban, isValidBic, normalizeIban };
