import { z } from '@/lib/zod';

import { phoneProblem } from '@/lib/phone';

// Field limits of SPEC section 9, shared by every form. The server hooks enforce the same numbers.
export const LIMITS = {
  emailMax: 120,
  passwordMin: 8,
  // bcrypt reads 72 bytes; see docs/decisions/001-password-length.md.
  passwordMax: 71,
  nameMin: 2,
  nameMax: 70,
  longTextMin: 2,
  longTextMax: 200,
  streetNumberMax: 10,
  phoneMax: 20,
  customerNumberMax: 30,
} as const;

export const PASSWORD_MIN_MESSAGE = `Passwort muss mindestens ${LIMITS.passwordMin} Zeichen lang sein`;
export const PASSWORD_MAX_MESSAGE = `Passwort darf maximal ${LIMITS.passwordMax} Zeichen lang sein`;
export const EMAIL_MAX_MESSAGE = `E-Mail darf maximal ${LIMITS.emailMax} Zeichen lang sein`;

/** A required e-mail with the given German messages (the forms word them differently). */
export function emailField(messages: { required: string; invalid: string }) {
  return z.string().trim().min(1, messages.required).email(messages.invalid).max(LIMITS.emailMax, EMAIL_MAX_MESSAGE);
}

/** A refinement putting `message` on passwordConfirm when it is filled in and differs from password. */
export function passwordsMatch(message: string) {
  return (data: { password: string; passwordConfirm: string }, ctx: z.RefinementCtx) => {
    if (data.passwordConfirm && data.password !== data.passwordConfirm)
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message });
  };
}

/** A new password of 8 to 71 characters. */
export function newPasswordField(requiredMessage = PASSWORD_MIN_MESSAGE) {
  return z.string().min(1, requiredMessage).min(LIMITS.passwordMin, PASSWORD_MIN_MESSAGE).max(LIMITS.passwordMax, PASSWORD_MAX_MESSAGE);
}

/** A required text of min to max characters (surrounding spaces do not count), with German messages. */
export function textField(label: string, min: number, max: number) {
  const minMessage = min === 1 ? `${label} ist erforderlich` : `${label} muss mindestens ${min} Zeichen lang sein`;
  return z
    .string()
    .trim()
    .min(1, min === 1 ? minMessage : `${label} ist erforderlich`)
    .min(min, minMessage)
    .max(max, `${label} darf maximal ${max} Zeichen lang sein`);
}

export const ZIP_MESSAGE = 'PLZ muss 5 Ziffern enthalten';
export const PHONE_MAX_MESSAGE = `Telefonnummer darf maximal ${LIMITS.phoneMax} Zeichen lang sein`;

export const fields = {
  firstName: () => textField('Vorname', LIMITS.nameMin, LIMITS.nameMax),
  lastName: () => textField('Nachname', LIMITS.nameMin, LIMITS.nameMax),
  shopName: () => textField('Werkstattname', LIMITS.longTextMin, LIMITS.longTextMax),
  address: () => textField('Straße', LIMITS.longTextMin, LIMITS.longTextMax),
  streetNumber: () => textField('Hausnummer', 1, LIMITS.streetNumberMax),
  city: () => textField('Ort', LIMITS.nameMin, LIMITS.nameMax),
  zipCode: () =>
    z
      .string()
      .trim()
      .regex(/^\d{5}$/, ZIP_MESSAGE),
  /** Optional; when given, SPEC's character rules apply. */
  phone: () =>
    z
      .string()
      .trim()
      .max(LIMITS.phoneMax, PHONE_MAX_MESSAGE)
      .superRefine((value, ctx) => {
        const problem = phoneProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
};
