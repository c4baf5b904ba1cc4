import { z } from '@/lib/zod';

import { PASSWORD_MIN_MESSAGE, emailField, newPasswordField, passwordsMatch } from '@/lib/validation';

const loginEmail = () => z.string().trim().min(1, 'E-Mail-Adresse ist erforderlich').email('Ungültiges E-Mail-Format');

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
  email: emailField({ required: 'E-Mail-Adresse ist erforderlich', invalid: 'Ungültiges E-Mail-Format' }),
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
