import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A one-page PDF invoice with a real text layer (pdf-lib), carrying the given lines. */
export async function invoicePdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 56, y: 780 - i * 22, size: 12, font }));
  return Buffer.from(await doc.save());
}

/** A PDF without any text (a scanned page would look like this to pdf.js). */
export async function scannedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawRectangle({ x: 56, y: 600, width: 300, height: 120 });
  return Buffer.from(await doc.save());
}

/**
 * The text layer of a PDF as the auditor's invoice viewer reads it (pdf.js, items joined with a
 * line break where pdf.js marks one), so API tests send the server what a browser would.
 */
export async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  await doc.destroy();
  return pages.join('\n');
}
