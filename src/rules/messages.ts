// The rulebook's limits and German messages (SPEC sections 5, 8 and 9), re-exported by index.ts.

/**
 * The longest id in the portal's data: a customer number, and each of user, bnr, knr and gpnr
 * in the staff's CSV files.
 */
const ID_MAX = 30;

/** An invoice: at most 5 MB (binary megabytes, as PocketBase's field checks them). */
const INVOICE_MAX_MB = 5;

/** SPEC section 9. */
export const LIMITS = {
  emailMax: 120,
  passwordMin: 8,
  // bcrypt reads 72 bytes; see docs/decisions/001-password-length.md.
  passwordMax: 71,
  nameMin: 2,
  nameMax: 70,
  longTextMin: 2,
  longTextMax: 200,
  streetNumberMin: 1,
  streetNumberMax: 10,
  phoneMax: 20,
  customerNumberMax: ID_MAX,
  idMax: ID_MAX,
  ibanMin: 15,
  ibanMax: 35,
  bicMin: 8,
  bicMax: 11,
  codeMax: 50,
  invoiceMaxMb: INVOICE_MAX_MB,
  invoiceMaxBytes: INVOICE_MAX_MB * 1024 * 1024,
  /** A staff member's reason or note (an action in the back office, a verdict's note, a correction). */
  reasonMax: 1000,
  /** The words of a staff search (the workshop search). */
  searchMax: 100,
} as const;

/**
 * A whole number with German thousands dots ('50.000'), written out: PocketBase's JS runtime has
 * no German number formatting, and the hooks print the same messages as the SPA.
 */
