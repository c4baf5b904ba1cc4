import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { forgotPasswordSchema, loginSchema, resetPasswordSchema } from './auth';

function firstMessages(schema: z.ZodType, data: unknown) {
  const result = schema.safeParse(data);
  if (result.success) return {};
  return Object.fromEntries([...result.error.issues].reverse().map((i) => [i.path.join('.'), i.message]));
}

describe('the login schema', () => {
  it('requires e-mail and password with SPEC messages', () => {
    expect(firstMessages(loginSchema, { email: '', password: '' })).toEqual({
      email: 'E-Mail-Adresse ist erforderlich',
      password: 'Passwort ist erforderlich',
    });
  });

  it('checks the e-mail format', () => {
    expect(firstMessages(loginSchema, { email: 'werkstatt@', password: 'x' }).email).toBe('Ungültiges E-Mail-Format');
    expect(loginSchema.safeParse({ email: ' werkstatt@example.de ', password: 'x' }).success).toBe(true);
  });
});

describe('the forgot-password schema', () => {
  it('requires a well-formed e-mail', () => {
    expect(firstMessages(forgotPasswordSchema, { email: '' }).email).toBe('E-Mail-Adresse ist erforderlich');
    expect(firstMessages(forgotPasswordSchema, { email: 'nope' }).email).toBe('Ungültiges E-Mail-Format');
  });
});

describe('the reset-password schema', () => {
  it('needs 8 characters in both fields', () => {
    expect(firstMessages(resetPasswordSchema, { password: 'kurz', passwordConfirm: 'kurz' })).toEqual({
      password: 'Passwort muss mindestens 8 Zeichen lang sein',
      passwordConfirm: 'Passwort muss mindestens 8 Zeichen lang sein',
    });
  });

  it('reports a mismatch on the confirmation field', () => {
    expect(firstMessages(resetPasswordSchema, { password: 'neues-passwort', passwordConfirm: 'anderes-passwort' })).toEqual({
      passwordConfirm: 'Passwörter stimmen nicht überein',
    });
  });

  it('accepts two equal passwords', () => {
    expect(resetPasswordSchema.safeParse({ password: 'neues-passwort', passwordConfirm: 'neues-passwort' }).success).toBe(true);
  });
});
