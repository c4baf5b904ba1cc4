// @ts-check
// The demo's invoices as one-page PDFs with a text layer (scripts/demo/seed.mjs): written by hand,
// since the demo loader runs without dev dependencies.

/** German text in the ASCII a bare PDF string carries ('Müller' → 'Mueller'), its ( ) \\ escaped. */
const pdfAscii = (/** @type {string} */ text) =>
  text
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[()\\]/g, (c) => `\\${c}`);

/**
 * A one-page invoice PDF with a text layer (no library: the demo loader runs without dev
 * dependencies): the seller, the buyer with its customer number, number, date and totals.
 * @param {{ number: string, date: string, net: string, gross: string } | undefined} invoice
 * @param {{ seller: string, shop: string, customerNumber: string }} parties
 */
export function demoInvoicePdf(invoice, { seller, shop, customerNumber }) {
  if (!invoice) throw new Error('no demo invoice for this submission');
  const all = [
    seller,
    'Rechnung',
    shop,
    `Kundennummer: ${customerNumber}`,
    `Rechnungsnummer: ${invoice.number}`,
    `Rechnungsdatum: ${invoice.date}`,
    `Nettobetrag ${invoice.net} EUR`,
    `Gesamtbetrag ${invoice.gross} EUR`,
  ].map(pdfAscii);
  const stream = all.map((line, i) => `BT /F1 14 Tf 72 ${760 - i * 24} Td (${line}) Tj ET`).join('\n');
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n` +
      `4 0 obj<</Length ${stream.length}>>stream\n${stream}\nendstream endobj\n` +
      `5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}
