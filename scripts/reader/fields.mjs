// @ts-check
// The fields of an invoice from its pages (text layer or recognition): date and number as the
// rulebook reads them (invoiceFacts), the gross and net totals after their labels, the seller
// matched against the workshop's service centres, the buyer against its shop name and its
// customer numbers. Each field carries its confidence (the words' own, 100 for a text layer)
// and the box it stood in, so the review can show where it was read.
import { rules } from '../lib/rules.mjs';
import { boxAround, lineText } from './layout.mjs';

/**
 * @typedef {import('./layout.mjs').Page} Page
 * @typedef {import('./layout.mjs').Line} Line
 * @typedef {import('./layout.mjs').Word} Word
 * @typedef {{ value: string, confidence: number, page?: number, box?: [number, number, number, number], match?: boolean }} Field
 * @typedef {{ shopName: string, centres: { name: string, customerNumber: string }[] }} Workshop
 * @typedef {{ page: number, line: Line, text: string }} PlacedLine
 */

const AMOUNT = /(?<![\d,.])-?\d{1,3}(?:[.' ]\d{3})*,\d{2}(?!\d)|(?<![\d,.])-?\d+,\d{2}(?!\d)/g;
const GROSS_LABELS = [
  /rechnungsbetrag|gesamtbetrag|bruttobetrag|endbetrag|zahlbetrag|zu zahlen|gesamtsumme|summe brutto|brutto/i,
  /gesamt|summe/i,
];
const NET_LABELS = [/nettobetrag|summe netto|netto|warenwert/i];
const NOT_GROSS = /netto|mwst|ust\b|umsatzsteuer|mehrwertsteuer|rabatt|zwischensumme/i;
const LEGAL_FORMS = new Set(['gmbh', 'mbh', 'co', 'kg', 'ag', 'ohg', 'ug', 'ek', 'und', 'gbr', 'haftungsbeschraenkt']);

/** @param {Page[]} pages @returns {PlacedLine[]} */
const placedLines = (pages) => pages.flatMap((p, i) => p.lines.map((line) => ({ page: i + 1, line, text: lineText(line) })));

/**
 * A field standing in `words` of a line (the whole line when none is named); its confidence is
 * the least sure of those words.
 * @param {string} value
 * @param {PlacedLine} placed
 * @param {Word[]} words
 * @returns {Field}
 */
function fieldOf(value, placed, words) {
  const used = words.length ? words : placed.line.words;
  return { value, confidence: round(Math.min(...used.map((w) => w.confidence))), page: placed.page, box: boxAround(used) };
}

/** @param {number} n */
const round = (n) => Math.round(n * 10) / 10;

/** The words of a line whose text, without punctuation, is part of `value`. @param {Line} line @param {string} value */
function wordsIn(line, value) {
  const flat = value.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
  return line.words.filter((w) => {
    const t = w.text.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
    return t.length > 0 && flat.includes(t);
  });
}

/** @param {PlacedLine[]} lines @param {Field['value']} iso */
function dateField(lines, iso) {
  if (!iso) return null;
  for (const placed of lines) {
    if (rules.invoiceFacts(placed.text).date !== iso) continue;
    const words = placed.line.words.filter((w) => /\d{1,4}[.\-/]\d{1,2}/.test(w.text) || /^\d{2,4}$/.test(w.text));
    const dateWords = words.filter((w) => {
      const digits = w.text.replace(/\D/g, '');
      return digits.length > 0 && iso.replace(/-/g, '').includes(digits.slice(0, 2));
    });
    return fieldOf(iso, placed, dateWords.length ? dateWords : words);
  }
  return null;
}

/** @param {PlacedLine[]} lines @param {string} number */
function numberField(lines, number) {
  if (!number) return null;
  for (const placed of lines) {
    if (rules.invoiceFacts(placed.text).number !== number) continue;
    return fieldOf(number, placed, wordsIn(placed.line, number));
  }
  return null;
}

/** '1.234,56' → '1234.56'. @param {string} text */
const euros = (text) => text.replace(/[.' ]/g, '').replace(',', '.');

/**
 * The amount at the end of the last line with one of the labels (totals stand at the bottom;
 * earlier patterns are stronger labels).
 * @param {PlacedLine[]} lines
 * @param {RegExp[]} labels
 * @param {RegExp | null} unless
 */
function amountField(lines, labels, unless) {
  for (const label of labels) {
    for (let i = lines.length - 1; i >= 0; i -= 1) {
      const placed = lines[/** @type {number} */ (i)];
      if (!placed || !label.test(placed.text) || (unless && unless.test(placed.text) && !/brutto/i.test(placed.text))) continue;
      const after = placed.text.slice(placed.text.search(label));
      const amounts = after.match(AMOUNT);
      if (!amounts) continue;
      const amount = /** @type {string} */ (amounts[amounts.length - 1]);
      const words = placed.line.words.filter((w) => amount.includes(w.text.replace(/[^\d,.]/g, '')) && /\d,\d/.test(w.text));
      return fieldOf(euros(amount), placed, words);
    }
  }
  return null;
}

/** Lower case, umlauts spelled out, only letters and digits, as a list of words. @param {string} text */
export function wordsOf(text) {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether two words are the same but for one letter (recognition's typical slip). @param {string} a @param {string} b */
function nearly(a, b) {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1);
}

/**
 * The first line (with the one after it) on which at least two thirds of a name's significant
 * words stand; null when none.
 * @param {PlacedLine[]} lines
 * @param {string} name
 */
function lineNaming(lines, name) {
  const wanted = wordsOf(name).filter((w) => w.length >= 3 && !LEGAL_FORMS.has(w));
  if (wanted.length === 0) return null;
  const need = Math.max(1, Math.ceil((wanted.length * 2) / 3));
  for (let i = 0; i < lines.length; i += 1) {
    const placed = /** @type {PlacedLine} */ (lines[i]);
    const window = [placed, lines[i + 1]].filter((l) => l && l.page === placed.page);
    const found = wanted.filter((w) => window.some((l) => wordsOf(/** @type {PlacedLine} */ (l).text).some((x) => nearly(x, w))));
    if (found.length >= need && wordsOf(placed.text).some((x) => wanted.some((w) => nearly(x, w)))) {
      const words = placed.line.words.filter((word) => wordsOf(word.text).some((x) => wanted.some((w) => nearly(x, w))));
      return { placed, words };
    }
  }
  return null;
}

/** @param {PlacedLine[]} lines @param {Workshop} workshop @returns {Field} */
function sellerField(lines, workshop) {
  for (const centre of workshop.centres) {
    const hit = lineNaming(lines, centre.name);
    if (hit) return { ...fieldOf(centre.name, hit.placed, hit.words), match: true };
  }
  const head = lines.find((l) => l.page === 1 && /\p{L}{3}/u.test(l.text));
  return head ? { ...fieldOf(head.text.slice(0, 200), head, []), match: false } : { value: '', confidence: 0, match: false };
}

/** @param {PlacedLine[]} lines @param {Workshop} workshop @returns {Field} */
function buyerField(lines, workshop) {
  const numbers = workshop.centres.map((c) => c.customerNumber.replace(/\s/g, '')).filter((n) => n.length >= 4);
  for (const placed of lines) {
    const word = placed.line.words.find((w) => numbers.includes(w.text.replace(/[^\p{L}\p{N}]/gu, '')));
    if (word) return { ...fieldOf(workshop.shopName, placed, [word]), match: true };
  }
  const hit = lineNaming(lines, workshop.shopName);
  if (hit) return { ...fieldOf(workshop.shopName, hit.placed, hit.words), match: true };
  return { value: '', confidence: 0, match: false };
}

/**
 * Every field of an invoice; a field not found is left out (the signals read that as not sure).
 * @param {Page[]} pages
 * @param {Workshop} workshop
 * @returns {Record<string, Field>}
 */
export function fieldsOf(pages, workshop) {
  const lines = placedLines(pages);
  const facts = rules.invoiceFacts(lines.map((l) => l.text).join('\n'));
  /** @type {Record<string, Field | null>} */
  const found = {
    invoiceDate: dateField(lines, facts.date),
    invoiceNumber: numberField(lines, facts.number),
    gross: amountField(lines, GROSS_LABELS, NOT_GROSS),
    net: amountField(lines, NET_LABELS, null),
    seller: sellerField(lines, workshop),
    buyer: buyerField(lines, workshop),
  };
  /** @type {Record<string, Field>} */
  const fields = {};
  for (const [name, field] of Object.entries(found)) if (field) fields[name] = field;
  return fields;
}
