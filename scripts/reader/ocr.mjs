// @ts-check
// Recognition of an image (a photo, a scan, a rendered PDF page) with tesseract.js and the German
// data of @tesseract.js-data/deu, loaded from node_modules (nothing is fetched). The image is
// turned upright first: a quarter turn is found from where the ink lines up (rows or columns),
// a half turn from recognition's own confidence, and a small skew by tesseract (rotateAuto).
import path from 'node:path';
import { createRequire } from 'node:module';

import { createCanvas } from '@napi-rs/canvas';
import { createWorker, OEM, PSM } from 'tesseract.js';

import { rules } from '../lib/rules.mjs';
import { fieldsOf } from './fields.mjs';
import { boxAround } from './layout.mjs';

/** @typedef {import('./layout.mjs').Page} Page */
/** @typedef {import('./layout.mjs').Line} Line */
/** @typedef {import('@napi-rs/canvas').Canvas} Canvas */

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/deu/package.json')), '4.0.0_best_int');
/** Below this mean confidence the other way up is tried too. */
const TRY_OTHER_WAY = 65;
/**
 * A longer side than this is scaled down before recognition (A4 at about 220 dpi: a phone photo's
 * 10-point text keeps about 30 pixels a line; recognition's time and memory follow the pixels).
 */
const MAX_SIDE = 2600;

/** @type {Promise<import('tesseract.js').Worker> | null} */
let worker = null;

function ocrWorker() {
  worker ??= createWorker('deu', OEM.LSTM_ONLY, { langPath: LANG_PATH, gzip: true, cacheMethod: 'none' }).then(async (w) => {
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '0' });
    return w;
  });
  return worker;
}

export async function stopOcr() {
  const w = await worker;
  worker = null;
  await w?.terminate();
}

/**
 * `source` (an image or a canvas) drawn turned by `quarterTurns` × 90° clockwise, scaled so its
 * longer side is at most MAX_SIDE.
 * @param {any} source
 * @param {number} quarterTurns
 */
export function upright(source, quarterTurns) {
  const scale = Math.min(1, MAX_SIDE / Math.max(source.width, source.height));
  const w = Math.round(source.width * scale);
  const h = Math.round(source.height * scale);
  const turn = ((quarterTurns % 4) + 4) % 4;
  const canvas = turn % 2 ? createCanvas(h, w) : createCanvas(w, h);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.translate(canvas.width / 2, canvas.height / 2);
  g.rotate((turn * Math.PI) / 2);
  g.drawImage(source, -w / 2, -h / 2, w, h);
  return canvas;
}

/**
 * Whether the text runs across (0 or 180°) rather than up or down (90 or 270°): lines of text
 * make the ink of rows alternate much more than the ink of columns.
 * @param {any} source
 */
export function textRunsAcross(source) {
  const scale = Math.min(1, 400 / Math.max(source.width, source.height));
  const w = Math.max(1, Math.round(source.width * scale));
  const h = Math.max(1, Math.round(source.height * scale));
  const small = createCanvas(w, h);
  const g = small.getContext('2d');
  g.drawImage(source, 0, 0, w, h);
  const { data } = g.getImageData(0, 0, w, h);
  const gray = Array.from({ length: w * h }, (_, i) => ((data[i * 4] ?? 0) + (data[i * 4 + 1] ?? 0) + (data[i * 4 + 2] ?? 0)) / 3);
  const mean = gray.reduce((a, b) => a + b, 0) / (w * h);
  const rows = new Array(h).fill(0);
  const cols = new Array(w).fill(0);
  gray.forEach((value, i) => {
    if (value < mean - 40) {
      rows[Math.floor(i / w)] += 1;
      cols[i % w] += 1;
    }
  });
  return roughness(rows) >= roughness(cols);
}

/** How much neighbouring sums differ, relative to their size. @param {number[]} sums */
function roughness(sums) {
  let diff = 0;
  let total = 0;
  sums.forEach((sum, i) => {
    if (i > 0) diff += (sum - (sums[i - 1] ?? 0)) ** 2;
    total += sum ** 2;
  });
  return total ? diff / total : 0;
}

/**
 * A canvas as an 8-bit grey PGM file: recognition reads in grey anyway, and a grey image is a
 * quarter of a colour one in recognition's memory (and needs no PNG encoding).
 * @param {Canvas} canvas
 */
