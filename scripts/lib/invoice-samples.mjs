// @ts-check
// German parts invoices with known fields, made on the spot (issue 61): the reading benchmark's
// corpus and the reading tests' files. Four dealers' layouts (labels, order, columns), each as a
// text PDF (pdf-lib), as an image-only PDF (the page rendered by pdf.js and embedded as a JPEG)
// and as a phone photo (skew, a quarter turn, shadow, noise, JPEG quality). Nothing binary is
// checked in; the same seed gives the same corpus.
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';

import { openPdf, renderPage } from '../reader/pdf.mjs';
import { mulberry32 } from './random.mjs';

/**
 * @typedef {{
 *   dealer: number, seller: string, sellerStreet: string, shopName: string, customerNumber: string,
 *   number: string, date: string, net: string, gross: string, items: { text: string, amount: number }[],
 * }} SampleInvoice
 */

export const DEALERS = ['Autoteile Müller GmbH', 'Kfz-Teile Nord KG', 'Teilehandel Becker & Co. KG', 'Fahrzeugteile Sommer GmbH'];
const STREETS = [
  'Industriestraße 12, 80331 München',
  'Hafenweg 3, 20457 Hamburg',
  'Gewerbering 40, 50667 Köln',
  'Am Bahnhof 7, 70173 Stuttgart',
];
const SHOPS = [
  'Kfz-Werkstatt Schmidt',
  'Autoservice Yilmaz',
  'Meisterbetrieb Krause',
  'Reifen & Technik Weber',
  'Autohaus Lange',
  'Werkstatt Özdemir',
];
const PARTS = [
  'Bremsbeläge vorn',
  'Bremsscheiben Satz',
  'Ölfilter',
  'Luftfilter',
  'Zündkerzen 4 Stk.',
  'Keilrippenriemen',
  'Stoßdämpfer hinten',
  'Wasserpumpe',
  'Innenraumfilter',
  'Motoröl 5W-30 5 l',
];

/** '1.234,56'. @param {number} cents */
export const germanAmount = (cents) =>
  `${Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(cents % 100).padStart(2, '0')}`;

/** @param {string} iso */
const german = (iso) => iso.split('-').reverse().join('.');

/**
 * The `n`-th invoice of a seeded series: its dealer, buyer, number, date and items.
 * @param {number} n
 * @param {{ seed?: number, dealer?: number, shopName?: string, customerNumber?: string, number?: string, date?: string }} [fix]
 * @returns {SampleInvoice}
 */
