import { describe, expect, it } from 'vitest';

import { INIT_MESSAGES, initSchema } from './init';

const valid = { email: 'werkstatt@example.de', password: 'geheim-123', passwordConfirm: 'geheim-123', termsAccepted: true };
const messages = (data: unknown) => {
  const result = initSchema.safeParse(data);
  // The form shows the first message per field.
  return result.success ? {} : Object.fromEntries(result.error.issues.reverse().map((i) => [i.path.join('.'), i.message]));
};

describe('the registration form schema', () => {
  it('accepts a complete form', () => {
    expect(initSchema.safeParse(valid).success).toBe(true);
  });

  it('requires the e-mail and checks its format and length', () => {
    expect(messages({ ...valid, email: '' }).email).toBe(INIT_MESSAGES.emailRequired);
    expect(messages({ ...valid, email: 'keine-mail' }).email).toBe(INIT_MESSAGES.emailInvalid);
    expect(messages({ ...valid, email: `${'a'.repeat(110)}@example.de` }).email).toBe('E-Mail darf maximal 120 Zeichen lang sein');
  });

  it('requires a password of 8 to 71 characters', () => {
    expect(messages({ ...valid, password: '', passwordConfirm: '' }).password).toBe(INIT_MESSAGES.passwordRequired);
    expect(messages({ ...valid, password: 'kurz', passwordConfirm: 'kurz' }).password).toBe('Passwort muss mindestens 8 Zeichen lang sein');
    const long = 'x'.repeat(72);
    expect(messages({ ...valid, password: long, passwordConfirm: long }).password).toBe('Passwort darf maximal 71 Zeichen lang sein');
  });

  it('requires the repetition and says when it differs, on the repetition field', () => {
    expect(messages({ ...valid, passwordConfirm: '' }).passwordConfirm).toBe(INIT_MESSAGES.passwordConfirmRequired);
    expect(messages({ ...valid, passwordConfirm: 'anders-123' }).passwordConfirm).toBe(INIT_MESSAGES.passwordMismatch);
  });

  it('requires the terms to be accepted', () => {
    expect(messages({ ...valid, termsAccepted: false }).termsAccepted).toBe(INIT_MESSAGES.termsRequired);
  });
});
