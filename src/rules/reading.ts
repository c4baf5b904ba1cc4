// Reading invoices on arrival (issue 61, decision 063): the reader's bounds, the fields it
// reads, the states of a submission's reading and every German word the review shows about it.
// Used by the reader process (scripts/reader), the hooks (pb_hooks/lib/invoice-reading.js) and
// the review screen alike.

/** The fields read from an invoice, in the order the review shows them. */
export const READ_FIELDS = ['invoiceDate', 'invoiceNumber', 'gross', 'net', 'seller', 'buyer'] as const;
export type ReadField = (typeof READ_FIELDS)[number];

export const READING_STATES = ['waiting', 'reading', 'read', 'failed'] as const;
export type ReadingState = (typeof READING_STATES)[number];

export const READING = {
  /** Pages read of one invoice; later pages are left (a campaign invoice is one or two pages). */
  maxPages: 4,
  /** CPU seconds for one page (text layer, rendering and recognition together) before the reading stops. */
  pageSeconds: 30,
  /** An image (or a rendered page) larger than this is refused before it is decoded. */
  maxPixels: 25_000_000,
  /** A PDF page is rendered at this resolution for recognition (a scan's text is about 10 pt). */
  renderDpi: 200,
  /** A reading that ends without a result (the reader killed) is tried this often. */
  maxAttempts: 3,
  /** A reading not answered within this time is claimed again (the reader died without a restart). */
  leaseSeconds: 300,
  /** Below this confidence (0–100) a field counts as not read: it raises 'unreadable', never clears a signal. */
  minConfidence: 70,
  /** The fields whose absence or doubt makes an invoice 'unreadable'. */
  keyFields: ['invoiceDate', 'invoiceNumber', 'gross'] as readonly ReadField[],
  /**
   * A PDF page with fewer characters than this in its text layer is recognised as an image (so is
   * one with fewer than 200 and neither an invoice number nor date: a scan with a stamp as text).
   */
  minTextChars: 10,
  /** The full text kept of an invoice. */
  maxTextChars: 20_000,
  fieldLabels: {
    invoiceDate: 'Rechnungsdatum',
    invoiceNumber: 'Rechnungsnummer',
    gross: 'Bruttobetrag',
    net: 'Nettobetrag',
    seller: 'Verkäufer',
    buyer: 'Käufer',
  } satisfies Record<ReadField, string>,
  stateLabels: {
    waiting: 'Wartet aufs Lesen',
    reading: 'Wird gelesen …',
    read: 'Gelesen',
    failed: 'Nicht lesbar',
  } satisfies Record<ReadingState, string>,
  kindLabels: {
    text: 'Textebene des PDF',
    ocr: 'Texterkennung (Scan oder Foto)',
  } as Record<string, string>,
  /** Why a reading failed, as the auditor reads it. */
  reasons: {
    damaged: 'Die Datei ist beschädigt oder kein lesbares PDF oder Bild.',
    tooLarge: 'Das Bild ist zu groß (mehr als 25 Megapixel).',
    timeout: 'Das Lesen hat zu lange gedauert.',
    aborted: 'Das Lesen wurde dreimal abgebrochen.',
    encrypted: 'Das PDF ist verschlüsselt.',
  },
  messages: {
    /** A correction of a read field that is empty or too long. */
    correctionValue: 'Bitte geben Sie den richtigen Wert ein (eine Rechnungsnummer hat höchstens 40 Zeichen).',
    correctionField: 'Dieses Feld gibt es nicht.',
    correctionDate: 'Bitte geben Sie das Rechnungsdatum als TT.MM.JJJJ ein.',
    correctionAmount: 'Bitte geben Sie den Betrag in Euro ein, z. B. 546,61.',
    /** A reader's result for an attempt that is no longer the one in progress (the reader was restarted). */
    stale: 'Dieses Lesen ist nicht mehr an der Reihe.',
  },
} as const;

/** The fields an auditor may correct (seller and buyer are matched, not typed). */
export const CORRECTABLE_FIELDS = ['invoiceDate', 'invoiceNumber', 'gross', 'net'] as const satisfies readonly ReadField[];

/**
 * An auditor's correction of a read field in the form the server stores: a date 'TT.MM.JJJJ' as
 * YYYY-MM-DD, an amount '1.234,56' as '1234.56' (at most 1,000,000 EUR), a number in capitals
 * (at most 40 characters). `{ error }` with the German message when it is not one.
 */
export function correctedValue(field: string, raw: string): { value: string; error?: undefined } | { value?: undefined; error: string } {
  const m = READING.messages;
  if (!(CORRECTABLE_FIELDS as readonly string[]).includes(field)) return { error: m.correctionField };
  const text = String(raw ?? '').trim();
  // eslint-disable-next-line no-control-regex
  if (!text || text.length > 200 || /[\u0000-\u001f\u007f-\u009f]/.test(text)) return { error: m.correctionValue };
  if (field === 'invoiceDate') {
    const d = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
    if (!d) return { error: m.correctionDate };
    const iso = `${d[3]}-${d[2]!.padStart(2, '0')}-${d[1]!.padStart(2, '0')}`;
    const check = new Date(`${iso}T12:00:00Z`);
    return !Number.isNaN(check.getTime()) && check.toISOString().slice(0, 10) === iso ? { value: iso } : { error: m.correctionDate };
  }
  if (field === 'gross' || field === 'net') {
    if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(text)) return { error: m.correctionAmount };
    const euros = Number(text.replace(/\./g, '').replace(',', '.'));
    return euros > 1_000_000 ? { error: m.correctionAmount } : { value: euros.toFixed(2) };
  }
  return text.length > 40 ? { error: m.correctionValue } : { value: text.toUpperCase() };
}

/** The signals the reading raises, in German for the auditor. */
export const READING_SIGNALS = {
  failed: (reason: string) => `Die Rechnung konnte nicht gelesen werden: ${reason} Bitte selbst prüfen.`,
  unreadable: (labels: string[]) => `Nicht sicher gelesen: ${labels.join(', ')}. Bitte selbst prüfen.`,
  seller: 'Als Verkäufer ist keine der Servicestellen der Werkstatt zu erkennen.',
  buyer: 'Als Käufer ist die Werkstatt weder mit Namen noch mit Kundennummer zu erkennen.',
} as const;

/** A field as the reader found it: its value, its confidence (0–100), where it stood. */
export interface ReadValue {
  value: string;
  confidence: number;
  /** 1-based page and the box as fractions of the page (x0, y0, x1, y1), when the field was found. */
  page?: number;
  box?: [number, number, number, number];
  /** seller and buyer: whether the value is the workshop's centre or the workshop itself. */
  match?: boolean;
}

/** Whether a read field is there and sure enough to be trusted. */
export function isSure(field: ReadValue | undefined | null): boolean {
  return Boolean(field && field.value && field.confidence >= READING.minConfidence);
}

/** '83 %'. */
export function confidenceLabel(confidence: number): string {
  return `${Math.round(Math.max(0, Math.min(100, confidence)))} %`;
}
