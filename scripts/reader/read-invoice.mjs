// @ts-check
// One invoice read: a PDF's text layer where it has one, recognition for images and for pages
// without usable text, then its fields. Bounded by the rulebook (READING): the first pages only,
// an image's pixels checked from its header before it is decoded, pages rendered at most that
// large. What cannot be read ends in a ReadingFailure with the reason the auditor sees.
import { loadImage } from '@napi-rs/canvas';

import { rules } from '../lib/rules.mjs';
import { fieldsOf } from './fields.mjs';
import { kindOf } from './files.mjs';
import { fullText } from './layout.mjs';
import { ocrPage } from './ocr.mjs';
import { openPdf, renderPage, textPage } from './pdf.mjs';

/** @typedef {import('./layout.mjs').Page} Page */
/** @typedef {import('./fields.mjs').Workshop} Workshop */

export class ReadingFailure extends Error {
  /** @param {string} reason */
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

const R = rules.READING;

/**
 * Whether a page's text layer is what to read: it has text, and either much of it or an invoice's
 * number or date in it (a scan may carry a stamp or a page number as text, and nothing else).
 * @param {Page} page
 */
function usable(page) {
  const text = fullText([page]);
  const chars = text.replace(/\s/g, '').length;
  if (chars < R.minTextChars) return false;
  if (chars >= 200) return true;
  const facts = rules.invoiceFacts(text);
  return Boolean(facts.number || facts.date);
}

/**
 * @param {Buffer} bytes
 * @param {Workshop} workshop
 * @param {{ onPage?: (n: number) => void }} [progress]
 */
export async function readInvoice(bytes, workshop, { onPage } = {}) {
  const kind = kindOf(bytes);
  /** @type {(Page & { quarterTurns?: number })[]} */
  const pages = [];
  if (kind.type === 'pdf') {
    let doc;
    try {
      doc = await openPdf(bytes);
    } catch (err) {
      throw new ReadingFailure(/password/i.test(String(/** @type {Error} */ (err).name)) ? R.reasons.encrypted : R.reasons.damaged);
    }
    try {
      for (let n = 1; n <= Math.min(doc.numPages, R.maxPages); n += 1) {
        onPage?.(n);
        const page = await doc.getPage(n);
        let read = await textPage(page);
        if (!usable(read)) {
          read = await ocrPage(await renderPage(doc, page, { dpi: R.renderDpi, maxPixels: R.maxPixels }));
        }
        pages.push(read);
        page.cleanup();
      }
    } catch (err) {
      if (err instanceof ReadingFailure) throw err;
      throw new ReadingFailure(R.reasons.damaged);
    } finally {
      await doc.destroy();
    }
  } else if (kind.type === 'png' || kind.type === 'jpeg') {
    if (kind.width * kind.height > R.maxPixels) throw new ReadingFailure(R.reasons.tooLarge);
    // A JPEG cut off before its end marker decodes as a grey half: it is damaged, not blank.
    if (kind.type === 'jpeg' && bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) < bytes.length - 64)
      throw new ReadingFailure(R.reasons.damaged);
    let image;
    try {
      image = await loadImage(bytes);
    } catch {
      throw new ReadingFailure(R.reasons.damaged);
    }
    if (!image.width || !image.height) throw new ReadingFailure(R.reasons.damaged);
    onPage?.(1);
    pages.push(await ocrPage(image));
  } else {
    throw new ReadingFailure(R.reasons.damaged);
  }
  return {
    kind: pages.some((p) => p.kind === 'ocr') ? 'ocr' : 'text',
    pages: pages.map((p) => ({ width: Math.round(p.width), height: Math.round(p.height), quarterTurns: p.quarterTurns ?? 0 })),
    fields: fieldsOf(pages, workshop),
    text: fullText(pages).slice(0, R.maxTextChars),
  };
}
