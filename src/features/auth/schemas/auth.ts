import { z } from '@/lib/zod';

import { LOGIN_EMAIL_MESSAGES, PASSWORD_MIN_MESSAGE, emailField, newPasswordField, passwordsMatch } from '@/lib/validation';
import { EMAIL_PATTERN } from '@/rules';

// Signing in checks the format only: an address longer than new ones may be simply fails to sign in.
const loginEmail = () => z.string().trim().min(1, LOGIN_EMAIL_MESSAGES.required).regex(EMAIL_PATTERN, LOGIN_EMAIL_MESSAGES.invalid);

export const loginSchema = z.object({
  email: loginEmail(),
  password: z.string().min(1, 'Passwort ist erforderlich'),
});
export type LoginValues = z.infer<typeof loginSchema>;

export const otpSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Bestätigungscode ist erforderlich')
    .regex(/^\d{6}$/, 'Der Bestätigungscode hat 6 Ziffern'),
});
export type OtpValues = z.infer<typeof otpSchema>;

export const forgotPasswordSchema = z.object({
  email: emailField(LOGIN_EMAIL_MESSAGES),
});
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const PASSWORD_MISMATCH = 'Passwörter stimmen nicht überein';

export const resetPasswordSchema = z
  .object({
    password: newPasswordField(),
    passwordConfirm: z.string().min(8, PASSWORD_MIN_MESSAGE),
  })
  .superRefine(passwordsMatch(PASSWORD_MISMATCH));
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
