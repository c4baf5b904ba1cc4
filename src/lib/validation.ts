import { z } from '@/lib/zod';

import { EMAIL_PATTERN, LIMITS, MESSAGES, phoneProblem, TEXT_RULES, textProblem, zipProblem, type TextRule } from '@/rules';

// zod schemas over the rulebook (src/rules): the limits and German messages live there and
// serve the hooks too; here they become form fields.
export { LIMITS };

export const PASSWORD_MIN_MESSAGE = MESSAGES.passwordMin;
export const PASSWORD_MAX_MESSAGE = MESSAGES.passwordMax;
export const EMAIL_MAX_MESSAGE = MESSAGES.emailMax;
export const ZIP_MESSAGE = MESSAGES.zip;
export const PHONE_MAX_MESSAGE = MESSAGES.phoneMax;

/** The login form's wording for an address (also the password-reset and verification-mail forms). */
export const LOGIN_EMAIL_MESSAGES = { required: 'E-Mail-Adresse ist erforderlich', invalid: 'Ungültiges E-Mail-Format' } as const;

/** A required e-mail with the given German messages (the forms word them differently). */
export function emailField(messages: { required: string; invalid: string }) {
  return z.string().trim().min(1, messages.required).regex(EMAIL_PATTERN, messages.invalid).max(LIMITS.emailMax, EMAIL_MAX_MESSAGE);
}

/** A refinement putting `message` on passwordConfirm when it is filled in and differs from password. */
export function passwordsMatch(message: string) {
  return (data: { password: string; passwordConfirm: string }, ctx: z.RefinementCtx) => {
    if (data.passwordConfirm && data.password !== data.passwordConfirm)
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message });
  };
}

/** A new password of 8 to 71 characters. */
export function newPasswordField(requiredMessage: string = PASSWORD_MIN_MESSAGE) {
  return z.string().min(1, requiredMessage).min(LIMITS.passwordMin, PASSWORD_MIN_MESSAGE).max(LIMITS.passwordMax, PASSWORD_MAX_MESSAGE);
}

/** A problem-returning rule as a zod refinement (one message, the rule's). */
export function checked(problem: (value: string) => string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

/** A text field of the rulebook: trimmed, with its German messages. */
export function textField(rule: TextRule) {
  return z
    .string()
    .trim()
    .superRefine(checked((v) => textProblem(v, rule)));
}

export const fields = {
  firstName: () => textField(TEXT_RULES.firstName),
  lastName: () => textField(TEXT_RULES.lastName),
  shopName: () => textField(TEXT_RULES.shopName),
  address: () => textField(TEXT_RULES.address),
  streetNumber: () => textField(TEXT_RULES.streetNumber),
  city: () => textField(TEXT_RULES.city),
  zipCode: () => z.string().trim().superRefine(checked(zipProblem)),
  /** Optional; when given, SPEC's character rules apply. */
  phone: () => z.string().trim().superRefine(checked(phoneProblem)),
};
