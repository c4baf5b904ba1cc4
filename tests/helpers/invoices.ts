import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A one-page PDF invoice with a real text layer (pdf-lib), carrying the given lines. */
export async function invoicePdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 56, y: 780 - i * 22, size: 12, font }));
  return Buffer.from(await doc.save());
}
