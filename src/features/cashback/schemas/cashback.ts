import { checked, textField } from '@/lib/validation';
import { z } from '@/lib/zod';
import { codeProblem, INVOICE, isInvoiceFile, MESSAGES, TEXT_RULES } from '@/rules';
import { bicProblem, compactIban, ibanProblem } from '@/rules/bank';

export { compactIban };
export const MAX_INVOICE_BYTES = INVOICE.maxBytes;

export const CASHBACK_MESSAGES = {
  invalidIban: MESSAGES.iban,
  invalidBic: MESSAGES.bic,
  invoiceRequired: MESSAGES.invoiceFile,
  invoiceType: MESSAGES.invoiceType,
  invoiceSize: MESSAGES.invoiceSize,
  widgetRejected: MESSAGES.invoiceRejected,
  codeMax: MESSAGES.codeMax,
  invalidCode: MESSAGES.code,
  codeInReview: MESSAGES.codeInReview,
  codeRedeemed: MESSAGES.codeRedeemed,
  noOpenCode: MESSAGES.noOpenCode,
  codeHint: 'Ungültige Eingabe',
  tax: 'Bitte bestätigen Sie die Korrektur des Vorsteuerabzuges',
  checkFailed: 'Fehler beim Überprüfen des Cashback-Codes',
  checkHelperFailed: 'Cashback Code konnte nicht überprüft werden',
  submitFailed: 'Fehler beim Hochladen der Rechnung',
  uploadFailed: 'Fehler beim Hochladen. Bitte versuchen Sie es erneut.',
  success: 'Ihre Einreichung war erfolgreich!',
  leaveWithInvoice:
    'Die ausgewählte Rechnung wird nicht gespeichert und muss dann erneut ausgewählt werden. Code und Bankverbindung bleiben in diesem Tab erhalten. Seite trotzdem verlassen?',
} as const;

/** By type or extension: PNG, JPEG/JPG or PDF (DECISIONS 2.2). */
export const isInvoiceType: (file: File) => boolean = isInvoiceFile;

/** The cashback form of SPEC section 5; `codePrefix` is the campaign's network short name. */
export function cashbackSchema(codePrefix: string) {
  return z.object({
    firstName: textField(TEXT_RULES.ibanFirstName),
    lastName: textField(TEXT_RULES.ibanLastName),
    iban: z
      .string()
      .transform((v) => v.replace(/\s+/g, ''))
      .pipe(z.string().superRefine(checked(ibanProblem))),
    bic: z.string().trim().superRefine(checked(bicProblem)),
    invoice: z
      .custom<File>((v) => v instanceof File, CASHBACK_MESSAGES.invoiceRequired)
      .refine((f) => isInvoiceType(f), CASHBACK_MESSAGES.invoiceType)
      .refine((f) => f.size <= MAX_INVOICE_BYTES, CASHBACK_MESSAGES.invoiceSize),
    cashbackCode: z
      .string()
      .trim()
      .superRefine(checked((v) => codeProblem(v, codePrefix))),
    declarationSalesTax: z.boolean().refine((v) => v, CASHBACK_MESSAGES.tax),
  });
}
export type CashbackValues = z.infer<ReturnType<typeof cashbackSchema>>;
export type CashbackInput = z.input<ReturnType<typeof cashbackSchema>>;
