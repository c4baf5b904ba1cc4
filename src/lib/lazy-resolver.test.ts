import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';

import { lazyZodResolver } from './lazy-resolver';
import { emailField, LOGIN_EMAIL_MESSAGES } from './validation';
import { z } from './zod';

// A login form's schema, built from the shared fields as the login page's is.
const loginSchema = z.object({ email: emailField(LOGIN_EMAIL_MESSAGES), password: z.string().min(1, 'Passwort ist erforderlich') });
type LoginValues = z.infer<typeof loginSchema>;

const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<LoginValues>;

describe('the lazily loaded form resolver', () => {
  it("reports the schema's own German messages, as zodResolver does", async () => {
    const resolve = lazyZodResolver<LoginValues>(async () => loginSchema);
    const bad = await resolve({ email: 'kein-at-zeichen', password: '' }, undefined, OPTIONS);
    expect(bad.errors.email?.message).toBe(LOGIN_EMAIL_MESSAGES.invalid);
    expect(bad.errors.password?.message).toBe('Passwort ist erforderlich');
    const good = await resolve({ email: ' werkstatt@example.de ', password: 'x' }, undefined, OPTIONS);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: 'werkstatt@example.de', password: 'x' });
  });

  it('tries the load again at the next check when the network dropped the first time', async () => {
    let attempts = 0;
    const resolve = lazyZodResolver<LoginValues>(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return loginSchema;
    });
    await expect(resolve({ email: '', password: '' }, undefined, OPTIONS)).rejects.toThrow('Failed to fetch');
    const second = await resolve({ email: '', password: '' }, undefined, OPTIONS);
    expect(second.errors.email).toBeDefined();
    await resolve({ email: 'a@b.de', password: 'x' }, undefined, OPTIONS);
    expect(attempts).toBe(2); // loaded once it worked, not again for every check
  });
});