function greyImage(canvas) {
  const { width, height } = canvas;
  const head = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const image = Buffer.allocUnsafe(head.length + width * height);
  head.copy(image);
  const g = canvas.getContext('2d');
  // In bands: a whole page's colour pixels at once would be another 20 MB.
  for (let top = 0; top < height; top += GREY_BAND) {
    const rows = Math.min(GREY_BAND, height - top);
    const { data } = g.getImageData(0, top, width, rows);
    const offset = head.length + top * width;
    for (let i = 0; i < width * rows; i += 1) {
      image[offset + i] = Math.round(0.299 * (data[i * 4] ?? 0) + 0.587 * (data[i * 4 + 1] ?? 0) + 0.114 * (data[i * 4 + 2] ?? 0));
    }
  }
  return image;
}

/**
 * A word's confidence, or that of its least sure digit when that is lower: in an invoice number,
 * a date or an amount one digit read wrong makes the whole field wrong ('3291' for '8291' came
 * with a word confidence of 79 %, bench:reading), so a doubtful digit makes the field doubtful.
 * @param {{ confidence: number, symbols?: { text: string, confidence: number }[] }} word
 */
function digitConfidence(word) {
  const digits = (word.symbols ?? []).filter((s) => /\d/.test(s.text)).map((s) => s.confidence);
  return Math.min(word.confidence, ...digits);
}

/** The resolution of an A4 page as wide as the canvas (tesseract would estimate it, and say so on stderr). @param {Canvas} canvas */
const dpiOf = (canvas) => Math.max(70, Math.round(Math.min(canvas.width, canvas.height) / 8.27));

/** Rows of colour pixels turned grey at a time. */
const GREY_BAND = 128;

/**
 * Recognises one upright canvas: its lines of words, boxes as fractions of the canvas.
 * @param {Canvas} canvas
 * @returns {Promise<{ lines: Line[], confidence: number, rotateRadians: number }>}
 */
async function recognise(canvas) {
  const w = await ocrWorker();
  const image = greyImage(canvas);
  await w.setParameters({ user_defined_dpi: String(dpiOf(canvas)) });
  const { data } = await w.recognize(image, { rotateAuto: true }, { text: false, blocks: true });
  const { width, height } = canvas;
  /** @type {Line[]} */
  const lines = [];
  let sum = 0;
  let count = 0;
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words = line.words
          .filter((word) => word.text.trim())
          .map((word) => {
            sum += word.confidence * word.text.length;
            count += word.text.length;
            return {
              text: word.text.trim(),
              confidence: digitConfidence(word),
              /** @type {[number, number, number, number]} */
              box: [word.bbox.x0 / width, word.bbox.y0 / height, word.bbox.x1 / width, word.bbox.y1 / height],
            };
          });
        if (words.length) lines.push({ words });
      }
    }
  }
  return { lines: rows(lines), confidence: count ? sum / count : 0, rotateRadians: data.rotateRadians ?? 0 };
}

/**
 * Lines that stand side by side on one row (a label in one column, its amount in another, which
 * recognition gives as separate blocks) joined into one line, left to right; rows top to bottom.
 * @param {Line[]} lines
 * @returns {Line[]}
 */
export function rows(lines) {
  /** @type {{ top: number, bottom: number, words: import('./layout.mjs').Word[] }[]} */
  const out = [];
  const placed = lines.map((line) => ({ line, box: boxAround(line.words) })).sort((a, b) => a.box[1] + a.box[3] - (b.box[1] + b.box[3]));
  for (const { line, box } of placed) {
    const middle = (box[1] + box[3]) / 2;
    const row = out.find((r) => middle > r.top && middle < r.bottom && !r.words.some((w) => w.box[0] < box[2] && box[0] < w.box[2]));
    if (row) {
      row.words.push(...line.words);
      row.top = Math.min(row.top, box[1]);
      row.bottom = Math.max(row.bottom, box[3]);
    } else out.push({ top: box[1], bottom: box[3], words: [...line.words] });
  }
  return out.map((r) => ({ words: r.words.sort((a, b) => a.box[0] - b.box[0]) }));
}

/**
 * Reads an image the right way up. Recognition is tried turned by quarter turns until it is sure
 * (TRY_OTHER_WAY), the turns in the order the ink suggests (lines across: as it is, then upside
 * down; lines up and down: a quarter turn either way first); the surest reading wins. An upright
 * invoice is read once, one on its side twice or three times, never more than four.
 * @param {any} source
 * @returns {Promise<Page & { confidence: number, quarterTurns: number }>}
 */
