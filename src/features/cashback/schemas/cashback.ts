import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from '@/lib/zod';

export const MAX_INVOICE_BYTES = 5 * 1024 * 1024;
export const INVOICE_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
const INVOICE_EXTENSIONS = /\.(png|jpe?g|pdf)$/i;

export const CASHBACK_MESSAGES = {
  invalidIban: 'Bitte gib eine gültige IBAN ein',
  invalidBic: 'Bitte gib eine gültige BIC ein',
  invoiceRequired: 'Bitte lade eine gültige Datei hoch',
  invoiceType: 'Nur PNG, JPEG oder PDF erlaubt.',
  invoiceSize: 'Datei darf maximal 5MB groß sein.',
  widgetRejected:
    'Upload Fehlgeschlagen: Nur Dateien im Format PNG, JPEG, JPG oder PDF können hochgeladen werden und die Dateigröße darf 5MB nicht überschreiten.',
  codeMax: 'Cashback Code darf maximal 50 Zeichen lang sein',
  invalidCode: 'Ungültiger Cashback-Code',
  codeHint: 'Ungültige Eingabe',
  tax: 'Bitte bestätigen Sie die Korrektur des Vorsteuerabzuges',
  checkFailed: 'Fehler beim Überprüfen des Cashback-Codes',
  checkHelperFailed: 'Cashback Code konnte nicht überprüft werden',
  submitFailed: 'Fehler beim Hochladen der Rechnung',
  uploadFailed: 'Fehler beim Hochladen. Bitte versuchen Sie es erneut.',
  windowClosed: 'Cashback-Codes können derzeit nicht eingelöst werden. Der Einlösezeitraum ist nicht geöffnet.',
  success: 'Ihre Einreichung war erfolgreich!',
} as const;

/** Spaces removed and upper case, as the IBAN is sent. */
export const compactIban = (value: string) => electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();

/** By type or extension: PNG, JPEG/JPG or PDF (DECISIONS 2.2). */
export function isInvoiceType(file: File): boolean {
  return (INVOICE_TYPES as readonly string[]).includes(file.type) || INVOICE_EXTENSIONS.test(file.name);
}

const nameField = (label: string) =>
  z.string().trim().min(2, `${label} muss mindestens 2 Zeichen lang sein`).max(70, `${label} darf maximal 70 Zeichen lang sein`);

/** The cashback form of SPEC section 5; `codePrefix` is the campaign's network short name. */
export function cashbackSchema(codePrefix: string) {
  return z.object({
    firstName: nameField('Vorname'),
    lastName: nameField('Nachname'),
    iban: z
      .string()
      .transform((v) => v.replace(/\s+/g, ''))
      .pipe(
        z
          .string()
          .min(15, 'IBAN muss mindestens 15 Zeichen lang sein')
          .max(35, 'IBAN darf maximal 35 Zeichen lang sein')
          .refine((v) => isValidIBAN(compactIban(v)), CASHBACK_MESSAGES.invalidIban),
      ),
    bic: z
      .string()
      .trim()
      .min(8, 'BIC muss mindestens 8 Zeichen lang sein')
      .max(11, 'BIC darf maximal 11 Zeichen lang sein')
      .regex(/^[A-Za-z]{4}[A-Za-z]{2}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, CASHBACK_MESSAGES.invalidBic),
    invoice: z
      .custom<File>((v) => v instanceof File, CASHBACK_MESSAGES.invoiceRequired)
      .refine((f) => isInvoiceType(f), CASHBACK_MESSAGES.invoiceType)
      .refine((f) => f.size <= MAX_INVOICE_BYTES, CASHBACK_MESSAGES.invoiceSize),
    cashbackCode: z
      .string()
      .trim()
      .min(1, CASHBACK_MESSAGES.invalidCode)
      .max(50, CASHBACK_MESSAGES.codeMax)
      .refine((v) => v.toUpperCase().startsWith(`${codePrefix}-`), CASHBACK_MESSAGES.invalidCode),
    declarationSalesTax: z.boolean().refine((v) => v, CASHBACK_MESSAGES.tax),
  });
}
export type CashbackValues = z.infer<ReturnType<typeof cashbackSchema>>;
export type CashbackInput = z.input<ReturnType<typeof cashbackSchema>>;