export function germanCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export const MESSAGES = {
  searchTooLong: `Bitte geben Sie höchstens ${LIMITS.searchMax} Zeichen ein.`,
  required: (label: string) => `${label} ist erforderlich`,
  tooShort: (label: string, min: number) => `${label} muss mindestens ${min} Zeichen lang sein`,
  tooLong: (label: string, max: number) => `${label} darf maximal ${max} Zeichen lang sein`,
  zip: 'PLZ muss 5 Ziffern enthalten',
  phoneMax: `Telefonnummer darf maximal ${LIMITS.phoneMax} Zeichen lang sein`,
  phoneCharacters: 'Telefonnummer kann nur Ziffern, +, Leerzeichen, - und () enthalten',
  phoneDigit: 'Telefonnummer muss mindestens eine Ziffer enthalten',
  phonePlus: 'Das + ist nur einmal und nur am Anfang erlaubt',
  emailMax: `E-Mail darf maximal ${LIMITS.emailMax} Zeichen lang sein`,
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  emailInUse:
    'Diese E-Mail-Adresse wird bereits verwendet. Bitte wählen Sie eine andere E-Mail-Adresse oder melden Sie sich an, wenn Sie bereits ein Konto haben.',
  passwordMismatch: 'Passwörter stimmen nicht überein.',
  emailRequired: 'E-Mail ist erforderlich.',
  passwordConfirmRequired: 'Passwortbestätigung ist erforderlich.',
  /** Changing the password or the e-mail address while signed in (issue 35). */
  currentPasswordWrong: 'Das aktuelle Passwort ist nicht korrekt.',
  currentPasswordRequired: 'Bitte geben Sie Ihr aktuelles Passwort ein.',
  passwordUnchanged: 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  emailUnchanged: 'Das ist bereits die E-Mail-Adresse Ihres Kontos.',
  termsRequired: 'Sie müssen die AGBs akzeptieren, um fortzufahren.',
  passwordMin: `Passwort muss mindestens ${LIMITS.passwordMin} Zeichen lang sein`,
  passwordMax: `Passwort darf maximal ${LIMITS.passwordMax} Zeichen lang sein`,
  ibanMin: `IBAN muss mindestens ${LIMITS.ibanMin} Zeichen lang sein`,
  ibanMax: `IBAN darf maximal ${LIMITS.ibanMax} Zeichen lang sein`,
  iban: 'Bitte gib eine gültige IBAN ein',
  bicMin: `BIC muss mindestens ${LIMITS.bicMin} Zeichen lang sein`,
  bicMax: `BIC darf maximal ${LIMITS.bicMax} Zeichen lang sein`,
  bic: 'Bitte gib eine gültige BIC ein',
  /** Payouts go by SEPA credit transfer: an IBAN of a country outside the SEPA scheme cannot be paid. */
  ibanNotSepa: 'Auszahlungen sind nur auf Konten im SEPA-Raum möglich. Bitte geben Sie eine IBAN aus einem SEPA-Land an.',
  /** An account holder's name goes into the SEPA file in the EPC's basic Latin set (rules/sepa.ts). */
  sepaCharacters: (shown: string) =>
    `Für die Überweisung sind nur lateinische Buchstaben, Ziffern und die Zeichen / - ? : ( ) . , ' + möglich (Umlaute und Akzente werden umgeschrieben). Nicht möglich: ${shown}.`,
  sepaEmpty: 'Der Name muss mindestens einen Buchstaben oder eine Ziffer enthalten.',
  customerNumberRequired: 'Kundennummer ist erforderlich',
  customerNumberMax: `Kundennummer darf maximal ${LIMITS.customerNumberMax} Zeichen lang sein`,
  customerNumberChars: 'Nur Buchstaben und Zahlen sind erlaubt',
  /** A business partner number as the back office corrects it. */
  gpnr: `Die Geschäftspartnernummer darf höchstens ${ID_MAX} Buchstaben und Ziffern haben.`,
  /** Said under a customer number when typing left characters out (issue 35: never silently). */
  customerNumberCleaned: 'Nur Buchstaben und Ziffern: Bindestriche, Leerzeichen und andere Zeichen wurden weggelassen.',
  /** The registration requires a centre; the profile keeps at least one (issue 35). */
  lastCentre: 'Mindestens ein Leistungszentrum muss verknüpft bleiben. Fügen Sie zuerst ein anderes hinzu, bevor Sie das letzte entfernen.',
  codeMax: `Cashback Code darf maximal ${LIMITS.codeMax} Zeichen lang sein`,
  code: 'Ungültiger Cashback-Code',
  /** The workshop's own code, already submitted and in the audit (issue 35). */
  codeInReview: 'Dieser Cashback-Code wurde bereits eingereicht und wird gerade geprüft. Den Stand sehen Sie in Ihrem Profil.',
  /** The workshop's own code, already redeemed. */
  codeRedeemed: 'Dieser Cashback-Code wurde bereits eingelöst.',
  /** Above the cashback form when the workshop has no open code (issue 35). */
  noOpenCode:
    'Sie haben gerade keinen offenen Cashback-Code. Sobald Ihre Einkäufe einen neuen Code ergeben, erhalten Sie ihn per E-Mail und sehen ihn in Ihrem Profil.',
  control: 'Dieses Feld darf keine Zeilenumbrüche, Tabulatoren oder Steuerzeichen enthalten.',
  /** Redeeming before the campaign's redeem window opens (the server's refusal; after it: redeemWindowEnded). */
  redeemWindowClosed: 'Cashback-Codes können derzeit nicht eingelöst werden. Der Einlösezeitraum ist nicht geöffnet.',
  /** A code whose own campaign's redeem window has ended (another campaign's may be open; decision 071). */
  redeemWindowEnded: (day: string) => `Die Einlösefrist für diesen Cashback-Code ist am ${day} abgelaufen.`,
  /** The invoice is missing or not a file the server accepts. */
  invoiceFile: 'Bitte lade eine gültige Datei hoch',
  /** The invoice's type and size as the cashback form checks them (SPEC section 8). */
  invoiceType: 'Nur PNG, JPEG oder PDF erlaubt.',
  invoiceSize: `Datei darf maximal ${INVOICE_MAX_MB}MB groß sein.`,
  invoiceRejected: `Upload Fehlgeschlagen: Nur Dateien im Format PNG, JPEG, JPG oder PDF können hochgeladen werden und die Dateigröße darf ${INVOICE_MAX_MB}MB nicht überschreiten.`,
  /** Under the invoice picker and in the FAQ. */
  invoiceHint: `PNG, JPEG, JPG oder PDF, höchstens ${INVOICE_MAX_MB} MB`,
  /** 'Meine Daten herunterladen' (issue 37): one export per workshop every DATA_EXPORT.minutesBetween minutes. */
  exportTooSoon: (minutes: number) =>
    `Sie haben Ihre Daten gerade erst heruntergeladen. Eine neue Zusammenstellung ist in ${minutes === 1 ? 'einer Minute' : `${minutes} Minuten`} möglich.`,
  exportFailed: 'Ihre Daten konnten gerade nicht zusammengestellt werden. Bitte versuchen Sie es später erneut.',
  /** 'Konto löschen' (issue 37). */
  deletionForfeitRequired: (n: number) =>
    `Sie haben noch ${n === 1 ? 'einen offenen Cashback-Code' : `${n} offene Cashback-Codes`}. Bitte bestätigen Sie, dass Sie darauf verzichten, oder lösen Sie ${n === 1 ? 'ihn' : 'sie'} vorher ein.`,
  deletionDeferred:
    'Ihre Löschung ist vorgemerkt. Sie wird automatisch ausgeführt, sobald Ihre Einreichungen geprüft und Ihre Auszahlungen abgeschlossen sind; Sie erhalten dann eine Bestätigung per E-Mail.',
  deletionDone: 'Ihr Konto wurde gelöscht. Eine Bestätigung ist per E-Mail unterwegs.',
  /** A waiting deletion taken back by the workshop (issue 58). */
  deletionWithdrawn: 'Ihre Löschung ist zurückgenommen. Ihr Konto bleibt bestehen, wie es ist.',
  deletionNotWaiting: 'Es ist keine Löschung vorgemerkt.',
  /** An audit file's row held for confirmation (issue 58) that was answered already. */
  heldRowGone: 'Diese Zeile wartet nicht mehr auf eine Bestätigung.',
  heldAnswerRequired: 'Bitte geben Sie an, ob die Zeile übernommen wird.',
  /** Every staff action that changes a workshop's data or money asks why (staff log). */
  reasonRequired: 'Bitte geben Sie einen Grund an.',
  /** Redeeming needs a verified e-mail address (DECISIONS section 7). */
  unverified:
    'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse: Erst dann können Sie Cashback-Codes einlösen. Den Link dazu haben wir Ihnen per E-Mail geschickt.',
  /** A workshop an administrator has blocked (issue 19); the reason stays internal. */
  blocked: (contactEmail: string) =>
    `Deine Werkstatt ist für das Einlösen von Cashback-Codes gesperrt. Bitte wende dich an ${contactEmail}, wenn du Fragen dazu hast.`,
} as const;