export function sampleInvoice(n, fix = {}) {
  const rand = mulberry32((fix.seed ?? 61) * 100_003 + n);
  const pick = (/** @type {any[]} */ list) => list[Math.floor(rand() * list.length)];
  const dealer = fix.dealer ?? n % DEALERS.length;
  const count = 2 + Math.floor(rand() * 5);
  const items = Array.from({ length: count }, () => ({ text: pick(PARTS), amount: 1500 + Math.floor(rand() * 30000) }));
  const netCents = items.reduce((s, i) => s + i.amount, 0);
  const grossCents = Math.round(netCents * 1.19);
  const day = 1 + Math.floor(rand() * 28);
  const month = 1 + Math.floor(rand() * 12);
  const date = fix.date ?? `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const digits = String(100000 + Math.floor(rand() * 899999));
  const number = fix.number ?? [`RE-2026-${digits}`, `2026-${digits.slice(0, 4)}`, `B/${digits.slice(0, 5)}`, `RS ${digits}`][dealer];
  return {
    dealer,
    seller: /** @type {string} */ (DEALERS[dealer]),
    sellerStreet: /** @type {string} */ (STREETS[dealer]),
    shopName: fix.shopName ?? pick(SHOPS),
    customerNumber: fix.customerNumber ?? String(200000 + Math.floor(rand() * 700000)),
    number: /** @type {string} */ (number),
    date,
    net: (netCents / 100).toFixed(2),
    gross: (grossCents / 100).toFixed(2),
    items,
  };
}

/**
 * The invoice as its dealer prints it: lines at (x, y from the top, size, bold).
 * @param {SampleInvoice} inv
 * @returns {[number, number, number, boolean, string][]}
 */
function printedLines(inv) {
  const net = Math.round(Number(inv.net) * 100);
  const gross = Math.round(Number(inv.gross) * 100);
  const vat = germanAmount(gross - net);
  const delivery = german(inv.date.replace(/-\d{2}$/, '-01'));
  /** @type {[number, number, number, boolean, string][]} */
  const out = [
    [56, 60, 16, true, inv.seller],
    [56, 80, 9, false, inv.sellerStreet],
    [56, 140, 11, false, inv.shopName],
    [56, 155, 11, false, 'Hauptstraße 5, 12345 Musterstadt'],
  ];
  const head = [
    [
      [330, 140, 11, false, `Kundennummer: ${inv.customerNumber}`],
      [330, 200, 11, false, `Rechnungsnummer: ${inv.number}`],
      [330, 216, 11, false, `Rechnungsdatum: ${german(inv.date)}`],
      [330, 232, 11, false, `Lieferdatum: ${delivery}`],
    ],
    [
      [330, 140, 11, false, `Kd.-Nr. ${inv.customerNumber}`],
      [56, 210, 14, true, `Rechnung Nr. ${inv.number} vom ${german(inv.date)}`],
      [56, 230, 10, false, `Auftragsnummer 7${inv.customerNumber.slice(0, 4)}, Bestelldatum ${delivery}`],
    ],
    [
      [56, 200, 14, true, 'RECHNUNG'],
      [56, 222, 10, false, `Beleg-Nr.: ${inv.number}      Datum: ${german(inv.date)}      Kunde: ${inv.customerNumber}`],
    ],
    [
      [330, 120, 10, false, `Ihre Kundennummer ${inv.customerNumber}`],
      [56, 200, 13, true, 'Rechnung'],
      [56, 218, 11, false, `Rechnungs-Nr. ${inv.number}`],
      [56, 234, 11, false, `Belegdatum ${inv.date}`],
    ],
  ][inv.dealer];
  out.push(.../** @type {[number, number, number, boolean, string][]} */ (head));
  let y = 280;
  out.push([56, y, 10, true, 'Pos.  Artikel'], [460, y, 10, true, 'Betrag EUR']);
  inv.items.forEach((item, i) => {
    y += 18;
    out.push([56, y, 10, false, `${i + 1}     ${item.text}`], [460, y, 10, false, germanAmount(item.amount)]);
  });
  y += 34;
  const totals = [
    [`Nettobetrag`, germanAmount(net), `MwSt 19 %`, vat, `Gesamtbetrag`, `${germanAmount(gross)} EUR`],
    [`Summe netto`, germanAmount(net), `zzgl. 19 % USt`, vat, `Rechnungsbetrag`, germanAmount(gross)],
    [`Warenwert`, germanAmount(net), `Mehrwertsteuer 19 %`, vat, `Endbetrag EUR`, germanAmount(gross)],
    [`Netto`, germanAmount(net), `USt 19 %`, vat, `Brutto`, germanAmount(gross)],
  ][inv.dealer];
  for (let i = 0; i < 6; i += 2) {
    const t = /** @type {string[]} */ (totals);
    out.push([300, y, 11, i === 4, /** @type {string} */ (t[i])], [460, y, 11, i === 4, /** @type {string} */ (t[i + 1])]);
    y += 18;
  }
  out.push([56, y + 40, 8, false, 'Zahlbar innerhalb von 14 Tagen ohne Abzug. Es gelten unsere Allgemeinen Geschäftsbedingungen.']);
  return out;
}

/** The invoice as a text PDF (A4). @param {SampleInvoice} inv */
export async function textPdfOf(inv) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const [x, y, size, isBold, text] of printedLines(inv)) page.drawText(text, { x, y: 842 - y, size, font: isBold ? bold : regular });
  return Buffer.from(await doc.save());
}

/** The first page of a PDF drawn at `dpi`. @param {Buffer} pdf @param {number} dpi */
export async function pageImageOf(pdf, dpi) {
  const doc = await openPdf(pdf);
  try {
    return await renderPage(doc, await doc.getPage(1), { dpi, maxPixels: 40_000_000 });
  } finally {
    await doc.destroy();
  }
}

/** A page image as a PDF without text (a scan): the image as a JPEG on an A4 page. @param {any} canvas @param {number} quality */
export async function imagePdfOf(canvas, quality = 80) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const jpg = await doc.embedJpg(canvas.toBuffer('image/jpeg', quality));
  page.drawImage(jpg, { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await doc.save());
}

/**
 * A phone photo of the page: on a darker table, turned by `skew` degrees and `quarterTurns`,
 * with a shadow across it and sensor noise, saved as a JPEG at `quality`.
 * @param {any} canvas
 * @param {{ skew?: number, quarterTurns?: number, quality?: number, shadow?: number, noise?: number, seed?: number }} [how]
 */
export function photoOf(canvas, { skew = 2, quarterTurns = 0, quality = 70, shadow = 0.25, noise = 12, seed = 1 } = {}) {
  const rand = mulberry32(seed);
  const margin = Math.round(canvas.width * 0.06);
  const w = canvas.width + 2 * margin;
  const h = canvas.height + 2 * margin;
  const photo = createCanvas(w, h);
  const g = photo.getContext('2d');
  g.fillStyle = '#6b6258';
  g.fillRect(0, 0, w, h);
  g.save();
  g.translate(w / 2, h / 2);
  g.rotate((skew * Math.PI) / 180);
  g.drawImage(canvas, -canvas.width / 2, -canvas.height / 2);
  g.restore();
  const gradient = g.createLinearGradient(0, 0, w, h);
  gradient.addColorStop(0, `rgba(0,0,0,${shadow})`);
  gradient.addColorStop(0.6, 'rgba(0,0,0,0)');
  g.fillStyle = gradient;
  g.fillRect(0, 0, w, h);
  const pixels = g.getImageData(0, 0, w, h);
  for (let i = 0; i < pixels.data.length; i += 4) {
    const d = (rand() - 0.5) * 2 * noise;
    for (let c = 0; c < 3; c += 1) pixels.data[i + c] = Math.max(0, Math.min(255, /** @type {number} */ (pixels.data[i + c]) + d));
  }
  g.putImageData(pixels, 0, 0);
  const turn = ((quarterTurns % 4) + 4) % 4;
  const out = turn % 2 ? createCanvas(h, w) : createCanvas(w, h);
  const o = out.getContext('2d');
  o.translate(out.width / 2, out.height / 2);
  o.rotate((turn * Math.PI) / 2);
  o.drawImage(photo, -w / 2, -h / 2);
  return out.toBuffer('image/jpeg', quality);
}
