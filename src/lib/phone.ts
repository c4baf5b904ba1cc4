// Phone helpers of SPEC section 5, used by the wizard and the profile.

/** Surrounding and inner spaces, round brackets and hyphens removed. */
function clean(value: string): string {
  return value.trim().replace(/[\s()-]/g, '');
}

/**
 * '+49 30 1234' and '0049 (030) 1234' become '0049301234': German numbers in
 * international form get 0049 and a national part starting with 0. Others are only
 * cleaned; an empty value yields undefined.
 */
export function normalizePhone(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const cleaned = clean(value);
  if (!cleaned) return undefined;
  const international = cleaned.match(/^(?:\+49|0049)(.*)$/);
  if (!international) return cleaned;
  const national = international[1]!;
  return `0049${national.startsWith('0') ? national : `0${national}`}`;
}

export const PHONE_MESSAGES = {
  characters: 'Telefonnummer kann nur Ziffern, +, Leerzeichen, - und () enthalten',
  digit: 'Telefonnummer muss mindestens eine Ziffer enthalten',
  plus: 'Das + ist nur einmal und nur am Anfang erlaubt',
} as const;

/** Why a phone number is invalid, or null when it is valid (an empty value is valid). */
export function phoneProblem(value: string | null | undefined): string | null {
  if (!value || !value.trim()) return null;
  const v = value.trim();
  if (!/^[0-9+ ()-]+$/.test(v)) return PHONE_MESSAGES.characters;
  if (!/[0-9]/.test(v)) return PHONE_MESSAGES.digit;
  if ((v.match(/\+/g) ?? []).length > 1 || (v.includes('+') && !v.startsWith('+'))) return PHONE_MESSAGES.plus;
  return null;
}

export const isValidPhone = (value: string | null | undefined) => phoneProblem(value) === null;
