// @ts-check
// A PDF's pages with pdf.js (pdfjs-dist, legacy build for Node): the text layer as lines of words
// with their places, and a page rendered to an image (pdf.js draws on @napi-rs/canvas in Node)
// for pages that carry no usable text (a scan). Decision 063 says why this renderer.
import path from 'node:path';
import { createRequire } from 'node:module';

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** @typedef {import('./layout.mjs').Page} Page */
/** @typedef {import('./layout.mjs').Word} Word */

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));

/** @param {Buffer} bytes */
export function openPdf(bytes) {
  return getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    verbosity: 0,
    // The 14 standard fonts (an invoice that does not embed Helvetica) from node_modules, never fetched.
    standardFontDataUrl: `${path.join(PDFJS_DIR, 'standard_fonts')}/`,
    cMapUrl: `${path.join(PDFJS_DIR, 'cmaps')}/`,
    cMapPacked: true,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
}

/**
 * The text layer of one page as lines (items on one baseline, left to right), words placed by
 * their share of the item's width. Confidence 100: the text is what the file says.
 * @param {import('pdfjs-dist/types/src/display/api').PDFPageProxy} page
 * @returns {Promise<Page>}
 */
export async function textPage(page) {
  const viewport = page.getViewport({ scale: 1 });
  const { width, height } = viewport;
  const content = await page.getTextContent();
  /** @type {{ y: number, size: number, words: Word[] }[]} */
  const rows = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
    const size = Math.max(1, Math.hypot(item.transform[2], item.transform[3]));
    let row = rows.find((r) => Math.abs(r.y - y) <= Math.max(2, size * 0.4));
    if (!row) rows.push((row = { y, size, words: [] }));
    const chars = item.str.length;
    const perChar = item.width / Math.max(1, chars);
    let offset = 0;
    for (const part of item.str.split(/(\s+)/)) {
      if (part.trim()) {
        const x0 = x + offset * perChar;
        const x1 = x0 + part.length * perChar;
        row.words.push({
          text: part,
          confidence: 100,
          box: [clamp(x0 / width), clamp((y - size) / height), clamp(x1 / width), clamp((y + size * 0.25) / height)],
        });
      }
      offset += part.length;
    }
  }
  rows.sort((a, b) => a.y - b.y);
  return {
    width,
    height,
    kind: 'text',
    lines: rows.map((r) => ({ words: r.words.sort((a, b) => a.box[0] - b.box[0]) })),
  };
}

/** @param {number} n */
const clamp = (n) => Math.max(0, Math.min(1, n));

/**
 * One page drawn at `dpi`, scaled down so it has at most `maxPixels`.
 * @param {any} doc
 * @param {import('pdfjs-dist/types/src/display/api').PDFPageProxy} page
 * @param {{ dpi: number, maxPixels: number }} bounds
 */
export async function renderPage(doc, page, { dpi, maxPixels }) {
  const base = page.getViewport({ scale: 1 });
  let scale = dpi / 72;
  const pixels = base.width * base.height * scale * scale;
  if (pixels > maxPixels) scale *= Math.sqrt(maxPixels / pixels);
  const viewport = page.getViewport({ scale });
  const { canvas, context } = doc.canvasFactory.create(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context, canvas, viewport }).promise;
  return canvas;
}