export async function ocrPage(source) {
  const order = textRunsAcross(source) ? [0, 2, 1, 3] : [1, 3, 0, 2];
  let best = null;
  for (const turns of order) {
    const canvas = upright(source, turns);
    const read = await recognise(canvas);
    if (!best || read.confidence > best.confidence) {
      best = { ...read, width: canvas.width, height: canvas.height, kind: /** @type {const} */ ('ocr'), quarterTurns: turns };
    }
    if (best.confidence >= TRY_OTHER_WAY) break;
  }
  const { rotateRadians, ...page } = /** @type {NonNullable<typeof best>} */ (best);
  // Drawn again rather than kept while other turns are tried: one page canvas in memory at a time.
  await lookAgain(page, upright(source, page.quarterTurns), rotateRadians);
  return page;
}

/** The fields whose words are looked at a second time: those a signal compares. */
const LOOKED_AGAIN = rules.READING.keyFields;
/**
 * The heights, in pixels, a field's words are brought to for the second looks: other sizes than
 * the first make recognition's slips fall elsewhere (one size alone caught the slip below at
 * some heights and not at others).
 */
const AGAIN_HEIGHTS = [36, 60];
/** Room around a field's words in the second look, in the words' heights. */
const AGAIN_MARGIN = 0.35;

/** A text's digits, in order. @param {string} text */
const digitsOf = (text) => text.replace(/\D/g, '');

/**
 * A second look at each key field recognised as sure (the invoice date, number and gross total):
 * its words cut out, enlarged and recognised again as one line. Where the digits read the second
 * time are not those read the first, the words are marked doubtful (confidence below the
 * rulebook's minimum), so the field raises 'Nicht sicher gelesen' instead of silently clearing a
 * signal ('2026-3291' for '2026-8291' passed with 79 %, bench:reading). Costs one small
 * recognition per key field.
 * @param {Page} page
 * @param {Canvas} canvas
 * @param {number} angle the small skew recognition turned the canvas by (its boxes are on that)
 */
export async function lookAgain(page, canvas, angle) {
  const fields = fieldsOf([page], { shopName: '', centres: [] });
  for (const name of LOOKED_AGAIN) {
    const field = fields[name];
    if (!field?.box || field.confidence < rules.READING.minConfidence) continue;
    const [x0, y0, x1, y1] = field.box;
    const words = page.lines.flatMap((l) => l.words).filter((w) => w.box[0] >= x0 && w.box[2] <= x1 && w.box[1] >= y0 && w.box[3] <= y1);
    const firstDigits = digitsOf(words.map((w) => w.text).join(''));
    if (!firstDigits) continue;
    for (const height of AGAIN_HEIGHTS) {
      const again = await recogniseLine(canvas, angle, field.box, height);
      if (digitsOf(again).includes(firstDigits)) continue;
      for (const w of words) w.confidence = Math.min(w.confidence, DOUBTED);
      break;
    }
  }
}

/** The confidence a word keeps when its second look disagreed: below the rulebook's minimum. */
const DOUBTED = Math.max(0, rules.READING.minConfidence - 20);

/**
 * The text recognised in one box (fractions) of a canvas turned by `angle` about its middle (as
 * recognition turned it), enlarged, read as a single line.
 * @param {Canvas} canvas
 * @param {number} angle
 * @param {[number, number, number, number]} box
 * @param {number} height the pixels the words' height is brought to
 */
async function recogniseLine(canvas, angle, box, height) {
  const lineHeight = (box[3] - box[1]) * canvas.height;
  const margin = lineHeight * AGAIN_MARGIN;
  const left = Math.max(0, Math.floor(box[0] * canvas.width - margin));
  const top = Math.max(0, Math.floor(box[1] * canvas.height - margin));
  const right = Math.min(canvas.width, Math.ceil(box[2] * canvas.width + margin));
  const bottom = Math.min(canvas.height, Math.ceil(box[3] * canvas.height + margin));
  if (right - left < 2 || bottom - top < 2) return '';
  const scale = Math.min(4, height / Math.max(1, lineHeight));
  const crop = createCanvas(Math.round((right - left) * scale), Math.round((bottom - top) * scale));
  const g = crop.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, crop.width, crop.height);
  g.scale(scale, scale);
  g.translate(-left + canvas.width / 2, -top + canvas.height / 2);
  g.rotate(angle);
  g.drawImage(canvas, -canvas.width / 2, -canvas.height / 2);
  const w = await ocrWorker();
  await w.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE, user_defined_dpi: String(Math.round(dpiOf(canvas) * scale)) });
  try {
    const { data } = await w.recognize(greyImage(crop), {}, { text: true, blocks: false });
    return data.text ?? '';
  } finally {
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
  }
}
