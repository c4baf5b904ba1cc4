import { describe, expect, it } from 'vitest';

import { INIT_MESSAGES } from './init';
import { lazyInitResolver } from './init-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof lazyInitResolver>[2];

describe('the init form’s lazy resolver', () => {
  it('loads the schema on the first check and answers with its German messages, then the values', async () => {
    const refused = await lazyInitResolver(
      { email: 'keine-mail', password: 'geheim-123', passwordConfirm: 'x', termsAccepted: false },
      undefined,
      options,
    );
    expect(refused.errors.email?.message).toBe(INIT_MESSAGES.emailInvalid);
    expect(refused.errors.passwordConfirm?.message).toBe(INIT_MESSAGES.passwordMismatch);
    expect(refused.errors.termsAccepted?.message).toBe(INIT_MESSAGES.termsRequired);
    const valid = { email: 'werkstatt@example.de', password: 'geheim-123', passwordConfirm: 'geheim-123', termsAccepted: true };
    expect(await lazyInitResolver(valid, undefined, options)).toEqual({ values: valid, errors: {} });
  });
});
