import { z } from '@/lib/zod';

import { emailField, newPasswordField, passwordsMatch } from '@/lib/validation';
import { MESSAGES } from '@/rules';

/** 'E-Mail-Adresse ändern': the registration's wording for an address. */
export const emailChangeSchema = z.object({
  newEmail: emailField({ required: MESSAGES.emailRequired, invalid: MESSAGES.emailInvalid }),
});
export type EmailChangeValues = z.infer<typeof emailChangeSchema>;

/** 'Passwort ändern': the current password, and the new one twice (the rulebook's limits). */
export const passwordChangeSchema = z
  .object({
    oldPassword: z.string().min(1, MESSAGES.currentPasswordRequired),
    password: newPasswordField(),
    passwordConfirm: z.string().min(1, MESSAGES.passwordConfirmRequired),
  })
  .superRefine(passwordsMatch(MESSAGES.passwordMismatch))
  .superRefine((data, ctx) => {
    if (data.oldPassword && data.password && data.oldPassword === data.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.passwordUnchanged });
  });
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

/** 'Meine Daten herunterladen': the current password, as for a password change. */
export const dataExportSchema = z.object({ password: z.string().min(1, MESSAGES.currentPasswordRequired) });
export type DataExportValues = z.infer<typeof dataExportSchema>;
