import { z } from '@/lib/zod';

import { emailField, newPasswordField, passwordsMatch } from '@/lib/validation';
import { MESSAGES } from '@/rules';

export const INIT_MESSAGES = {
  emailRequired: MESSAGES.emailRequired,
  emailInvalid: MESSAGES.emailInvalid,
  passwordRequired: 'Passwort ist erforderlich.',
  passwordConfirmRequired: MESSAGES.passwordConfirmRequired,
  passwordMismatch: MESSAGES.passwordMismatch,
  termsRequired: MESSAGES.termsRequired,
} as const;

/** The registration form of SPEC section 5 (wizard state init). */
export const initSchema = z
  .object({
    email: emailField({ required: INIT_MESSAGES.emailRequired, invalid: INIT_MESSAGES.emailInvalid }),
    password: newPasswordField(INIT_MESSAGES.passwordRequired),
    passwordConfirm: z.string().min(1, INIT_MESSAGES.passwordConfirmRequired),
    termsAccepted: z.boolean().refine((v) => v, INIT_MESSAGES.termsRequired),
  })
  .superRefine(passwordsMatch(INIT_MESSAGES.passwordMismatch));

export type InitValues = z.infer<typeof initSchema>;

/**
 * The password asked again after a reload (DECISIONS 2.3), once: it was confirmed when it was
 * chosen, and a newcomer found being asked twice again tiresome (issue 58).
 */
export const passwordAgainSchema = z.object({ password: newPasswordField(INIT_MESSAGES.passwordRequired) });
