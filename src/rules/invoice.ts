// What an invoice may be, written once (issue 36): the cashback form, its picker, the FAQ and
// the server's invoice field (checked against this by tests/api/invoice-rules.test.ts). The
// server also reads the file's first bytes (pb_hooks/lib/invoice-file.js): the type a browser
// declares is a hint, never the decision.
import { LIMITS } from './messages';

export const INVOICE = {
  maxBytes: LIMITS.invoiceMaxBytes,
  maxMb: LIMITS.invoiceMaxMb,
  mimeTypes: ['image/png', 'image/jpeg', 'application/pdf'],
  extensions: ['png', 'jpg', 'jpeg', 'pdf'],
} as const;

/** The file picker's `accept`: extensions and types. */
export const INVOICE_ACCEPT = [...INVOICE.extensions.map((e) => `.${e}`), ...INVOICE.mimeTypes].join(',');

/** By declared type or by extension (DECISIONS 2.2). */
export function isInvoiceFile(file: { type: string; name: string }): boolean {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return (
    (INVOICE.mimeTypes as readonly string[]).includes(file.type) ||
    (file.name.includes('.') && (INVOICE.extensions as readonly string[]).includes(extension))
  );
}
